import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { alertNotifications } from '../db/schema.ts'

export type NotificationRow = typeof alertNotifications.$inferSelect

/**
 * Takes up to `batchSize` due pending notices for this dispatcher: rows whose next attempt has come
 * and that no live lease holds. FOR UPDATE SKIP LOCKED lets any number of dispatchers on one
 * PostgreSQL claim side by side without waiting for or taking each other's rows; the lease keeps a
 * row ours after the statement commits, and a crashed dispatcher's lease simply runs out.
 *
 * Claiming counts no attempt: `startAttempt` does, as each send begins. A dispatcher that dies
 * mid-round so costs an attempt only to the notices it was sending, not to the whole batch it held
 * (a crash loop would otherwise dead-letter notices that were never tried).
 */
export async function claimDueNotifications(
  db: Db,
  { now, batchSize, leaseMs }: { now: Date; batchSize: number; leaseMs: number },
): Promise<NotificationRow[]> {
  const due = db
    .select({ id: alertNotifications.id })
    .from(alertNotifications)
    .where(
      and(
        eq(alertNotifications.status, 'pending'),
        // A digest's notices go out with their digest (claim-digests.ts), never one by one.
        isNull(alertNotifications.digestId),
        lte(alertNotifications.nextAttemptAt, now),
        or(isNull(alertNotifications.leaseUntil), lt(alertNotifications.leaseUntil, now)),
      ),
    )
    .orderBy(asc(alertNotifications.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true })
  return db
    .update(alertNotifications)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(alertNotifications.id, due))
    .returning()
}

/**
 * Counts an attempt on a claimed row just before its send starts, committed before the provider is
 * called, so a notice that crashes its dispatcher during every send still reaches the attempt
 * limit instead of looping forever. Returns the attempt number, or null when the row is no longer
 * ours (lease ended and taken over).
 */
export async function startAttempt(db: Db, row: NotificationRow): Promise<number | null> {
  const [updated] = await db
    .update(alertNotifications)
    .set({ attempts: sql`${alertNotifications.attempts} + 1` })
    .where(and(eq(alertNotifications.id, row.id), eq(alertNotifications.status, 'pending'), ownLease(row)))
    .returning({ attempts: alertNotifications.attempts })
  return updated?.attempts ?? null
}

const ownLease = (row: NotificationRow) => (row.leaseUntil ? eq(alertNotifications.leaseUntil, row.leaseUntil) : isNull(alertNotifications.leaseUntil))

/**
 * Writes a claimed row's outcome, only while our lease still holds it: if the lease ran out and
 * another dispatcher took the row, its outcome wins. Returns false when the row was no longer ours.
 */
export async function finishNotification(
  db: Db,
  row: NotificationRow,
  outcome: Partial<Pick<NotificationRow, 'status' | 'nextAttemptAt' | 'lastError' | 'providerMessageId' | 'sentAt'>>,
): Promise<boolean> {
  const updated = await db
    .update(alertNotifications)
    .set({ ...outcome, leaseUntil: null })
    .where(
      and(eq(alertNotifications.id, row.id), eq(alertNotifications.status, 'pending'), ownLease(row)),
    )
    .returning({ id: alertNotifications.id })
  return updated.length > 0
}
