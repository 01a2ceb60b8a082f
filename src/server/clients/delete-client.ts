import { and, eq } from 'drizzle-orm'
import { CLIENT_MESSAGES } from '#shared/clients.ts'
import type { Db } from '../db/client.ts'
import { clients } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { isUuid } from '../lib/uuid.ts'

/** DELETE /api/clients/:id: the client and their alerts (and those alerts' notices) go together. */
export async function deleteClient(db: Db, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id) ? await db.delete(clients).where(and(eq(clients.id, id), eq(clients.userId, userId))).returning({ id: clients.id }) : []
  if (deleted.length === 0) throw new AppError('not_found', CLIENT_MESSAGES.notFound)
}
