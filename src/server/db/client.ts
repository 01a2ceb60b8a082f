import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../lib/paths.ts'
import { listenToChanges } from './change-feed.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { createPglite } from './pglite-client.ts'
import * as schema from './schema.ts'
import { withTimeout } from '#shared/timeout.ts'

export type Schema = typeof schema
/** What every query function receives: the same Drizzle API over PGlite or PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type DbDriver = 'pglite' | 'postgres'

export interface Database {
  db: Db
  driver: DbDriver
  close(): Promise<void>
}

export type DatabaseConfig =
  /**
   * `onError`: an idle pooled connection failed (server restart, admin kill); the pool replaces it.
   * `connectTimeoutMs`: longest wait for a connection (a new one, or a free one from a busy pool).
   */
  | { driver: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number; onError?: (error: Error) => void }
  | { driver: 'pglite'; dataDir: string }
  /** A PGlite in memory: tests that need a throwaway database. */
  | { driver: 'pglite-memory' }

/** Arbitrary constant identifying the migration advisory lock across app and worker processes. */
const MIGRATION_LOCK_ID = 727_001

/**
 * How long a query waits for a connection before it fails (503 to an API client). Without it a
 * query waits forever for a server that doesn't answer or a pool whose connections are all stuck.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000

/**
 * Opens the database and applies pending migrations. On PostgreSQL several processes may start
 * at once, so migrations run under an advisory lock; on PGlite the data directory lock already
 * guarantees a single process.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? 10,
      connectionTimeoutMillis: config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // TCP keepalive: a peer that vanished without closing the socket is noticed by the kernel.
      keepAlive: true,
    })
    // Without a listener an idle connection's error would crash the process.
    pool.on('error', (error) => config.onError?.(error))
    // Nor may a checked-out connection's (a transaction's, when the server stops mid-way): the query
    // in flight rejects with the error anyway, and the pool drops the broken connection on release.
    pool.on('connect', (client) => client.on('error', () => {}))
    const client = await pool.connect()
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
      client.release()
    }
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      driver: 'postgres',
      close: () => pool.end(),
    }
  }

  const lock = config.driver === 'pglite' ? lockDataDir(config.dataDir) : null
  try {
    const client =
      config.driver === 'pglite' ? await createPglite(path.join(config.dataDir, 'pglite')) : await createPglite()
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR })
    await listenToChanges(client, db as unknown as Db)
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      close: async () => {
        await client.close()
        lock?.release()
      },
    }
  } catch (error) {
    lock?.release()
    throw error
  }
}

let expectedMigrations: number | undefined

/** True when the database answers and every migration in the repo has been applied. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  expectedMigrations ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length
  const result = await db.execute(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`)
  const rows = (result as unknown as { rows: { count: number }[] }).rows
  return Number(rows[0]?.count ?? 0) >= expectedMigrations
}

/** Longest a health check or probe waits for the database: it must answer, not hang. */
export const PROBE_TIMEOUT_MS = 2_000

/** True when the database answers a trivial query within `timeoutMs`. */
export async function databaseAnswers(db: Db, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    await withTimeout(() => db.execute(sql`select 1`), timeoutMs)
    return true
  } catch {
    return false
  }
}
