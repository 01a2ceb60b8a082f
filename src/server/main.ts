import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { createLogger, loadEnvOrExit, onShutdown, openDatabaseOrExit, readVersion } from './boot.ts'
import { createServices } from './services.ts'
import { publicUrl } from './env.ts'
import { startWorkerHeartbeat, type HeartbeatHandle } from './jobs/worker-heartbeat.ts'
import { WEB_DIST_DIR } from './lib/paths.ts'
import { startDispatcherWith } from './notifications/start-dispatcher.ts'
import { startBillingJobs } from './billing/start-billing-jobs.ts'
import { startPriceChecks, type PriceCheckWorker } from './price-checks/start-price-checks.ts'

const env = loadEnvOrExit()
const logger = createLogger(env.LOG_LEVEL)
const database = await openDatabaseOrExit(env, logger)

const services = await createServices(env, database, logger)
const app = createApp({
  db: database.db,
  logger,
  version: readVersion(),
  ...services,
  trustProxy: env.TRUST_PROXY,
  bodyLimitBytes: env.BODY_LIMIT_BYTES,
  httpsOnly: publicUrl(env).startsWith('https://'),
  webDistDir: WEB_DIST_DIR,
  now: () => new Date(),
})

// One PGlite directory admits one process, so the worker lives here; on PostgreSQL it may run
// in its own processes (npm run worker) as well.
const runWorkerHere = database.driver === 'pglite' || env.WORKER_IN_PROCESS
const worker: HeartbeatHandle | null = runWorkerHere ? await startWorkerHeartbeat({ db: database.db, logger }) : null
// Notices go out from wherever the worker runs; the dispatcher polls the outbox table.
const dispatcher = runWorkerHere ? startDispatcherWith(services.notifications, { db: database.db, logger, pollMs: env.NOTIFICATION_POLL_MS, leaseMs: env.NOTIFICATION_LEASE_SECONDS * 1000 }) : null
const priceChecks: PriceCheckWorker | null = runWorkerHere
  ? startPriceChecks({
      db: database.db,
      now: () => new Date(),
      provider: services.flightProvider,
      logger,
      // Leases name the worker by its heartbeat id, as in worker.ts.
      config: { ...services.priceCheckConfig, workerId: worker?.workerId ?? services.priceCheckConfig.workerId },
      onNotificationsQueued: services.notifications.outboxSignal.notify,
    })
  : null

const billingJobs = runWorkerHere ? startBillingJobs({ ...services, db: database.db, logger, now: () => new Date() }) : null

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info({ port: info.port, host: env.HOST, url: publicUrl(env), worker: runWorkerHere }, 'FareDrop is listening')
})
server.on('error', (err: NodeJS.ErrnoException) => {
  logger.fatal({ err }, err.code === 'EADDRINUSE' ? `Port ${env.PORT} is already in use; set PORT to another one.` : 'server error')
  void database.close().finally(() => process.exit(1))
})

onShutdown(logger, async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await Promise.allSettled(services.pendingEmails)
  // The cycle in flight finishes its write; unstarted groups go back to the queue (or their lease ends).
  await priceChecks?.stop()
  await dispatcher?.stop()
  await billingJobs?.stop()
  await worker?.stop()
  await database.close()
  logger.info('stopped cleanly')
})
