import { createLogger, loadEnvOrExit, onShutdown, openDatabaseOrExit } from './boot.ts'
import { getOrCreateSecret } from './db/app-secrets.ts'
import { createBillingService } from './billing/billing-service.ts'
import { createMailer } from './email/create-mailer.ts'
import { publicUrl } from './env.ts'
import { createFlightProvider } from './flights/providers/create-flight-provider.ts'
import { createPriceShockStore } from './flights/price-shocks.ts'
import { startWorker } from './start-worker.ts'
import { systemClock } from './lib/clock.ts'
import { createNotificationServices } from './notifications/create-notification-services.ts'
import { priceCheckConfig } from './price-checks/price-check-config.ts'
import { webhookConfig } from './webhooks/webhook-config.ts'

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
const db = database.db
// Only what the worker needs: no auth or HTTP app in a worker-only process. Notices need the mailer
// and the auth secret (for unsubscribe links).
const mailer = createMailer({ env, db, logger })
const { provider } = createFlightProvider({ env, now: systemClock, shocks: createPriceShockStore({ db, now: systemClock }) })
const worker = await startWorker({
  db,
  logger,
  now: systemClock,
  flightProvider: provider,
  priceCheckConfig: priceCheckConfig(env),
  notifications: await createNotificationServices({ env, db, logger, mailer, authSecret: await getOrCreateSecret(db, 'auth_secret', env.AUTH_SECRET) }),
  notificationPollMs: env.NOTIFICATION_POLL_MS,
  notificationLeaseMs: env.NOTIFICATION_LEASE_SECONDS * 1000,
  webhookConfig: webhookConfig(env),
  billing: createBillingService(env),
  mailer,
  publicUrl: publicUrl(env),
  pendingEmails: new Set(),
})
logger.info({ workerId: worker.workerId, driver: database.driver, provider: provider.id }, 'worker started')

onShutdown(logger, async () => {
  await worker.stop()
  await database.close()
})
