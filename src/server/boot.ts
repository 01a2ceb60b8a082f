import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { removeAllUnfinishedSignUps } from './auth/unfinished-sign-up.ts'
import { openDatabase, type Database } from './db/client.ts'
import { parseEnv, EnvError, type Env } from './env.ts'
import { releaseOrphanedLeases } from './jobs/release-orphaned-leases.ts'
import { createLogger, type Logger } from './lib/logger.ts'
import { PROJECT_ROOT } from './lib/paths.ts'

/** Start-up steps shared by the web process (main.ts) and the worker-only process (worker.ts). */

/** Reads ./.env (if any) into process.env without overriding what is already set; tests opt out. */
function loadDotEnv() {
  if (process.env.NODE_ENV === 'test' || !existsSync('.env')) return
  process.loadEnvFile('.env')
}

export function loadEnvOrExit(): Env {
  loadDotEnv()
  try {
    return parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`FareDrop cannot start. ${error.message}\nSee .env.example for every variable.\n`)
      process.exit(1)
    }
    throw error
  }
}

export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
  return pkg.version
}

export async function openDatabaseOrExit(env: Env, logger: Logger): Promise<Database> {
  try {
    const database = env.DATABASE_URL
      ? await openDatabase({
          driver: 'postgres',
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          onError: (err) => logger.warn({ err }, 'idle database connection lost; it will be replaced'),
        })
      : await openDatabase({ driver: 'pglite', dataDir: path.resolve(env.DATA_DIR) })
    if (database.driver === 'pglite') {
      // This process holds the data directory alone: leases in it belong to a process that died.
      const released = await releaseOrphanedLeases(database.db)
      if (released.alerts + released.notifications > 0) {
        logger.warn({ releasedLeases: released }, 'released leases left by a process that stopped without finishing')
      }
      // Nor is any sign-up in flight: a user left without a password by a crash mid-sign-up goes.
      const unfinished = await removeAllUnfinishedSignUps(database.db)
      if (unfinished > 0) logger.warn({ unfinished }, 'removed sign-ups a crash cut short')
    }
    logger.info({ driver: database.driver }, 'database ready')
    return database
  } catch (error) {
    logger.fatal({ err: error }, (error as Error).message)
    process.stderr.write(`FareDrop cannot start: ${(error as Error).message}\n`)
    process.exit(1)
  }
}

/** Runs `stop` once on SIGTERM/SIGINT, then exits; a second signal or a 10 s hang forces the exit. */
export function onShutdown(logger: Logger, stop: () => Promise<void>) {
  let stopping = false
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1)
    stopping = true
    logger.info({ signal }, 'shutting down')
    setTimeout(() => {
      logger.error('shutdown took too long; exiting')
      process.exit(1)
    }, 10_000).unref()
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', handler)
  process.on('SIGINT', handler)
}

export { createLogger }
