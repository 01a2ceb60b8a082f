import pLimit from 'p-limit'
import { inArray, eq } from 'drizzle-orm'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import { canonicalEvent, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_USER_AGENT, type WebhookEvent } from '#shared/webhooks.ts'
import type { Db } from '../db/client.ts'
import { profiles, webhookEndpoints } from '../db/schema.ts'
import { backoffMs, type BackoffPolicy } from '../lib/backoff.ts'
import type { Logger } from '../lib/logger.ts'
import { claimDueDeliveries, finishDelivery, startAttempt, type DeliveryOutcomeFields } from './claim-deliveries.ts'
import type { DeliveryRow } from './deliveries.ts'
import { postWebhook, WebhookSendError, type WebhookAgents } from './post-webhook.ts'
import { signatureHeader } from './webhook-signature.ts'

export interface WebhookDispatchDeps {
  db: Db
  logger: Logger
  now: () => Date
  agents: WebhookAgents
  /** The SSRF guard is off (tests): plain http:// on loopback may be called. */
  allowPrivateAddresses: boolean
  /** Jitter's dice; tests fix it. */
  random?: () => number
}

export interface WebhookRetryPolicy extends BackoffPolicy {
  maxAttempts: number
}

/**
 * 10 min, 20 min, 40 min … ±20 % (the one backoff formula, lib/backoff.ts): the eighth and last
 * attempt comes about 21 hours after the first, so a receiver down for most of a day still gets it.
 */
export const WEBHOOK_RETRY_POLICY: WebhookRetryPolicy = { baseMs: 10 * 60_000, capMs: 12 * 3_600_000, jitter: [0.8, 1.2], maxAttempts: 8 }

export interface WebhookDispatchOptions {
  batchSize?: number
  /** How long a claim holds a row: far longer than one POST may take. */
  leaseMs?: number
  concurrency?: number
  /** The whole exchange with a receiver. */
  timeoutMs?: number
  retry?: WebhookRetryPolicy
}

export const WEBHOOK_DISPATCH_DEFAULTS = { batchSize: 25, leaseMs: 60_000, concurrency: 4, timeoutMs: 10_000 } as const
/** Kept between the last POST started and the lease's end, on top of the timeout. */
const SEND_START_MARGIN_MS = 10_000

export type WebhookOutcome = 'delivered' | 'retrying' | 'failed' | 'released' | 'lost-lease' | 'error'
export type WebhookDispatchSummary = { claimed: number } & Record<WebhookOutcome, number>

interface Target {
  url: string
  secret: string
  /** Why it may not be sent now (the delivery fails with it), or null. */
  unsendable: string | null
}

/** Each claimed delivery's endpoint as it is now, and why it may not be sent (owner left Unlimited or was disabled). */
async function loadTargets(db: Db, rows: DeliveryRow[]): Promise<Map<string, Target>> {
  const found = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret, enabled: webhookEndpoints.enabled, role: profiles.role, tier: profiles.subscriptionTier, disabledAt: profiles.disabledAt })
    .from(webhookEndpoints)
    // A missing profile reads as the free plan: not sent, for that reason.
    .leftJoin(profiles, eq(profiles.id, webhookEndpoints.userId))
    .where(inArray(webhookEndpoints.id, [...new Set(rows.map((row) => row.endpointId))]))
  return new Map(
    found.map((endpoint) => {
      const unsendable = endpoint.disabledAt
        ? 'Not sent: the account is disabled.'
        : planForProfile({ role: endpoint.role, subscription_tier: endpoint.tier }) !== 'unlimited'
          ? `Not sent: ${WEBHOOK_MESSAGES.planOnly}`
          : !endpoint.enabled
            ? 'Not sent: the endpoint is disabled.'
            : null
      return [endpoint.id, { url: endpoint.url, secret: endpoint.secret, unsendable }]
    }),
  )
}

/**
 * One round of the webhook dispatcher: claim due deliveries, re-check each endpoint and its owner as
 * they are now, POST the signed event, and record delivered (2xx) / retry later with backoff (any
 * other answer, a timeout, a refused connection) / failed (the attempts ran out, or the SSRF guard
 * refused the address, which no retry would change). Rows are independent.
 */
