import { and, eq } from 'drizzle-orm'
import { CLIENT_MESSAGES } from '#shared/clients.ts'
import type { PlanId } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { clients } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'

/**
 * An alert's `client_id` (decision 043), checked in the alert's transaction after the profile
 * lock: null is the advisor's own alert; a client must be the caller's own, on the Unlimited plan.
 * Another advisor's client id reads like a typo (400 on the field), never revealing that it exists.
 */
export async function assertAlertClient(tx: Db, userId: string, plan: PlanId, clientId: string | null | undefined): Promise<void> {
  if (!clientId) return
  if (plan !== 'unlimited') throw new AppError('forbidden', CLIENT_MESSAGES.planOnly)
  const [row] = await tx.select({ id: clients.id }).from(clients).where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
  if (!row) throw new AppError('validation_failed', CLIENT_MESSAGES.clientForAlert, { fieldErrors: { client_id: [CLIENT_MESSAGES.clientForAlert] } })
}
