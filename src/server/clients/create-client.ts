import { and, count, eq } from 'drizzle-orm'
import { CLIENT_LIMITS, CLIENT_MESSAGES, type ClientView, type CreateClient } from '#shared/clients.ts'
import { clients } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { assertClientPlan, ownClient } from './client-scope.ts'
import { toClientView } from './client-view.ts'
import { claimConfirmation, sendConfirmation, type ConfirmationDeps } from './request-confirmation.ts'

/**
 * POST /api/clients: a new client, and at once the request to confirm each contact (double opt-in:
 * nothing reaches the client before they say yes). Counted under the profile lock, so parallel
 * creates can't pass the cap.
 */
export async function createClient(deps: ConfirmationDeps, userId: string, input: CreateClient): Promise<ClientView> {
  const now = deps.now()
  const { id, contacts } = await deps.db.transaction(async (tx) => {
    await assertClientPlan(tx, userId)
    const [held] = await tx.select({ n: count() }).from(clients).where(eq(clients.userId, userId))
    if ((held?.n ?? 0) >= CLIENT_LIMITS.maxClients) throw new AppError('conflict', CLIENT_MESSAGES.tooMany)
    if (input.email) await assertEmailFree(tx, userId, input.email)
    const [row] = await tx
      .insert(clients)
      .values({ userId, name: input.name, email: input.email ?? null, phone: input.phone ?? null, channels: input.channels, createdAt: now, updatedAt: now })
      .returning()
    return { id: row!.id, contacts: await claimConfirmation(tx, row!, now) }
  })
  const row = await ownClient(deps.db, userId, id)
  await sendConfirmation(deps, row, contacts)
  return toClientView(row, 0)
}

/** One client per email address in an account: two would double every notice and every request. */
export async function assertEmailFree(tx: ConfirmationDeps['db'], userId: string, email: string, exceptId?: string): Promise<void> {
  const same = await tx.select({ id: clients.id }).from(clients).where(and(eq(clients.userId, userId), eq(clients.email, email)))
  if (same.some((row) => row.id !== exceptId)) throw new AppError('conflict', CLIENT_MESSAGES.duplicateEmail, { fieldErrors: { email: [CLIENT_MESSAGES.duplicateEmail] } })
}
