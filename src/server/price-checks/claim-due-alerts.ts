import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { AlertRow } from '../alerts/to-alert.ts'
import type { Db } from '../db/client.ts'
import { alerts } from '../db/schema.ts'

/**
 * Only these statuses are checked; the literal list lets the planner use the partial index
 * `alerts_due_idx` (a bound parameter list would not prove its predicate).
 */
const checked = sql`${alerts.status} in ('active', 'triggered', 'at_risk')`
const unleased = (now: Date) => or(isNull(alerts.leaseUntil), lte(alerts.leaseUntil, now))

/** A claim adds at most this many alerts per picked alert (same searches, also due) to its batch. */
export const MATES_PER_PICKED = 4

/**
 * Claims up to `limit` due alerts, oldest due first, for one worker cycle, plus the other due
 * alerts of the same searches (at most MATES_PER_PICKED × `limit`, oldest first): one batch then
 * holds most of a busy search's alerts, so the search is looked up, asked and confirmed once rather
 * than once in every batch its alerts fell into. They all get the cycle's lease (owner + expiry) in
 * the statement that picks them. `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once
 * without waiting on or taking each other's rows, and the lease keeps a claimed alert out of every
 * other claim until this cycle writes its result or the lease runs out (a crashed worker's alerts
 * come back by themselves).
 */
export async function claimDueAlerts(db: Db, input: { owner: string; now: Date; leaseMs: number; limit: number }): Promise<AlertRow[]> {
  const { now } = input
  const due = and(checked, lte(alerts.nextCheckAt, now), unleased(now))
  const picked = db
    .$with('picked')
    .as(db.select({ id: alerts.id, searchKey: alerts.searchKey }).from(alerts).where(due).orderBy(asc(alerts.nextCheckAt)).limit(input.limit).for('update', { skipLocked: true }))
  const mates = db.$with('mates').as(
    db
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(due, inArray(alerts.searchKey, db.select({ key: picked.searchKey }).from(picked)), notInArray(alerts.id, db.select({ id: picked.id }).from(picked))))
      .orderBy(asc(alerts.nextCheckAt))
      .limit(input.limit * MATES_PER_PICKED)
      .for('update', { skipLocked: true }),
  )
  const rows = await db
    .with(picked, mates)
    .update(alerts)
    // Taking a lease changes nothing about the alert itself: updated_at stays.
    .set({ leaseOwner: input.owner, leaseUntil: new Date(now.getTime() + input.leaseMs), updatedAt: sql`${alerts.updatedAt}` })
    .where(or(inArray(alerts.id, db.select({ id: picked.id }).from(picked)), inArray(alerts.id, db.select({ id: mates.id }).from(mates))))
    .returning()
  return rows.sort((a, b) => (a.nextCheckAt?.getTime() ?? 0) - (b.nextCheckAt?.getTime() ?? 0))
}

/**
 * Claims one alert whatever its due time (the admin "check now"): null when it does not exist, is
 * not in a checked status, or another cycle holds it right now.
 */
export async function claimAlert(db: Db, input: { owner: string; id: string; now: Date; leaseMs: number }): Promise<AlertRow | null> {
  const [row] = await db
    .update(alerts)
    .set({ leaseOwner: input.owner, leaseUntil: new Date(input.now.getTime() + input.leaseMs), updatedAt: sql`${alerts.updatedAt}` })
    .where(and(eq(alerts.id, input.id), checked, unleased(input.now)))
    .returning()
  return row ?? null
}
