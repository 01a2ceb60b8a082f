import { inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { priceChecks } from '../db/schema.ts'
import type { AlertCheck } from './check-alert-group.ts'
import type { Observation } from './load-cached-observations.ts'

/** The check log feeds the admin console's 30-day trends. */
export const CHECK_RETENTION_MS = 35 * 86_400_000
const PRUNE_CHUNK = 5_000

/**
 * How late a logged check ran, in seconds: from its due time to the check (never negative). For
 * the admin console and /metrics alike; rows without a due time (a check made before it was due)
 * must be filtered out by the caller.
 */
export const checkLagSeconds = sql`greatest(extract(epoch from (${priceChecks.checkedAt} - ${priceChecks.dueAt})), 0)`

/** The `fraction` percentile of the lag over the selected rows that have a due time; null without any. */
export const checkLagPercentile = (fraction: number) =>
  sql<number | null>`(percentile_cont(${sql.raw(String(fraction))}) within group (order by ${checkLagSeconds}) filter (where ${priceChecks.dueAt} is not null))::float8`

/**
 * The check log the admin console reads (checks per hour, lag from due time, cache hits, each
 * alert's checks): one row per stored check, in the same transaction as its result. A check made
 * before it was due (an admin's "check now") has no due time, so it never counts as lag.
 */
export async function recordChecks(tx: Db, stored: readonly AlertCheck[], made: readonly Observation[], now: Date): Promise<void> {
  // An alert found expired asked nobody: not a check.
  const checked = stored.filter((c) => c.outcome.kind !== 'expired' && c.outcome.kind !== 'deferred')
  if (checked.length === 0) return
  const madeNow = new Set(made.map((o) => o.id))
  const rows = checked.map(({ alert, outcome, evaluation, observation }) => ({
    alert_id: alert.id,
    due_at: alert.nextCheckAt && alert.nextCheckAt <= now ? alert.nextCheckAt.toISOString() : null,
    outcome: outcome.kind === 'price' || outcome.kind === 'missing' ? outcome.kind : 'failed',
    price: outcome.kind === 'price' ? outcome.price : null,
    cached: observation !== null && !madeNow.has(observation.id),
    notified: Boolean(evaluation?.notify),
    detail: outcome.kind === 'failed' ? outcome.reason : outcome.kind === 'missing' ? outcome.note : null,
  }))
  await tx.execute(sql`
    insert into price_checks (alert_id, due_at, checked_at, outcome, price, cached, notified, detail)
    select alert_id, due_at, ${now.toISOString()}::timestamptz, outcome, price, cached, notified, detail
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
      alert_id uuid, due_at timestamptz, outcome text, price numeric, cached boolean, notified boolean, detail text)`)
}

/** Deletes log rows older than the retention, in chunks (no long lock). */
export async function pruneCheckLog(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - CHECK_RETENTION_MS)
  for (;;) {
    const old = db.select({ id: priceChecks.id }).from(priceChecks).where(lt(priceChecks.checkedAt, before)).limit(PRUNE_CHUNK)
    const deleted = await db.delete(priceChecks).where(inArray(priceChecks.id, old)).returning({ id: priceChecks.id })
    if (deleted.length < PRUNE_CHUNK) break
  }
}
