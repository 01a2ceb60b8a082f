import { createTransport } from 'nodemailer'
import type { Logger } from '../lib/logger.ts'
import { assertSafeHeaders, type Mailer } from './mailer.ts'

/** Sends real email through the SMTP server in SMTP_URL (credentials, port and TLS all come from the URL). */
export function createSmtpMailer({ smtpUrl, from, logger }: { smtpUrl: string; from: string; logger: Logger }): Mailer {
  const transport = createTransport(smtpUrl)
  return {
    driver: 'smtp',
    async send({ to, subject, text, html, headers, messageId }) {
      assertSafeHeaders(headers)
      try {
        const info = await transport.sendMail({ from, to, subject, text, html, headers, ...(messageId ? { messageId } : {}) })
        return { messageId: info.messageId ?? null }
      } catch (err) {
        // SMTP_URL may hold a password, so it stays out of the log.
        logger.error({ err, to, subject }, 'email could not be sent over SMTP')
        throw err
      }
    },
  }
}
