import { eq } from 'drizzle-orm'
import { clientContactsSchema, type ClientView, type UpdateClient } from '#shared/clients.ts'
import { clients } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { assertClientPlan, ownClient } from './client-scope.ts'
import { assertEmailFree } from './create-client.ts'
import { withCounts } from './list-clients.ts'
import { claimConfirmation, pendingContacts, sendConfirmation, type ConfirmationDeps } from './request-confirmation.ts'

/**
 * PATCH /api/clients/:id. A new address starts over: unconfirmed, and asked to confirm (when the
 * request limits allow; otherwise "Resend" later). The request count is not reset by a change, so
 * switching addresses back and forth can't turn into a stream of requests to one person.
 */
export async function updateClient(deps: ConfirmationDeps, userId: string, id: string, patch: UpdateClient): Promise<ClientView> {
  const now = deps.now()
  const { contacts } = await deps.db.transaction(async (tx) => {
    // Another advisor's client is a 404 before any plan question (nothing about it is revealed).
    await ownClient(tx, userId, id)
    await assertClientPlan(tx, userId)
    const row = await ownClient(tx, userId, id, { forUpdate: true })
    const merged = clientContactsSchema.parse({
      email: patch.email === undefined ? row.email : patch.email,
      phone: patch.phone === undefined ? row.phone : patch.phone,
      channels: patch.channels ?? row.channels,
    })
    const emailChanged = merged.email !== row.email
    const phoneChanged = merged.phone !== row.phone
    if (emailChanged && merged.email) await assertEmailFree(tx, userId, merged.email, row.id)
    const [updated] = await tx
      .update(clients)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        email: merged.email,
        phone: merged.phone,
        channels: merged.channels,
        ...(emailChanged ? { emailConfirmedAt: null, emailUnsubscribedAt: null } : {}),
        ...(phoneChanged ? { phoneConfirmedAt: null, phoneUnsubscribedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(clients.id, row.id))
      .returning()
    if (!(emailChanged || phoneChanged) || pendingContacts(updated!).length === 0) return { contacts: [] }
    try {
      return { contacts: await claimConfirmation(tx, updated!, now) }
    } catch (error) {
      // Asked moments ago or too often: the change is saved; the advisor may resend later.
      if (error instanceof AppError && error.code === 'rate_limited') return { contacts: [] }
      throw error
    }
  })
  const row = await ownClient(deps.db, userId, id)
  if (contacts.length > 0) await sendConfirmation(deps, row, contacts)
  return (await withCounts(deps.db, [row]))[0]!
}
