import { eq, sql } from 'drizzle-orm'
import { CLIENT_LIMITS, CLIENT_MESSAGES, type ClientContact } from '#shared/clients.ts'
import type { Db } from '../db/client.ts'
import { clients } from '../db/schema.ts'
import type { Mailer } from '../email/mailer.ts'
import { inboxOf, takeFromWindow } from '../auth/mail-flood-guard.ts'
import { AppError } from '../lib/app-error.ts'
import type { Logger } from '../lib/logger.ts'
import { loadAdvisorBrand } from './advisor-brand.ts'
import type { ClientLinks } from './client-links.ts'
import { emailStatus, phoneStatus, type ClientRow } from './client-view.ts'
import { confirmationEmail, confirmationText } from './confirmation-messages.ts'

const DAY_MS = 24 * 60 * 60_000

export interface ConfirmationDeps {
  db: Db
  now: () => Date
  logger: Logger
  mailer: Mailer
  publicUrl: string
  /** The plain-text SMS sender (notifications' smsText): the request goes out as it is, no retry. */
  notifications: { smsText: { send(to: string, text: string): Promise<void> }; clientLinks: ClientLinks }
}

/** The contacts still waiting for the client's yes: given, not confirmed, not unsubscribed. */
export function pendingContacts(row: ClientRow): ClientContact[] {
  return [...(emailStatus(row) === 'pending' ? (['email'] as const) : []), ...(phoneStatus(row) === 'pending' ? (['phone'] as const) : [])]
}

/**
 * Claims the right to ask a client to confirm, in the caller's transaction with the client's row
 * locked: a minute between requests and a few in all per address, so an advisor (or someone with
 * their token) can't use FareDrop to pester a stranger. Returns what to send once committed.
 */
export async function claimConfirmation(tx: Db, row: ClientRow, now: Date): Promise<ClientContact[]> {
  const contacts = pendingContacts(row)
  if (contacts.length === 0) throw new AppError('conflict', CLIENT_MESSAGES.nothingToConfirm)
  const waitMs = row.confirmationSentAt ? row.confirmationSentAt.getTime() + CLIENT_LIMITS.resendWaitSeconds * 1000 - now.getTime() : 0
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000)
    throw new AppError('rate_limited', CLIENT_MESSAGES.resendWait(seconds), { headers: { 'Retry-After': String(seconds) } })
  }
  if (row.confirmationsSent >= CLIENT_LIMITS.maxConfirmations) throw new AppError('rate_limited', CLIENT_MESSAGES.confirmationLimit)
  // Per address too, whoever asks: a client deleted and made again (by hand or by API) starts its
  // own count afresh, so without this one stranger could be asked again and again.
  for (const contact of contacts) {
    const address = contact === 'email' ? inboxOf(row.email!) : row.phone!
    if (!(await takeFromWindow(tx, `client-confirm:${address}`, CLIENT_LIMITS.confirmationsPerAddressPerDay, DAY_MS, now))) {
      throw new AppError('rate_limited', CLIENT_MESSAGES.addressLimit)
    }
  }
  await tx
    .update(clients)
    .set({ confirmationSentAt: now, confirmationsSent: sql`${clients.confirmationsSent} + 1` })
    .where(eq(clients.id, row.id))
  return contacts
}

/**
 * Sends the requests claimed above, after the commit. A failed send is logged, not thrown: the
 * client is saved and shows "Waiting for confirmation", and the advisor may ask again in a minute.
 */
export async function sendConfirmation(deps: ConfirmationDeps, row: ClientRow, contacts: readonly ClientContact[]): Promise<void> {
  const brand = await loadAdvisorBrand(deps.db, row.userId, deps.publicUrl)
  const links = deps.notifications.clientLinks
  const sends: Promise<unknown>[] = []
  if (contacts.includes('email') && row.email) {
    const email = row.email
    const content = confirmationEmail(brand, { confirm: links.url('confirm', row.id, 'email', email), unsubscribe: links.url('unsubscribe', row.id, 'email', email) })
    sends.push(deps.mailer.send({ to: email, ...content, ...(brand.contactEmail ? { headers: { 'Reply-To': brand.contactEmail } } : {}) }))
  }
  if (contacts.includes('phone') && row.phone) {
    sends.push(deps.notifications.smsText.send(row.phone, confirmationText(brand, links.url('confirm', row.id, 'phone', row.phone))))
  }
  const results = await Promise.allSettled(sends)
  for (const result of results) {
    if (result.status === 'rejected') deps.logger.warn({ err: result.reason, clientId: row.id }, 'client confirmation request could not be sent')
  }
}
