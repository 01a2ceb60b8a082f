import type { NativePushPlatform } from '#shared/notifications.ts'
import type { NotificationChannel } from '#shared/plans.ts'
import type { NoticeContent } from './notice-content.ts'
import type { EmailBrand } from '../email/templates.ts'

/**
 * How the dispatcher talks to a channel: email (SMTP or the local outbox), SMS and WhatsApp (Twilio
 * or the outbox), push (Web Push, FCM and APNs, or the outbox). A driver renders the payload for its channel and
 * sends it to the recipient's address for that channel.
 */
export interface NotificationRecipient {
  userId: string
  email: string
  /** E.164, for SMS and WhatsApp; null when the user has not given one. */
  phone: string | null
  /** The user's Web Push subscriptions (browsers). */
  pushSubscriptions: { endpoint: string; keys: { p256dh: string; auth: string } }[]
  /** The user's app installs signed in now: an FCM token (Android) or APNs device token (iOS). */
  nativePushDevices: { platform: NativePushPlatform; token: string }[]
  /** One-click unsubscribe link for this alert's email (RFC 8058). */
  unsubscribeUrl: string
  /**
   * Set when the notice goes to an advisor's client (decision 043): the advisor's brand stands in
   * for FareDrop's, and no link leads to an account the client doesn't have.
   */
  brand?: EmailBrand
}

export interface ChannelSendResult {
  /** The provider's id for the message (Twilio SID, SMTP message id…), when it gives one. */
  providerMessageId: string | null
}

/** A failure worth retrying later (5xx, timeout, rate limit) versus one that never will succeed (bad number). */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options: { cause?: unknown } = {},
  ) {
    super(message, options)
    this.name = 'ChannelError'
  }
}

export interface ChannelDriver {
  channel: NotificationChannel
  /** As /api/health reports it: 'outbox', 'smtp', 'twilio', 'webpush' (push joins its services: 'webpush+fcm+apns'). */
  name: string
  /**
   * Sends one notice or daily digest. `idempotencyKey` is the row's dedupe key, passed to providers that accept
   * one. Throws ChannelError; a recipient without an address for the channel is a non-retryable error.
   */
  send(payload: NoticeContent, to: NotificationRecipient, idempotencyKey: string): Promise<ChannelSendResult>
}
