import type TwilioSDK from 'twilio'
import type { Db } from '../../db/client.ts'
import { twilioSender } from '../../drivers.ts'
import { insertOutboxMessage } from '../../email/outbox-mailer.ts'
import type { Env } from '../../env.ts'
import type { Logger } from '../../lib/logger.ts'
import { twilioChannelError } from './twilio-channel.ts'
import { loadTwilioClient, smsSenderFields } from './twilio-client.ts'

/**
 * One plain SMS that is not an alert notice (the phone verification code): sent at once, straight
 * through the SMS driver, with no outbox row, retry or dedupe key of the alert dispatcher. Twilio
 * when SMS is configured for it, else the local outbox (read at /dev/mailbox), chosen by the same
 * predicate as /api/health's `sms` driver.
 */
export interface SmsTextSender {
  driver: 'twilio' | 'outbox'
  /** Throws ChannelError (retryable or not) when the provider refuses or can't be reached. */
  send(to: string, text: string): Promise<void>
}

export function createSmsTextSender({ env, db, logger, timeoutMs }: { env: Env; db: Db; logger: Logger; timeoutMs: number }): SmsTextSender {
  const from = twilioSender(env, 'sms')
  if (!from) {
    return {
      driver: 'outbox',
      async send(to, text) {
        await insertOutboxMessage(db, { channel: 'sms', to, subject: null, text, links: [] })
        // Never the text: it holds a code.
        logger.info({ channel: 'sms', to }, 'text message written to the local outbox (read it at /dev/mailbox)')
      },
    }
  }

  let client: Promise<TwilioSDK.Twilio> | undefined
  const config = { accountSid: env.TWILIO_ACCOUNT_SID!, authToken: env.TWILIO_AUTH_TOKEN!, baseUrl: env.TWILIO_API_BASE_URL, timeoutMs }
  return {
    driver: 'twilio',
    async send(to, text) {
      // Loaded on first use like the notice channel's; a failed load is forgotten so the next try loads again.
      client ??= loadTwilioClient(config).catch((error: unknown) => {
        client = undefined
        throw error
      })
      try {
        await (await client).messages.create({ to, body: text, ...smsSenderFields(from) })
      } catch (error) {
        throw twilioChannelError(error)
      }
    },
  }
}
