import { and, eq } from 'drizzle-orm'
import { CLIENT_MESSAGES } from '#shared/clients.ts'
import { lockOwnerPlan } from '../alerts/alert-scope.ts'
import type { Db } from '../db/client.ts'
import { clients } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { isUuid } from '../lib/uuid.ts'
import type { ClientRow } from './client-view.ts'

/**
 * Every client operation goes through here: the caller's own client or 404 (another advisor's id
 * reads as no such client), `forUpdate` locking the row for the caller's transaction.
 */
export async function ownClient(db: Db, userId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<ClientRow> {
  if (!isUuid(id)) throw new AppError('not_found', CLIENT_MESSAGES.notFound)
  const query = db.select().from(clients).where(and(eq(clients.id, id), eq(clients.userId, userId)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  if (!row) throw new AppError('not_found', CLIENT_MESSAGES.notFound)
  return row
}

/** Client workspaces are Unlimited's: checked under the profile lock, like the plan's other limits. */
export async function assertClientPlan(tx: Db, userId: string, refusal: string = CLIENT_MESSAGES.planOnly): Promise<void> {
  if ((await lockOwnerPlan(tx, userId)) !== 'unlimited') throw new AppError('forbidden', refusal)
}

