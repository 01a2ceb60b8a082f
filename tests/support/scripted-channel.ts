import type { NotificationChannel } from '#shared/plans.ts'
import type { AlertNotificationPayload } from '../../src/server/db/schema.ts'
import type { ChannelDriver, NotificationRecipient } from '../../src/server/notifications/channel-driver.ts'
import { isDigest, type DigestContent } from '../../src/server/notifications/notice-content.ts'

/**
 * A channel driver whose behaviour a test scripts: it records every send and, for the next calls,
 * throws the queued errors or waits on a gate. Dispatcher tests use it where the provider's
 * protocol isn't the point (the real drivers have their own protocol tests).
 */
export interface ScriptedChannel extends ChannelDriver {
  sends: { key: string; to: NotificationRecipient; payload: AlertNotificationPayload }[]
  /** Daily digests sent (decision 054), apart from single notices. */
  digests: { key: string; to: NotificationRecipient; content: DigestContent }[]
  /** Each queued entry answers one call: an error to throw, or a gate to wait for before succeeding. */
  script: Array<Error | Promise<void>>
  /** Thrown by every call once the script is empty, while set. */
  always: Error | null
  /** Milliseconds to wait in every call (widens race windows). */
  delayMs: number
}

export function scriptedChannel(channel: NotificationChannel): ScriptedChannel {
  let n = 0
  const driver: ScriptedChannel = {
    channel,
    name: 'scripted',
    sends: [],
    digests: [],
    script: [],
    always: null,
    delayMs: 0,
    async send(payload, to, key) {
      const step = driver.script.shift()
      if (driver.delayMs) await new Promise((resolve) => setTimeout(resolve, Math.random() * driver.delayMs))
      if (step instanceof Error) throw step
      if (step) await step
      else if (driver.always) throw driver.always
      if (isDigest(payload)) driver.digests.push({ key, to, content: payload })
      else driver.sends.push({ key, to, payload })
      return { providerMessageId: `${channel}-${++n}` }
    },
  }
  return driver
}

export function scriptedChannels(): Record<NotificationChannel, ScriptedChannel> {
  return { email: scriptedChannel('email'), sms: scriptedChannel('sms'), whatsapp: scriptedChannel('whatsapp'), push: scriptedChannel('push') }
}
