import { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { createLogger, loadEnvOrExit, onShutdown, openDatabaseOrExit, readVersion } from './boot.ts'
import { mailboxLink } from './dev/outbox-key.ts'
import { createServices } from './services.ts'
import { publicUrl } from './env.ts'
import { startWorker, type WorkerHandle } from './start-worker.ts'
import { systemClock } from './lib/clock.ts'
import { WEB_DIST_DIR } from './lib/paths.ts'

/** How long an idle keep-alive connection is kept open (see below). */
const KEEP_ALIVE_MS = 65_000

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
  flightRequestsPerMinute: env.FLIGHT_REQUESTS_PER_MINUTE,
  httpsOnly: publicUrl(env).startsWith('https://'),
  webDistDir: WEB_DIST_DIR,
  now: systemClock,
})

// One PGlite directory admits one process, so the worker lives here; on PostgreSQL it may run
// in its own processes (npm run worker) as well.
const runWorkerHere = database.driver === 'pglite' || env.WORKER_IN_PROCESS
const worker: WorkerHandle | null = runWorkerHere
  ? await startWorker({
      ...services,
      db: database.db,
      logger,
      now: systemClock,
      notificationPollMs: env.NOTIFICATION_POLL_MS,
      notificationLeaseMs: env.NOTIFICATION_LEASE_SECONDS * 1000,
    })
  : null

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info({ port: info.port, host: env.HOST, url: publicUrl(env), worker: runWorkerHere }, 'FareDrop is listening')
  // Only whoever reads this log (or an admin) can open the local mailbox (decision 030).
  if (Object.values(services.drivers).includes('outbox')) {
    logger.info({ mailbox: mailboxLink(publicUrl(env), services.outboxKey) }, 'local outbox: open the mailbox with this link')
  }
})
// An idle keep-alive connection stays open longer than the clients and proxies in front of us keep
// theirs (load balancers commonly 60 s). A server that closes first races the client's next request
// on that socket, which then fails with ECONNRESET: seen with Node's 5 s default in the browser
// suite, whose API client reused a connection at the moment the server dropped it.
if (server instanceof Server) {
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 1000
}
server.on('error', (err: NodeJS.ErrnoException) => {
  logger.fatal({ err }, err.code === 'EADDRINUSE' ? `Port ${env.PORT} is already in use; set PORT to another one.` : 'server error')
  void database.close().finally(() => process.exit(1))
})

onShutdown(logger, async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await Promise.allSettled(services.pendingEmails)
  await worker?.stop()
  await database.close()
  logger.info('stopped cleanly')
})
