import { createHash } from 'node:crypto'
import type { Mailer } from '../../email/mailer.ts'
import { ChannelError, type ChannelDriver } from '../channel-driver.ts'
import { errorText, MissingAddressError } from '../channel-errors.ts'
import { unsubscribeHeaders } from './alert-email.ts'
import { noticeEmail } from './notice-text.ts'

/**
 * Message-ID from the dedupe key: SMTP takes no idempotency key, but a retried notice keeps its
 * Message-ID, and mailbox providers that collapse duplicates by it (Gmail does) show one message.
 */
export function messageIdFor(dedupeKey: string, domain: string): string {
  return `<alert-${createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32)}@${domain}>`
}

/**
 * nodemailer errors carry the server's reply code: 5xx is permanent (unknown mailbox, refused
 * message), 4xx temporary; no code means the connection, TLS or login failed, which a later try
 * (or a fixed configuration) can cure.
 */
export function smtpChannelError(error: unknown): ChannelError {
  const code = (error as { responseCode?: unknown }).responseCode
  const permanent = typeof code === 'number' && code >= 500 && code < 600
  return new ChannelError(errorText(error), !permanent, { cause: error })
}

/** Email through the app's Mailer (SMTP or the local outbox), with RFC 8058 unsubscribe headers. */
export function createEmailChannel({ mailer, messageIdDomain }: { mailer: Mailer; messageIdDomain: string }): ChannelDriver {
  return {
    channel: 'email',
    name: mailer.driver,
    async send(payload, to, idempotencyKey) {
      if (!to.email) throw new MissingAddressError('email', 'the account has no email address')
      const content = noticeEmail(payload, { unsubscribeUrl: to.unsubscribeUrl, brand: to.brand })
      try {
        const sent = await mailer.send({
          to: to.email,
          ...content,
          headers: { ...unsubscribeHeaders(to.unsubscribeUrl), ...(to.brand?.contactEmail ? { 'Reply-To': to.brand.contactEmail } : {}) },
          messageId: messageIdFor(idempotencyKey, messageIdDomain),
        })
        return { providerMessageId: sent.messageId }
      } catch (error) {
        throw smtpChannelError(error)
      }
    },
  }
}
