import type { Db } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema.ts'
import { extractLinks } from '../../email/outbox-mailer.ts'
import type { Logger } from '../../lib/logger.ts'
import type { ChannelDriver, NotificationRecipient } from '../channel-driver.ts'
import { MissingAddressError } from '../channel-errors.ts'
import { pushMessage, smsText, whatsappText } from './alert-message.ts'
import type { AlertNotificationPayload } from '../../db/schema.ts'

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
function render(channel: OutboxChannel, payload: AlertNotificationPayload, to: NotificationRecipient, shortUrl: string): OutboxRow {
  if (channel === 'push') {
    const message = pushMessage(payload)
    return { to: to.email, subject: message.title, text: `${message.body}\n${message.url}` }
  }
  if (!to.phone) throw new MissingAddressError(channel, 'no phone number on the profile')
  return { to: to.phone, subject: null, text: channel === 'sms' ? smsText(payload, shortUrl) : whatsappText(payload) }
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
    async send(payload, to) {
      const row = render(channel, payload, to, shortUrl)
      const links = extractLinks(row.text)
      const [stored] = await db
        .insert(outboxMessages)
        .values({ channel, to: row.to, subject: row.subject, text: row.text, links })
        .returning({ id: outboxMessages.id })
      logger.info({ channel, to: row.to, links }, `${channel} notice written to the local outbox (read it at /dev/mailbox)`)
      return { providerMessageId: stored?.id ?? null }
    },
  }
}
