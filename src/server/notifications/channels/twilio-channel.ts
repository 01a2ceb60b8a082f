import type TwilioSDK from 'twilio'
import type { Logger } from '../../lib/logger.ts'
import { ChannelError, type ChannelDriver } from '../channel-driver.ts'
import { errorText, isRetryableStatus, MissingAddressError } from '../channel-errors.ts'
import { noticePhoneText } from './notice-text.ts'
import { loadTwilioClient, smsSenderFields, type TwilioClientConfig } from './twilio-client.ts'

export interface TwilioChannelConfig extends TwilioClientConfig {
  channel: 'sms' | 'whatsapp'
  /** SMS: an E.164 number or a Messaging Service SID (MG…); WhatsApp: a number, "whatsapp:" optional. */
  from: string
  /** Stands in for a search link too long for an SMS. */
  shortUrl: string
  logger: Logger
}

const whatsappAddress = (number: string) => (number.startsWith('whatsapp:') ? number : `whatsapp:${number}`)

/**
 * Twilio answers 4xx for a message that can never go (21211 invalid number, 21610 recipient opted
 * out) and 429/5xx for a passing problem. 401/403 mean our credentials are wrong: retry, so notices
 * survive until an operator fixes the configuration. No status at all is a network failure or a
 * timeout.
 */
export function twilioChannelError(error: unknown): ChannelError {
  const status = (error as { status?: unknown }).status
  const code = (error as { code?: unknown }).code
  const retryable = typeof status !== 'number' || isRetryableStatus(status) || status === 401 || status === 403
  const detail = typeof status === 'number' ? ` (HTTP ${status}${typeof code === 'number' ? `, Twilio error ${code}` : ''})` : ''
  return new ChannelError(`${errorText(error)}${detail}`, retryable, { cause: error })
}

/**
 * SMS and WhatsApp through Twilio's Messages API (the official SDK). The Messages API takes no
 * idempotency key, so a crash between Twilio accepting and our commit can repeat a text: the
 * residual window of docs/decisions/014-notification-channels.md.
 */
export function createTwilioChannel(config: TwilioChannelConfig): ChannelDriver {
  let client: Promise<TwilioSDK.Twilio> | undefined
  const { channel, from, shortUrl, logger } = config
  return {
    channel,
    name: 'twilio',
    async send(payload, to) {
      if (!to.phone) throw new MissingAddressError(channel, 'no phone number on the profile')
      // A failed load is forgotten, so the next notice tries again.
      client ??= loadTwilioClient(config).catch((error: unknown) => {
        client = undefined
        throw error
      })
      const sender = channel === 'whatsapp' ? { from: whatsappAddress(from) } : smsSenderFields(from)
      try {
        const message = await (await client).messages.create({
          to: channel === 'whatsapp' ? whatsappAddress(to.phone) : to.phone,
          body: noticePhoneText(channel, payload, to, shortUrl),
          ...sender,
        })
        return { providerMessageId: message.sid }
      } catch (error) {
        const channelError = twilioChannelError(error)
        const status = (error as { status?: unknown }).status
        if (status === 401 || status === 403) logger.error({ channel, status }, 'Twilio refused our credentials; check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN')
        throw channelError
      }
    },
  }
}
