import type { Db } from '../db/client.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../lib/logger.ts'
import type { Mailer } from './mailer.ts'
import { createOutboxMailer } from './outbox-mailer.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

/** SMTP when SMTP_URL is set; otherwise the local outbox, so sign-up works with no mail server. */
export function createMailer({ env, db, logger }: { env: Env; db: Db; logger: Logger }): Mailer {
  if (env.SMTP_URL) return createSmtpMailer({ smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM, logger })
  return createOutboxMailer({ db, logger })
}
