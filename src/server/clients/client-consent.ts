import { eq } from 'drizzle-orm'
import type { ClientContact } from '#shared/clients.ts'
import type { Db } from '../db/client.ts'
import { clients } from '../db/schema.ts'
import { isUuid } from '../lib/uuid.ts'
import type { ClientLinkKind, ClientLinks } from './client-links.ts'
import type { ClientRow } from './client-view.ts'

export const isClientContact = (value: string | undefined): value is ClientContact => value === 'email' || value === 'phone'

export const contactAddress = (row: ClientRow, contact: ClientContact) => (contact === 'email' ? row.email : row.phone)

/**
 * The client a confirm or unsubscribe link names, when the link is genuine and still for the
 * address on file; null otherwise (a forged link, a deleted client or a changed address look the same).
 */
export async function clientForLink(
  db: Db,
  links: ClientLinks,
  link: { kind: ClientLinkKind; id: string; contact: string | undefined; token: string },
): Promise<{ row: ClientRow; contact: ClientContact } | null> {
  if (!isUuid(link.id) || !isClientContact(link.contact)) return null
  const [row] = await db.select().from(clients).where(eq(clients.id, link.id))
  const address = row ? contactAddress(row, link.contact) : null
  if (!row || !address || !links.verify(link.kind, row.id, link.contact, address, link.token)) return null
  return { row, contact: link.contact }
}

/** The client's yes: notices may now reach this contact (again, after an unsubscribe). */
export async function confirmContact(db: Db, row: ClientRow, contact: ClientContact, now: Date): Promise<void> {
  await db
    .update(clients)
    .set(contact === 'email' ? { emailConfirmedAt: now, emailUnsubscribedAt: null } : { phoneConfirmedAt: now, phoneUnsubscribedAt: null })
    .where(eq(clients.id, row.id))
}

/** The client's no: nothing more reaches this contact, notices nor requests to confirm. */
export async function unsubscribeContact(db: Db, row: ClientRow, contact: ClientContact, now: Date): Promise<void> {
  await db
    .update(clients)
    .set(contact === 'email' ? { emailUnsubscribedAt: now } : { phoneUnsubscribedAt: now })
    .where(eq(clients.id, row.id))
}
