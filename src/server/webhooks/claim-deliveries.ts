import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { webhookDeliveries } from '../db/schema.ts'
import type { DeliveryRow } from './deliveries.ts'

/**
 * Takes up to `batchSize` due pending deliveries for this dispatcher, as the notice dispatcher does
 * (notifications/claim-notifications.ts): FOR UPDATE SKIP LOCKED, so dispatchers in several
 * processes never take the same rows, and a lease that keeps a row ours after the statement
 * commits; a crashed dispatcher's lease runs out and another takes the row. Claiming counts no
 * attempt; `startAttempt` does, as each send begins.
 */
export async function claimDueDeliveries(db: Db, { now, batchSize, leaseMs }: { now: Date; batchSize: number; leaseMs: number }): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true })
  return db
    .update(webhookDeliveries)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(webhookDeliveries.id, due))
    .returning()
}

const ownLease = (row: DeliveryRow) => (row.leaseUntil ? eq(webhookDeliveries.leaseUntil, row.leaseUntil) : isNull(webhookDeliveries.leaseUntil))
const stillOurs = (row: DeliveryRow) => and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'pending'), ownLease(row))

/**
 * Counts an attempt just before its POST, committed first: a delivery that crashes its dispatcher
 * every time still reaches the attempt limit. Null when the row is no longer ours.
 */
export async function startAttempt(db: Db, row: DeliveryRow, now: Date): Promise<number | null> {
  const [updated] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: now })
    .where(stillOurs(row))
    .returning({ attempts: webhookDeliveries.attempts })
  return updated?.attempts ?? null
}

export type DeliveryOutcomeFields = Partial<
  Pick<DeliveryRow, 'status' | 'nextAttemptAt' | 'responseStatus' | 'responseBody' | 'durationMs' | 'lastError' | 'deliveredAt'>
>

/** Writes an attempt's outcome while our lease still holds the row; false when another dispatcher has it. */
export async function finishDelivery(db: Db, row: DeliveryRow, outcome: DeliveryOutcomeFields): Promise<boolean> {
  const updated = await db
    .update(webhookDeliveries)
    .set({ ...outcome, leaseUntil: null })
    .where(stillOurs(row))
    .returning({ id: webhookDeliveries.id })
  return updated.length > 0
}
