import { createLogger, loadEnvOrExit, onShutdown, openDatabaseOrExit } from './boot.ts'
import { startWorkerHeartbeat } from './jobs/worker-heartbeat.ts'

/**
 * Worker-only process (`npm run worker`) for PostgreSQL deployments: start as many as needed
 * beside the web processes. With PGlite the worker already runs inside `npm start`.
 */
const env = loadEnvOrExit()
const logger = createLogger(env.LOG_LEVEL)
if (!env.DATABASE_URL) {
  logger.warn('No DATABASE_URL: a separate worker needs PostgreSQL. With PGlite, `npm start` runs the worker itself.')
}
const database = await openDatabaseOrExit(env, logger)
const heartbeat = await startWorkerHeartbeat({ db: database.db, logger })
logger.info({ workerId: heartbeat.workerId, driver: database.driver }, 'worker started')

onShutdown(logger, async () => {
  await heartbeat.stop()
  await database.close()
})
