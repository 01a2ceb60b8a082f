import { createHash } from 'node:crypto'
import type { Agent } from 'node:https'
import type { Logger } from '../../lib/logger.ts'
import { ChannelError, type ChannelDriver, type NotificationRecipient } from '../channel-driver.ts'
import { errorText, isRetryableStatus, MissingAddressError } from '../channel-errors.ts'
import { pushMessage } from './alert-message.ts'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export interface WebPushChannelConfig {
  vapid: VapidKeys & { subject: string }
  /** The push service said the subscription is gone (404/410): forget it. */
  removeSubscription(endpoint: string): Promise<void>
  logger: Logger
  timeoutMs: number
  /** Tests: an agent that trusts the local push service's certificate. */
  agent?: Agent
}

/** How long a push service keeps a notice for an offline device: a fare a day old is still news. */
const TTL_SECONDS = 24 * 3600

/**
 * RFC 8030 Topic (≤32 URL-safe base64 characters) from the dedupe key: a retried notice replaces
 * an undelivered earlier copy at the push service instead of queueing a second one.
 */
export const pushTopic = (dedupeKey: string): string => createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 32)

type Outcome = { ok: true; location: string | null } | { ok: false; gone: boolean; retryable: boolean; error: string }

/**
 * Web Push with VAPID through the web-push package (loaded on first use). One notice row covers all
 * of a user's devices: it counts as sent when at least one push service accepted it; retrying would
 * repeat it on the devices that already have it. Only when none accepted does a passing failure
 * (429, 5xx, network) make the row retry.
 */
export function createWebPushChannel(config: WebPushChannelConfig): ChannelDriver {
  const { vapid, removeSubscription, logger, timeoutMs, agent } = config

  async function deliver(
    subscription: NotificationRecipient['pushSubscriptions'][number],
    body: string,
    topic: string,
  ): Promise<Outcome> {
    const { default: webpush } = await import('web-push')
    try {
      const res = await webpush.sendNotification(subscription, body, {
        vapidDetails: vapid,
        TTL: TTL_SECONDS,
        urgency: 'normal',
        // RFC 8291's encoding, which every current browser supports (web-push's default, said out loud).
        contentEncoding: 'aes128gcm',
        topic,
        timeout: timeoutMs,
        ...(agent ? { agent } : {}),
      })
      return { ok: true, location: (res.headers as Record<string, string | undefined>).location ?? null }
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode
      if (status === 404 || status === 410) {
        await removeSubscription(subscription.endpoint)
        return { ok: false, gone: true, retryable: false, error: `subscription gone (HTTP ${status})` }
      }
      // 401/403: the subscription was made for another VAPID key; 400/413: a malformed request.
      if (status === 401 || status === 403) logger.warn({ status }, 'push service refused our VAPID key for a subscription')
      const retryable = typeof status !== 'number' || isRetryableStatus(status)
      return { ok: false, gone: false, retryable, error: typeof status === 'number' ? `HTTP ${status}` : errorText(error) }
    }
  }

  return {
    channel: 'push',
    name: 'webpush',
    async send(payload, to, idempotencyKey) {
      if (to.pushSubscriptions.length === 0) throw new MissingAddressError('push', 'no push subscription for this user')
      const body = JSON.stringify(pushMessage(payload))
      const topic = pushTopic(idempotencyKey)
      const outcomes = await Promise.all(to.pushSubscriptions.map((subscription) => deliver(subscription, body, topic)))
      const delivered = outcomes.filter((o) => o.ok)
      if (delivered.length > 0) {
        return { providerMessageId: delivered.map((o) => o.location).find(Boolean) ?? `${delivered.length} device(s)` }
      }
      const failures = outcomes.filter((o) => !o.ok)
      if (failures.every((o) => o.gone)) throw new MissingAddressError('push', 'every push subscription of this user has expired')
      const summary = failures.map((o) => o.error).join('; ')
      throw new ChannelError(`no push service accepted the notice: ${summary}`, failures.some((o) => o.retryable))
    },
  }
}
