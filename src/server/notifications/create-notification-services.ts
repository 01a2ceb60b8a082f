import { createOutboxSignal, type OutboxSignal } from './outbox-signal.ts'
import type { Agent } from 'node:https'
import type { Db } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import { publicUrl, type Env } from '../env.ts'
import type { Logger } from '../lib/logger.ts'
import { createChannelDrivers, SEND_TIMEOUT_MS, type ChannelDrivers } from './channels/create-channels.ts'
import { createSmsTextSender, type SmsTextSender } from './channels/sms-text-sender.ts'
import { createUnsubscribeLinks, type UnsubscribeLinks } from './unsubscribe-token.ts'
import { createClientLinks, type ClientLinks } from '../clients/client-links.ts'
import { getVapidKeys } from './vapid-keys.ts'

export interface NotificationServices {
  channels: ChannelDrivers
  /** What GET /api/push/public-key answers: the browser's `applicationServerKey`. */
  vapidPublicKey: string
  unsubscribeLinks: UnsubscribeLinks
  /** An advisor's clients' confirm and unsubscribe links (decision 043). */
  clientLinks: ClientLinks
  /** Plain texts that are not alert notices: the phone verification code (decision 015). */
  smsText: SmsTextSender
  /** The engine rings it after queueing notices; this process's dispatcher wakes up. */
  outboxSignal: OutboxSignal
}

/**
 * Everything notices need, for the web process (routes, in-process dispatcher) and the
 * worker-only process alike. Cheap: one app_secrets read; provider SDKs load on first send.
 */
export async function createNotificationServices({
  env,
  db,
  logger,
  mailer,
  authSecret,
  pushAgent,
  apnsCa,
}: {
  env: Env
  db: Db
  logger: Logger
  mailer: Mailer
  authSecret: string
  pushAgent?: Agent
  apnsCa?: string
}): Promise<NotificationServices> {
  const vapidKeys = await getVapidKeys(db, env)
  return {
    channels: createChannelDrivers({ env, db, logger, mailer, vapidKeys, ...(pushAgent ? { pushAgent } : {}), ...(apnsCa ? { apnsCa } : {}) }),
    vapidPublicKey: vapidKeys.publicKey,
    unsubscribeLinks: createUnsubscribeLinks({ secret: authSecret, publicUrl: publicUrl(env) }),
    clientLinks: createClientLinks({ secret: authSecret, publicUrl: publicUrl(env) }),
    smsText: createSmsTextSender({ env, db, logger, timeoutMs: SEND_TIMEOUT_MS }),
    outboxSignal: createOutboxSignal(),
  }
}
