import type { ChannelDriver, NotificationRecipient } from '../channel-driver.ts'
import { ChannelError } from '../channel-driver.ts'
import { MissingAddressError } from '../channel-errors.ts'
import type { PushMessage } from './alert-message.ts'
import { noticePushMessage } from './notice-text.ts'

/** One device's answer from its push service. `gone`: the service says the device no longer exists (its row is already removed). */
export type PushOutcome = { ok: true; id: string | null } | { ok: false; gone: boolean; retryable: boolean; error: string }

/**
 * One push service's side of the push channel: Web Push for browsers, FCM for the Android app,
 * APNs for the iOS app. It sends to the recipient's devices it serves and answers one outcome per
 * device (none when the recipient has no device of its kind).
 */
export interface PushSender {
  name: 'webpush' | 'fcm' | 'apns'
  deliverAll(message: PushMessage, to: NotificationRecipient, dedupeKey: string): Promise<PushOutcome[]>
}

/**
 * The push channel over every configured push service (decision 039). One notice row covers all of
 * a user's devices, browsers and apps alike: it counts as sent when at least one device's service
 * accepted it, since retrying would repeat it on the devices that already have it. Only when none
 * accepted does a passing failure (429, 5xx, network) make the row retry; when every device is
 * gone, or the user has none a configured service can reach, the notice is skipped.
 */
export function createPushChannel(senders: readonly PushSender[]): ChannelDriver {
  return {
    channel: 'push',
    name: senders.map((sender) => sender.name).join('+'),
    async send(payload, to, idempotencyKey) {
      const message = noticePushMessage(payload)
      const outcomes = (await Promise.all(senders.map((sender) => sender.deliverAll(message, to, idempotencyKey)))).flat()
      if (outcomes.length === 0) throw new MissingAddressError('push', 'no push subscription for this user')
      const delivered = outcomes.filter((o) => o.ok)
      if (delivered.length > 0) {
        return { providerMessageId: delivered.map((o) => o.id).find(Boolean) ?? null }
      }
      const failures = outcomes.filter((o) => !o.ok)
      if (failures.every((o) => o.gone)) throw new MissingAddressError('push', 'every push subscription of this user has expired')
      const summary = failures.map((o) => o.error).join('; ')
      throw new ChannelError(`no push service accepted the notice: ${summary}`, failures.some((o) => o.retryable))
    },
  }
}
