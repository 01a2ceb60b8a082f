import type { BillingService } from './billing/billing-service.ts'
import { billingTasks } from './billing/billing-tasks.ts'
import type { Db } from './db/client.ts'
import type { Mailer } from './email/mailer.ts'
import type { FlightProvider } from './flights/providers/provider.ts'
import type { Clock } from './lib/clock.ts'
import type { Logger } from './lib/logger.ts'
import type { NotificationServices } from './notifications/create-notification-services.ts'
import { startNotificationDispatcher } from './notifications/start-dispatcher.ts'
import type { PriceCheckConfig } from './price-checks/price-check-config.ts'
import { pruneObservations } from './price-checks/prune-observations.ts'
import { relearnLiveForecast } from './forecast/live/relearn-live-forecast.ts'
import { startPriceChecks } from './price-checks/start-price-checks.ts'
import { startPeriodicTasks } from './jobs/periodic-tasks.ts'
import { startWorkerHeartbeat } from './jobs/worker-heartbeat.ts'
import { createWebhookAgents } from './webhooks/post-webhook.ts'
import { pruneWebhookDeliveries } from './webhooks/prune-deliveries.ts'
import { startWebhookDispatcher } from './webhooks/start-webhook-dispatcher.ts'
import type { WebhookConfig } from './webhooks/webhook-config.ts'

export interface WorkerDeps {
  db: Db
  logger: Logger
  now: Clock
  flightProvider: FlightProvider
  priceCheckConfig: PriceCheckConfig
  notifications: NotificationServices
  notificationPollMs: number
  notificationLeaseMs: number
  webhookConfig: WebhookConfig
  billing: BillingService
  mailer: Mailer
  publicUrl: string
  /** Emails sent after their transaction (billing notices); shutdown waits for them. */
  pendingEmails: Set<Promise<unknown>>
}

export interface WorkerHandle {
  /** The heartbeat's id; price-check leases carry it, so a held alert names its process. */
  workerId: string
  /** Stops every part, each finishing what it has in flight, then says goodbye in the heartbeat table. */
  stop(): Promise<void>
}

/**
 * The one worker (decision 022), as `main.ts` (PGlite, or WORKER_IN_PROCESS) and `worker.ts` run
 * it: a heartbeat, the price-check loop, the notice and webhook dispatchers (woken when the engine
 * queues notices) and the periodic tasks (observation pruning, the live forecast's daily re-count,
 * billing renewals and reconciliation).
 */
export async function startWorker(deps: WorkerDeps): Promise<WorkerHandle> {
  const { db, logger, now } = deps
  const heartbeat = await startWorkerHeartbeat({ db, logger, now })
  const priceChecks = startPriceChecks({
    db,
    now,
    logger,
    provider: deps.flightProvider,
    config: { ...deps.priceCheckConfig, workerId: heartbeat.workerId },
    onNotificationsQueued: deps.notifications.outboxSignal.notify,
  })
  const dispatcher = startNotificationDispatcher(
    { db, logger, now, channels: deps.notifications.channels, unsubscribeUrl: deps.notifications.unsubscribeLinks.url, digestUnsubscribeUrl: deps.notifications.unsubscribeLinks.digestUrl, clientLinks: deps.notifications.clientLinks, publicUrl: deps.publicUrl },
    { pollMs: deps.notificationPollMs, leaseMs: deps.notificationLeaseMs, signal: deps.notifications.outboxSignal },
  )
  // Outgoing webhooks (decision 044): woken by the same signal when the engine queues events.
  const { allowPrivateAddresses, pollMs } = deps.webhookConfig
  const webhooks = startWebhookDispatcher(
    { db, logger, now, allowPrivateAddresses, agents: createWebhookAgents(allowPrivateAddresses) },
    { pollMs, signal: deps.notifications.outboxSignal },
  )
  const periodic = startPeriodicTasks({ db, now, logger }, [
    { name: 'prune-observations', everyMs: 3_600_000, run: () => pruneObservations(db, now()) },
    { name: 'prune-webhook-deliveries', everyMs: 3_600_000, run: () => pruneWebhookDeliveries(db, now()) },
    // The buy-or-wait forecast re-counted and its gate re-measured on this provider's observed fares (decision 052).
    { name: 'relearn-live-forecast', everyMs: 86_400_000, run: () => relearnLiveForecast({ db, now: now(), provider: deps.flightProvider.id }) },
    ...billingTasks(deps),
  ])
  return {
    workerId: heartbeat.workerId,
    async stop() {
      // The cycle in flight finishes its write; unstarted groups go back to the queue (or their lease ends).
      await Promise.all([priceChecks.stop(), dispatcher.stop(), webhooks.stop(), periodic.stop()])
      await Promise.allSettled(deps.pendingEmails)
      await heartbeat.stop()
    },
  }
}
