import { createLogger, loadEnvOrExit, onShutdown, openDatabaseOrExit } from './boot.ts'
import { startWorkerHeartbeat } from './jobs/worker-heartbeat.ts'
import { getOrCreateSecret } from './auth/app-secret.ts'
import { createMailer } from './email/create-mailer.ts'
import { createNotificationServices } from './notifications/create-notification-services.ts'
import { startDispatcherWith } from './notifications/start-dispatcher.ts'
import { createFlightProvider } from './flights/create-flight-provider.ts'
import { createPriceShockStore } from './flights/price-shocks.ts'
import { priceCheckConfig } from './price-checks/price-check-config.ts'
import { startPriceChecks } from './price-checks/start-price-checks.ts'
import { createBillingService } from './billing/billing-service.ts'
import { startBillingJobs } from './billing/start-billing-jobs.ts'
import { publicUrl } from './env.ts'

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
// Only what the checks need: no auth, mailer or HTTP app in a worker-only process.
const now = () => new Date()
const { provider } = createFlightProvider({ env, now, priceShocks: createPriceShockStore({ db: database.db, now }) })
// The notice dispatcher, though, needs the mailer and the auth secret (for unsubscribe links).
const mailer = createMailer({ env, db: database.db, logger })
const notifications = await createNotificationServices({
  env,
  db: database.db,
  logger,
  mailer,
  authSecret: await getOrCreateSecret(database.db, 'auth_secret', env.AUTH_SECRET),
})
// Leases name the worker by its heartbeat id, so a held alert points at a live or vanished process.
const priceChecks = startPriceChecks({
  db: database.db,
  now,
  provider,
  logger,
  config: { ...priceCheckConfig(env, database.driver), workerId: heartbeat.workerId },
  onNotificationsQueued: notifications.outboxSignal.notify,
})
const dispatcher = startDispatcherWith(notifications, { db: database.db, logger, pollMs: env.NOTIFICATION_POLL_MS, leaseMs: env.NOTIFICATION_LEASE_SECONDS * 1000 })
// Renewals of the local test mode and the daily billing reconciliation.
const pendingEmails = new Set<Promise<unknown>>()
const billingJobs = startBillingJobs({ db: database.db, billing: createBillingService(env), now, publicUrl: publicUrl(env), logger, mailer, pendingEmails })
logger.info({ workerId: heartbeat.workerId, driver: database.driver, provider: provider.id }, 'worker started')

onShutdown(logger, async () => {
  await priceChecks.stop()
  await dispatcher.stop()
  await billingJobs.stop()
  await Promise.allSettled(pendingEmails)
  await heartbeat.stop()
  await database.close()
})
