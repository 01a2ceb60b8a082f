import { createHash } from 'node:crypto'
import pLimit from 'p-limit'
import { alertToday } from '../alerts/alert-scope.ts'
import { attemptDelivery, emptySummary, type AttemptOptions, type DeliveryOutcome, type DispatchSummary } from './attempt-delivery.ts'
import type { NotificationRow } from './claim-notifications.ts'
import { claimDueDigests, finishDigest, finishDigestItem, loadDigestItems, startDigestAttempt, type DigestRow } from './claim-digests.ts'
import { DISPATCH_DEFAULTS, sendWindow, type DispatchDeps, type DispatchOptions } from './dispatch-notifications.ts'
import { loadDeliveryTargets, type DeliveryTarget } from './load-delivery-targets.ts'
import type { DigestContent, DigestEntry } from './notice-content.ts'
import { DEFAULT_RETRY_POLICY } from './retry-policy.ts'
import { skipReason } from './skip-reason.ts'

export interface DigestDispatchDeps extends DispatchDeps {
  /** One-click unsubscribe from every alert in a digest's email (its List-Unsubscribe). */
  digestUnsubscribeUrl: (digestId: string) => string
}

/**
 * One round of daily digests (decision 054): claim the digests whose hour has come, skip the
 * notices in them that must not go any more (judged one by one, as single notices are), send the
 * rest as one message per digest through the channel's driver, and record the outcome on the
 * digest and its notices together. A digest left with nothing to send is skipped.
 */
export async function dispatchDueDigests(deps: DigestDispatchDeps, options: DispatchOptions = {}): Promise<DispatchSummary> {
  const { batchSize, leaseMs, concurrency, sendTimeoutMs } = { ...DISPATCH_DEFAULTS, ...options }
  const retry = options.retry ?? DEFAULT_RETRY_POLICY
  const summary = emptySummary()

  const digests = await claimDueDigests(deps.db, { now: deps.now(), batchSize, leaseMs })
  summary.claimed = digests.length
  if (digests.length === 0) return summary

  const canStartSend = sendWindow(leaseMs, sendTimeoutMs)
  const items = await loadDigestItems(
    deps.db,
    digests.map((digest) => digest.id),
  )
  const targets = await loadDeliveryTargets(deps, [...items.values()].flat())
  const limit = pLimit(concurrency)
  const outcomes = await Promise.all(
    digests.map((digest) =>
      limit(async (): Promise<DeliveryOutcome> => {
        try {
          return await deliverDigest(deps, digest, items.get(digest.id) ?? [], targets, { retry, sendTimeoutMs, canStartSend })
        } catch (err) {
          // Recording the outcome failed (database gone?): the lease runs out and the digest is tried again.
          deps.logger.error({ err, digestId: digest.id }, 'digest outcome could not be recorded')
          return 'error'
        }
      }),
    ),
  )
  for (const outcome of outcomes) summary[outcome]++
  return summary
}

async function deliverDigest(
  deps: DigestDispatchDeps,
  digest: DigestRow,
  items: readonly NotificationRow[],
  targets: ReadonlyMap<string, DeliveryTarget>,
  options: AttemptOptions,
): Promise<DeliveryOutcome> {
  const today = alertToday(deps.now())
  const sendable: NotificationRow[] = []
  for (const item of items) {
    const target = targets.get(item.id)
    // An alert moved to another client (or back to its owner) since: its news is not this recipient's.
    const moved = target?.alert && (target.client?.id ?? null) !== digest.clientId ? 'the alert now notifies someone else' : null
    const reason = moved ?? skipReason(item, target, today)
    if (reason) await finishDigestItem(deps.db, item, { status: 'skipped', lastError: `skipped: ${reason}` })
    else sendable.push(item)
  }
  const driver = deps.channels[digest.channel]
  const first = sendable[0] ? targets.get(sendable[0].id)?.owner?.recipient : undefined
  return attemptDelivery(
    deps,
    {
      attempts: digest.attempts,
      lastError: digest.lastError,
      log: { digestId: digest.id, channel: digest.channel, notices: sendable.length },
      startAttempt: () => startDigestAttempt(deps.db, digest),
      record: (fields) =>
        finishDigest(
          deps.db,
          digest,
          sendable.map((item) => item.id),
          fields,
        ),
    },
    {
      driverName: driver.name,
      skipReason: () => (first ? null : 'none of its notices may go any more'),
      send: () =>
        driver.send(
          digestContent(deps, digest, sendable),
          // A client's one link stops that client's emails; an owner's stops this digest's alerts.
          digest.clientId ? first! : { ...first!, unsubscribeUrl: deps.digestUnsubscribeUrl(digest.id) },
          digestKey(digest, sendable),
        ),
    },
    options,
  )
}

/** One entry per alert: its newest notice, and how many it had; newest alerts first. */
export function digestContent(deps: Pick<DigestDispatchDeps, 'unsubscribeUrl' | 'publicUrl'>, digest: Pick<DigestRow, 'clientId'>, items: readonly NotificationRow[]): DigestContent {
  const byAlert = new Map<string, { newest: NotificationRow; events: number }>()
  for (const item of items) {
    const seen = byAlert.get(item.alertId)
    const newer = !seen || item.createdAt.getTime() >= seen.newest.createdAt.getTime()
    byAlert.set(item.alertId, { newest: newer ? item : seen.newest, events: (seen?.events ?? 0) + 1 })
  }
  const entries: DigestEntry[] = [...byAlert.values()]
    .sort((a, b) => b.newest.createdAt.getTime() - a.newest.createdAt.getTime())
    .map(({ newest, events }) => ({ payload: newest.payload, events, unsubscribeUrl: digest.clientId ? null : deps.unsubscribeUrl(newest.alertId) }))
  return { kind: 'digest', entries, alertsUrl: digest.clientId ? null : `${deps.publicUrl}/alerts` }
}

/**
 * The provider's idempotency key: the digest and the notices in it. A retry of the same message
 * keeps it (the outbox and mailbox providers collapse repeats); a retry that carries a notice which
 * joined after a failed attempt is a different message, and says so.
 */
const digestKey = (digest: DigestRow, items: readonly NotificationRow[]) =>
  `digest:${digest.id}:${createHash('sha256')
    .update(items.map((item) => item.id).sort().join(','))
    .digest('hex')
    .slice(0, 16)}`
