import pLimit from 'p-limit'
import { alertToday } from '../alerts/alert-scope.ts'
import type { ClientLinks } from '../clients/client-links.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../lib/logger.ts'
import { attemptDelivery, emptySummary, type AttemptOptions, type DeliveryOutcome, type DeliveryUnit, type DispatchSummary } from './attempt-delivery.ts'
import type { ChannelDrivers } from './channels/create-channels.ts'
import { claimDueNotifications, finishNotification, startAttempt, type NotificationRow } from './claim-notifications.ts'
import { loadDeliveryTargets, type DeliveryTarget } from './load-delivery-targets.ts'
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

export type { DeliveryOutcome, DispatchSummary }

/**
 * Whether a send may still start, from the moment of the claim: a send may take sendTimeoutMs, and
 * one started later than this could outlive the lease while another dispatcher sends the notice
 * again. Real time, like the lease's guard.
 */
export function sendWindow(leaseMs: number, sendTimeoutMs: number): () => boolean {
  const claimedAt = performance.now()
  return () => performance.now() - claimedAt < leaseMs - sendTimeoutMs - SEND_START_MARGIN_MS
}

/**
 * One round of the dispatcher: claim due notices, re-check each against the alert, plan and
 * addresses as they are now, send through the channel's driver (the dedupe key as the idempotency
 * key), and record sent / retry later / dead / skipped. Rows are independent: one channel's failure
 * or one row's database error never holds back the others.
 */
export async function dispatchDueNotifications(deps: DispatchDeps, options: DispatchOptions = {}): Promise<DispatchSummary> {
  const { batchSize, leaseMs, concurrency, sendTimeoutMs } = { ...DISPATCH_DEFAULTS, ...options }
  const retry = options.retry ?? DEFAULT_RETRY_POLICY
  const summary = emptySummary()

  const rows = await claimDueNotifications(deps.db, { now: deps.now(), batchSize, leaseMs })
  summary.claimed = rows.length
  if (rows.length === 0) return summary

  const canStartSend = sendWindow(leaseMs, sendTimeoutMs)
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

function deliver(
  deps: DispatchDeps,
  row: NotificationRow,
  target: DeliveryTarget | undefined,
  options: AttemptOptions,
): Promise<DeliveryOutcome> {
  const unit: DeliveryUnit = {
    attempts: row.attempts,
    lastError: row.lastError,
    log: { notificationId: row.id, alertId: row.alertId, channel: row.channel },
    startAttempt: () => startAttempt(deps.db, row),
    record: (fields) => finishNotification(deps.db, row, fields),
  }
  const driver = deps.channels[row.channel]
  return attemptDelivery(
    deps,
    unit,
    {
      driverName: driver.name,
      skipReason: () => skipReason(row, target, alertToday(deps.now())),
      send: () => driver.send(row.payload, target!.owner!.recipient, row.dedupeKey),
    },
    options,
  )
}
