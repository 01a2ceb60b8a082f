import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { alertNotifications, notificationDigests } from '../db/schema.ts'
import type { OutcomeFields } from './attempt-delivery.ts'
import type { NotificationRow } from './claim-notifications.ts'

export type DigestRow = typeof notificationDigests.$inferSelect

/**
 * Daily digests (decision 054) are claimed, counted and recorded like single notices
 * (claim-notifications.ts): FOR UPDATE SKIP LOCKED with a lease, an attempt counted before each
 * send, an outcome written only while the lease holds. The digest is the unit; its items follow.
 */
export async function claimDueDigests(db: Db, { now, batchSize, leaseMs }: { now: Date; batchSize: number; leaseMs: number }): Promise<DigestRow[]> {
  const due = db
    .select({ id: notificationDigests.id })
    .from(notificationDigests)
    .where(
      and(
        eq(notificationDigests.status, 'pending'),
        lte(notificationDigests.nextAttemptAt, now),
        or(isNull(notificationDigests.leaseUntil), lt(notificationDigests.leaseUntil, now)),
      ),
    )
    .orderBy(asc(notificationDigests.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true })
  return db
    .update(notificationDigests)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(notificationDigests.id, due))
    .returning()
}

/**
 * The notices waiting in claimed digests, oldest first. Read after the claim: an engine transaction
 * that added one had to commit before the claim could lock the digest, and none can join it now.
 */
export async function loadDigestItems(db: Db, digestIds: readonly string[]): Promise<Map<string, NotificationRow[]>> {
  const out = new Map<string, NotificationRow[]>()
  if (digestIds.length === 0) return out
  const rows = await db
    .select()
    .from(alertNotifications)
    .where(and(inArray(alertNotifications.digestId, [...digestIds]), eq(alertNotifications.status, 'pending')))
    .orderBy(asc(alertNotifications.createdAt), asc(alertNotifications.id))
  for (const row of rows) out.set(row.digestId!, [...(out.get(row.digestId!) ?? []), row])
  return out
}

const ownLease = (row: DigestRow) => (row.leaseUntil ? eq(notificationDigests.leaseUntil, row.leaseUntil) : isNull(notificationDigests.leaseUntil))

/** Counts an attempt on a claimed digest just before its send; null when the lease was lost. */
export async function startDigestAttempt(db: Db, row: DigestRow): Promise<number | null> {
  const [updated] = await db
    .update(notificationDigests)
    .set({ attempts: sql`${notificationDigests.attempts} + 1` })
    .where(and(eq(notificationDigests.id, row.id), eq(notificationDigests.status, 'pending'), ownLease(row)))
    .returning({ attempts: notificationDigests.attempts })
  return updated?.attempts ?? null
}

/**
 * Writes a claimed digest's outcome while our lease holds it, and the same outcome to the items it
 * carried (`itemIds`: the ones in the message), in one transaction: a notice is sent exactly when
 * its digest is. A retry moves the items' next attempt with the digest's.
 */
export async function finishDigest(db: Db, row: DigestRow, itemIds: readonly string[], outcome: OutcomeFields): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(notificationDigests)
      .set({ ...outcome, leaseUntil: null })
      .where(and(eq(notificationDigests.id, row.id), eq(notificationDigests.status, 'pending'), ownLease(row)))
      .returning({ id: notificationDigests.id })
    if (updated.length === 0) return false
    const { status, nextAttemptAt, lastError, providerMessageId, sentAt } = outcome
    const itemFields = { status, nextAttemptAt, lastError, providerMessageId, sentAt }
    const fields = Object.fromEntries(Object.entries(itemFields).filter(([, value]) => value !== undefined))
    if (itemIds.length > 0 && Object.keys(fields).length > 0) {
      await tx
        .update(alertNotifications)
        .set(fields)
        .where(and(inArray(alertNotifications.id, [...itemIds]), eq(alertNotifications.status, 'pending')))
    }
    return true
  })
}

/** Records one item's own outcome (skipped: its alert was deleted or paused, its channel switched off). */
export async function finishDigestItem(db: Db, item: NotificationRow, fields: Pick<OutcomeFields, 'status' | 'lastError'>): Promise<void> {
  await db
    .update(alertNotifications)
    .set(fields)
    .where(and(eq(alertNotifications.id, item.id), eq(alertNotifications.status, 'pending')))
}
