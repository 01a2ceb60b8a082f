import type { Db } from '../../db/client.ts'
import { extractLinks, insertOutboxMessage } from '../../email/outbox-mailer.ts'
import type { Logger } from '../../lib/logger.ts'
import type { ChannelDriver, NotificationRecipient } from '../channel-driver.ts'
import { MissingAddressError } from '../channel-errors.ts'
import type { NoticeContent } from '../notice-content.ts'
import { noticePhoneText, noticePushMessage } from './notice-text.ts'

type OutboxChannel = 'sms' | 'whatsapp' | 'push'

interface OutboxRow {
  to: string
  subject: string | null
  text: string
}

/**
 * What the real driver would have sent, as an outbox row. Push goes to the person (their email
 * address names them in the outbox), since offline there is no push service to hold devices.
 */
function render(channel: OutboxChannel, payload: NoticeContent, to: NotificationRecipient, shortUrl: string): OutboxRow {
  if (channel === 'push') {
    const message = noticePushMessage(payload)
    return { to: to.email, subject: message.title, text: `${message.body}\n${message.url}` }
  }
  if (!to.phone) throw new MissingAddressError(channel, 'no phone number on the profile')
  return { to: to.phone, subject: null, text: noticePhoneText(channel, payload, to, shortUrl) }
}

/**
 * The offline default of SMS, WhatsApp and push, exactly like email's: the notice is written to
 * outbox_messages with its channel and read at /dev/mailbox or GET /api/dev/outbox?channel=….
 */
export function createOutboxChannel({
  db,
  logger,
  channel,
  shortUrl,
}: {
  db: Db
  logger: Logger
  channel: OutboxChannel
  /** Stands in for a search link too long for an SMS. */
  shortUrl: string
}): ChannelDriver {
  return {
    channel,
    name: 'outbox',
    async send(payload, to, idempotencyKey) {
      const row = render(channel, payload, to, shortUrl)
      const links = extractLinks(row.text)
      // The notice's dedupe key makes a retry after a crash in the send window write nothing new.
      const stored = await insertOutboxMessage(db, { channel, to: row.to, subject: row.subject, text: row.text, links, dedupeKey: idempotencyKey })
      if (stored.repeated) logger.info({ channel, to: row.to }, `${channel} notice already in the local outbox (a retried notice); not written again`)
      else logger.info({ channel, to: row.to, links }, `${channel} notice written to the local outbox (read it at /dev/mailbox)`)
      return { providerMessageId: stored.id }
    },
  }
}