export async function dispatchDueWebhooks(deps: WebhookDispatchDeps, options: WebhookDispatchOptions = {}): Promise<WebhookDispatchSummary> {
  const { batchSize, leaseMs, concurrency, timeoutMs } = { ...WEBHOOK_DISPATCH_DEFAULTS, ...options }
  const retry = options.retry ?? WEBHOOK_RETRY_POLICY
  const summary: WebhookDispatchSummary = { claimed: 0, delivered: 0, retrying: 0, failed: 0, released: 0, 'lost-lease': 0, error: 0 }
  const rows = await claimDueDeliveries(deps.db, { now: deps.now(), batchSize, leaseMs })
  summary.claimed = rows.length
  if (rows.length === 0) return summary

  // Real time, like the lease's own guard: a POST started later than this could outlive the lease.
  const claimedAt = performance.now()
  const canStartSend = () => performance.now() - claimedAt < leaseMs - timeoutMs - SEND_START_MARGIN_MS
  const targets = await loadTargets(deps.db, rows)
  const limit = pLimit(concurrency)
  const outcomes = await Promise.all(
    rows.map((row) =>
      limit(async (): Promise<WebhookOutcome> => {
        try {
          return await deliver(deps, row, targets.get(row.endpointId), { retry, timeoutMs, canStartSend })
        } catch (err) {
          // Recording the outcome failed (database away): the lease runs out and the row is tried again.
          deps.logger.error({ err, deliveryId: row.id }, 'webhook outcome could not be recorded')
          return 'error'
        }
      }),
    ),
  )
  for (const outcome of outcomes) summary[outcome]++
  return summary
}

async function deliver(
  deps: WebhookDispatchDeps,
  row: DeliveryRow,
  target: Target | undefined,
  { retry, timeoutMs, canStartSend }: { retry: WebhookRetryPolicy; timeoutMs: number; canStartSend: () => boolean },
): Promise<WebhookOutcome> {
  const log = { deliveryId: row.id, endpointId: row.endpointId, eventId: row.eventId, attempt: row.attempts }
  const record = async (outcome: WebhookOutcome, fields: DeliveryOutcomeFields): Promise<WebhookOutcome> => {
    if (await finishDelivery(deps.db, row, fields)) return outcome
    deps.logger.warn(log, 'webhook lease ran out before its outcome was recorded; another dispatcher has it')
    return 'lost-lease'
  }

  // Every allowed attempt started and none was recorded: its dispatcher died during each. Give up rather than loop.
  if (row.attempts >= retry.maxAttempts) return record('failed', { status: 'failed', lastError: row.lastError ?? `Gave up after ${retry.maxAttempts} attempts.` })
  const unsendable = target ? target.unsendable : 'Not sent: the endpoint was deleted.'
  if (unsendable || !target) return record('failed', { status: 'failed', lastError: unsendable })
  // With the guard on only https:// goes out (an endpoint registered while it was off may say http://).
  if (!deps.allowPrivateAddresses && !target.url.startsWith('https://')) return record('failed', { status: 'failed', lastError: WEBHOOK_MESSAGES.refusedHttp })
  if (!canStartSend()) return record('released', {})

  const attempt = await startAttempt(deps.db, row, deps.now())
  if (attempt === null) {
    deps.logger.warn(log, 'webhook lease ran out before its attempt started; another dispatcher has it')
    return 'lost-lease'
  }
  log.attempt = attempt
  const body = JSON.stringify(canonicalEvent(row.payload as unknown as WebhookEvent))
  const retryLater = (fields: DeliveryOutcomeFields): Promise<WebhookOutcome> => {
    if (attempt >= retry.maxAttempts) return record('failed', { ...fields, status: 'failed' })
    return record('retrying', { ...fields, nextAttemptAt: new Date(deps.now().getTime() + backoffMs(attempt, retry, deps.random)) })
  }
  try {
    const response = await postWebhook({
      url: target.url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_EVENT_ID_HEADER]: row.eventId,
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(target.secret, body, deps.now()),
      },
      agents: deps.agents,
      timeoutMs,
    })
    const answer = { responseStatus: response.status, responseBody: response.body, durationMs: response.durationMs }
    if (response.status >= 200 && response.status < 300) {
      deps.logger.info({ ...log, status: response.status }, 'webhook delivered')
      return record('delivered', { ...answer, status: 'delivered', lastError: null, deliveredAt: deps.now() })
    }
    deps.logger.info({ ...log, status: response.status }, 'webhook answered with an error')
    return retryLater({ ...answer, lastError: `The endpoint answered ${response.status}.` })
  } catch (error) {
    const failure = error instanceof WebhookSendError ? error : new WebhookSendError(`Request failed: ${(error as Error).message}`)
    const noAnswer = { responseStatus: null, responseBody: null, durationMs: failure.durationMs }
    if (failure.refused) {
      // The host only: a URL's path or query may carry the receiver's own token.
      deps.logger.warn({ ...log, host: new URL(target.url).host }, 'webhook refused by the SSRF guard')
      return record('failed', { ...noAnswer, status: 'failed', lastError: WEBHOOK_MESSAGES.refused })
    }
    deps.logger.info({ ...log, error: failure.message }, 'webhook got no answer')
    return retryLater({ ...noAnswer, lastError: failure.message })
  }
}
