import type { Agent } from 'node:https'
import { eq } from 'drizzle-orm'
import type { NotificationChannel } from '#shared/plans.ts'
import type { Db } from '../../db/client.ts'
import { pushSubscriptions } from '../../db/schema.ts'
import { pushServices, twilioSender } from '../../drivers.ts'
import type { Mailer } from '../../email/mailer.ts'
import { publicUrl, type Env } from '../../env.ts'
import type { Logger } from '../../lib/logger.ts'
import type { ChannelDriver } from '../channel-driver.ts'
import { createEmailChannel } from './email-channel.ts'
import { createOutboxChannel } from './outbox-channel.ts'
import { createTwilioChannel } from './twilio-channel.ts'
import { removeNativePushToken } from '../native-push-devices.ts'
import { createApnsSender } from './apns-sender.ts'
import { createFcmSender } from './fcm-sender.ts'
import { createPushChannel, type PushSender } from './push-channel.ts'
import { createWebPushSender, type VapidKeys } from './web-push-channel.ts'

export type ChannelDrivers = Record<NotificationChannel, ChannelDriver>

/** One provider call's longest wait, well inside the dispatcher's lease. */
export const SEND_TIMEOUT_MS = 15_000

/**
 * Each channel's driver, chosen by the same predicates /api/health reports (drivers.ts): the real
 * provider when configured, else the local outbox.
 */
export function createChannelDrivers({
  env,
  db,
  logger,
  mailer,
  vapidKeys,
  pushAgent,
  apnsCa,
}: {
  env: Env
  db: Db
  logger: Logger
  mailer: Mailer
  vapidKeys: VapidKeys
  /** Tests: trusts the local push service's certificate. */
  pushAgent?: Agent
  /** Tests: the certificate the local APNs presents. */
  apnsCa?: string
}): ChannelDrivers {
  const origin = publicUrl(env)
  const shortUrl = `${origin}/alerts`
  const twilio = (channel: 'sms' | 'whatsapp'): ChannelDriver => {
    const from = twilioSender(env, channel)
    if (!from) return createOutboxChannel({ db, logger, channel, shortUrl })
    return createTwilioChannel({
      channel,
      from,
      shortUrl,
      logger,
      accountSid: env.TWILIO_ACCOUNT_SID!,
      authToken: env.TWILIO_AUTH_TOKEN!,
      baseUrl: env.TWILIO_API_BASE_URL,
      timeoutMs: SEND_TIMEOUT_MS,
    })
  }
  // Web Push, FCM and APNs as configured (drivers.ts decides, /api/health reports); none: the outbox.
  const pushChannel = (): ChannelDriver => {
    const senders = pushServices(env).map((service): PushSender => {
      if (service === 'webpush') {
        return createWebPushSender({
          vapid: { ...vapidKeys, subject: env.VAPID_SUBJECT! },
          logger,
          timeoutMs: SEND_TIMEOUT_MS,
          ...(pushAgent ? { agent: pushAgent } : {}),
          removeSubscription: async (endpoint) => {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
            logger.info('push subscription removed: the push service says it is gone')
          },
        })
      }
      const removeToken = async (token: string) => {
        await removeNativePushToken(db, token)
        logger.info({ service }, 'app push token removed: the push service says it is gone')
      }
      if (service === 'fcm') {
        return createFcmSender({ serviceAccount: env.FCM_SERVICE_ACCOUNT_JSON!, apiBaseUrl: env.FCM_API_BASE_URL, timeoutMs: SEND_TIMEOUT_MS, removeToken, logger })
      }
      return createApnsSender({
        key: env.APNS_PRIVATE_KEY!,
        keyId: env.APNS_KEY_ID!,
        teamId: env.IOS_APP_TEAM_ID!,
        topic: env.IOS_APP_BUNDLE_ID,
        production: env.APNS_ENVIRONMENT === 'production',
        ...(env.APNS_API_URL ? { apiUrl: env.APNS_API_URL } : {}),
        ...(apnsCa ? { ca: apnsCa } : {}),
        timeoutMs: SEND_TIMEOUT_MS,
        removeToken,
        logger,
      })
    })
    return senders.length > 0 ? createPushChannel(senders) : createOutboxChannel({ db, logger, channel: 'push', shortUrl })
  }
  return {
    email: createEmailChannel({ mailer, messageIdDomain: new URL(origin).hostname }),
    sms: twilio('sms'),
    whatsapp: twilio('whatsapp'),
    push: pushChannel(),
  }
}
