import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
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
  const now = input.now.toISOString()
  // The status list is literal so the planner can use the partial indexes (see `checked`).
  const due = (alias: 'a' | 'b') => {
    const a = sql.raw(alias)
    return sql`${a}.status in ('active', 'triggered', 'at_risk') and ${a}.next_check_at <= ${now}::timestamptz and (${a}.lease_until is null or ${a}.lease_until <= ${now}::timestamptz)`
  }
  const mateLimit = input.limit * MATES_PER_PICKED
  // picked: the oldest due (alerts_due_idx). mates: per picked search, its oldest due alerts
  // (alerts_search_key_due_idx, a range scan per key: the cost follows the batch, not the table).
  const claimable = sql`
    with picked as (
      select a.id, a.search_key from alerts a
      where ${due('a')}
      order by a.next_check_at limit ${input.limit}
      for update skip locked
    ), mates as (
      select m.id from (select distinct search_key from picked where search_key is not null) k
      cross join lateral (
        select b.id, b.next_check_at from alerts b
        where b.search_key = k.search_key and ${due('b')} and b.id not in (select id from picked)
        order by b.next_check_at limit ${mateLimit}
        for update skip locked
      ) m
      order by m.next_check_at limit ${mateLimit}
    )
    select id from picked union all select id from mates`
  const rows = await db
    .update(alerts)
    // Taking a lease changes nothing about the alert itself: updated_at stays.
    .set({ leaseOwner: input.owner, leaseUntil: new Date(input.now.getTime() + input.leaseMs), updatedAt: sql`${alerts.updatedAt}` })
    .where(sql`${alerts.id} in (${claimable})`)
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
