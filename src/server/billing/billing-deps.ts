import type { Db } from '../db/client.ts'
import type { Mailer } from '../email/mailer.ts'
import type { Logger } from '../lib/logger.ts'
import type { BillingService } from './billing-service.ts'

/** What billing operations need; routes, the worker and tests pass the same. */
export interface BillingDeps {
  db: Db
  billing: BillingService
  now: () => Date
  /** Our origin: redirect targets must stay on it, and local pages are built on it. */
  publicUrl: string
  logger: Logger
  mailer: Mailer
  /** Emails sent after the response went out (shutdown and tests wait for them). */
  pendingEmails: Set<Promise<unknown>>
}
