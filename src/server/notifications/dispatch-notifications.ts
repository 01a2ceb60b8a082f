import pLimit from 'p-limit'
import { alertToday } from '../alerts/alert-scope.ts'
import type { ClientLinks } from '../clients/client-links.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../lib/logger.ts'
import { ChannelError } from './channel-driver.ts'
import { errorText, MissingAddressError } from './channel-errors.ts'
import type { ChannelDrivers } from './channels/create-channels.ts'
import { claimDueNotifications, finishNotification, startAttempt, type NotificationRow } from './claim-notifications.ts'
import { loadDeliveryTargets, type DeliveryTarget } from './load-delivery-targets.ts'
import { withTimeout } from '#shared/timeout.ts'
import { backoffMs } from '../lib/backoff.ts'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts'
import { skipReason } from './skip-reason.ts'

export interface DispatchDeps {
  db: Db
  channels: ChannelDrivers
  logger: Logger
  now: () => Date
  unsubscribeUrl: (alertId: string) => string
  /** Notices of an advisor's client's alert go to the client (decision 043), with these links and the advisor's brand. */
  clientLinks: ClientLinks
  publicUrl: string
  /** Jitter's dice; tests fix it. */
  random?: () => number
}

export interface DispatchOptions {
  batchSize?: number
  /** How long a claim holds a row; far longer than one send may take (`sendTimeoutMs`). */
  leaseMs?: number
  /** Sends in flight at once within a batch. */
  concurrency?: number
  /** Longest a whole send (all of a user's devices) may take before it counts as a passing failure. */
  sendTimeoutMs?: number
  retry?: RetryPolicy
}

export const DISPATCH_DEFAULTS = { batchSize: 25, leaseMs: 90_000, concurrency: 4, sendTimeoutMs: 45_000 } as const
/** Kept between the last send started and the lease's end, on top of the send timeout. */
const SEND_START_MARGIN_MS = 10_000

/** `released`: the round's lease was too near its end to start a send; the row goes back, attempt not counted. */
export type DeliveryOutcome = 'sent' | 'retrying' | 'dead' | 'skipped' | 'released' | 'lost-lease' | 'error'
export type DispatchSummary = { claimed: number } & Record<DeliveryOutcome, number>

/**
 * One round of the dispatcher: claim due notices, re-check each against the alert, plan and
 * addresses as they are now, send through the channel's driver (the dedupe key as the idempotency
 * key), and record sent / retry later / dead / skipped. Rows are independent: one channel's failure
 * or one row's database error never holds back the others.
 */
export async function dispatchDueNotifications(deps: DispatchDeps, options: DispatchOptions = {}): Promise<DispatchSummary> {
  const { batchSize, leaseMs, concurrency, sendTimeoutMs } = { ...DISPATCH_DEFAULTS, ...options }
  const retry = options.retry ?? DEFAULT_RETRY_POLICY
  const summary: DispatchSummary = { claimed: 0, sent: 0, retrying: 0, dead: 0, skipped: 0, released: 0, 'lost-lease': 0, error: 0 }

  const rows = await claimDueNotifications(deps.db, { now: deps.now(), batchSize, leaseMs })
  summary.claimed = rows.length
  if (rows.length === 0) return summary

  // A send may take sendTimeoutMs; one started later than this could outlive the lease, and
  // another dispatcher could send the notice again meanwhile. Real time, like the lease's guard.
  const claimedAt = performance.now()
  const canStartSend = () => performance.now() - claimedAt < leaseMs - sendTimeoutMs - SEND_START_MARGIN_MS
  const targets = await loadDeliveryTargets(deps, rows)
  const limit = pLimit(concurrency)
  const outcomes = await Promise.all(
    rows.map((row) =>
      limit(async (): Promise<DeliveryOutcome> => {
        try {
          return await deliver(deps, row, targets.get(row.id), { retry, sendTimeoutMs, canStartSend })
        } catch (err) {
          // Recording the outcome failed (database gone?): the lease runs out and the row is tried again.
          deps.logger.error({ err, notificationId: row.id }, 'notification outcome could not be recorded')
          return 'error'
        }
      }),
    ),
  )
  for (const outcome of outcomes) summary[outcome]++
  return summary
}

async function deliver(
  deps: DispatchDeps,
  row: NotificationRow,
  target: DeliveryTarget | undefined,
  { retry, sendTimeoutMs, canStartSend }: { retry: RetryPolicy; sendTimeoutMs: number; canStartSend: () => boolean },
): Promise<DeliveryOutcome> {
  const log = { notificationId: row.id, alertId: row.alertId, channel: row.channel, attempt: row.attempts }
  const lostLease = (): DeliveryOutcome => {
    deps.logger.warn(log, 'notification lease ran out before its outcome was recorded; another dispatcher has it')
    return 'lost-lease'
  }
  const record = async (outcome: DeliveryOutcome, fields: Parameters<typeof finishNotification>[2]): Promise<DeliveryOutcome> =>
    (await finishNotification(deps.db, row, fields)) ? outcome : lostLease()

  // Every allowed attempt was started and none ended with an outcome (a failure would have been
  // recorded): the dispatcher died during each send, so this row may be what kills it. Give up
  // rather than loop.
  if (row.attempts >= retry.maxAttempts) {
    deps.logger.warn(log, 'notification is dead: its dispatcher stopped during every attempt')
    return record('dead', { status: 'dead', lastError: row.lastError ?? `gave up after ${retry.maxAttempts} attempts without an outcome` })
  }

  const reason = skipReason(row, target, alertToday(deps.now()))
  if (reason || !target?.owner) {
    deps.logger.info({ ...log, reason }, 'notification skipped')
    return record('skipped', { status: 'skipped', lastError: `skipped: ${reason}` })
  }

  if (!canStartSend()) {
    deps.logger.info(log, 'notification released unsent: the round ran too long to start a send within its lease')
    return record('released', {})
  }
  // Counted (and committed) before the provider is called; a crash from here on costs this attempt.
  const attempt = await startAttempt(deps.db, row)
  if (attempt === null) return lostLease()
  log.attempt = attempt
  const driver = deps.channels[row.channel]
  try {
    const result = await withTimeout(
      () => driver.send(row.payload, target.owner!.recipient, row.dedupeKey),
      sendTimeoutMs,
      () => new ChannelError(`no answer within ${sendTimeoutMs / 1000} s`, true),
    )
    deps.logger.info({ ...log, driver: driver.name }, 'notification sent')
    return record('sent', { status: 'sent', sentAt: deps.now(), providerMessageId: result.providerMessageId, lastError: null })
  } catch (error) {
    if (error instanceof MissingAddressError) {
      deps.logger.info({ ...log, reason: error.message }, 'notification skipped')
      return record('skipped', { status: 'skipped', lastError: `skipped: ${error.message}` })
    }
    // Anything but a ChannelError is a bug of ours; retrying is bounded by the attempt limit.
    if (!(error instanceof ChannelError)) deps.logger.error({ ...log, err: error }, 'notification driver failed unexpectedly')
    const retryable = error instanceof ChannelError ? error.retryable : true
    const lastError = errorText(error)
    if (!retryable || attempt >= retry.maxAttempts) {
      deps.logger.warn({ ...log, driver: driver.name, error: lastError }, 'notification is dead')
      return record('dead', { status: 'dead', lastError })
    }
    const nextAttemptAt = new Date(deps.now().getTime() + backoffMs(attempt, retry, deps.random))
    deps.logger.info({ ...log, driver: driver.name, error: lastError, nextAttemptAt }, 'notification will be retried')
    return record('retrying', { nextAttemptAt, lastError })
  }
}
