import { createHash } from 'node:crypto'
import type { Agent } from 'node:https'
import type { Logger } from '../../lib/logger.ts'
import type { NotificationRecipient } from '../channel-driver.ts'
import { errorText, isRetryableStatus } from '../channel-errors.ts'
import type { PushOutcome, PushSender } from './push-channel.ts'

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

/** How long a push service keeps a notice for an offline device: a fare a day old is still news (every push service). */
export const PUSH_TTL_SECONDS = 24 * 3600

/**
 * RFC 8030 Topic (≤32 URL-safe base64 characters) from the dedupe key: a retried notice replaces
 * an undelivered earlier copy at the push service instead of queueing a second one.
 */
export const pushTopic = (dedupeKey: string): string => createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 32)

/**
 * Web Push with VAPID through the web-push package (loaded on first use), to each of the
 * recipient's browser subscriptions; 404/410 from the push service removes the subscription.
 */
export function createWebPushSender(config: WebPushChannelConfig): PushSender {
  const { vapid, removeSubscription, logger, timeoutMs, agent } = config

  async function deliver(subscription: NotificationRecipient['pushSubscriptions'][number], body: string, topic: string): Promise<PushOutcome> {
    const { default: webpush } = await import('web-push')
    try {
      const res = await webpush.sendNotification(subscription, body, {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        // RFC 8291's encoding, which every current browser supports (web-push's default, said out loud).
        contentEncoding: 'aes128gcm',
        topic,
        timeout: timeoutMs,
        ...(agent ? { agent } : {}),
      })
      return { ok: true, id: (res.headers as Record<string, string | undefined>).location ?? null }
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
    name: 'webpush',
    async deliverAll(message, to, dedupeKey) {
      const body = JSON.stringify(message)
      const topic = pushTopic(dedupeKey)
      return Promise.all(to.pushSubscriptions.map((subscription) => deliver(subscription, body, topic)))
    },
  }
}
