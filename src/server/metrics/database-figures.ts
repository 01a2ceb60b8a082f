import { and, gte, inArray, isNotNull, like, sql } from 'drizzle-orm'
import { LIVE_ALERT_STATUSES } from '#shared/alert-status.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts, priceChecks, providerBackoffs, providerBudget } from '../db/schema.ts'
import { checkLagPercentile } from '../price-checks/check-log.ts'
import { budgetWindows } from '../provider-budget/provider-budget.ts'

/**
 * What the database says about the service right now: the figures behind the metrics that every
 * process must agree on (decision 033). Read at scrape time, in one read-only transaction with a
 * statement timeout, each query on an index or a small table:
 * - price checks in the last 5 minutes and hour by outcome, and the lag from due time to check
 *   (p50, p95) over the hour: `price_checks_checked_idx`;
 * - live alerts past their check time: the partial index `alerts_due_idx` (same predicate);
 * - provider calls in this minute's and this day's budget windows: primary-key lookups;
 * - provider failures in a row and open circuit breakers: `provider_backoffs` (one row per failing
 *   provider or search, pruned weekly);
 * - notices waiting to be sent: the partial index `alert_notifications_due_idx`; and notices queued
 *   in the last hour and day by channel and status (created_at, as the admin overview counts them).
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Longest any one query may run (PostgreSQL cancels it); a scrape never waits on a slow database. */
export const FIGURES_STATEMENT_TIMEOUT_MS = 2_000

export const CHECK_OUTCOMES = ['price', 'missing', 'failed'] as const

export interface DatabaseFigures {
  checks: { outcome: string; last5m: number; lastHour: number }[]
  /** Seconds from due time to check over the last hour; null when nothing was checked. */
  lag: { p50: number; p95: number } | null
  overdue: { count: number; oldestSeconds: number }
  providerCalls: { provider: string; period: 'minute' | 'day'; calls: number }[]
  breakers: { provider: string; failures: number; open: boolean }[]
  searchBackoffs: number
  pending: { channel: string; pending: number; due: number }[]
  deliveries: { channel: string; status: string; lastHour: number; lastDay: number }[]
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`

export async function readDatabaseFigures(db: Db, now: Date): Promise<DatabaseFigures> {
  const hourAgo = new Date(now.getTime() - HOUR_MS)
  const fiveMinutesAgo = new Date(now.getTime() - 5 * 60_000)
  const dayAgo = new Date(now.getTime() - DAY_MS)
  const windows = budgetWindows(now)

  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${FIGURES_STATEMENT_TIMEOUT_MS}`))
    const checks = await tx
      .select({
        outcome: priceChecks.outcome,
        last5m: sql<number>`(count(*) filter (where ${priceChecks.checkedAt} >= ${ts(fiveMinutesAgo)}))::int`,
        lastHour: sql<number>`count(*)::int`,
      })
      .from(priceChecks)
      .where(gte(priceChecks.checkedAt, hourAgo))
      .groupBy(priceChecks.outcome)
    const [lag] = await tx
      .select({
        checked: sql<number>`count(*)::int`,
        p50: checkLagPercentile(0.5),
        p95: checkLagPercentile(0.95),
      })
      .from(priceChecks)
      .where(and(gte(priceChecks.checkedAt, hourAgo), isNotNull(priceChecks.dueAt)))
    const [overdue] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        oldestSeconds: sql<number>`coalesce(extract(epoch from (${ts(now)} - min(${alerts.nextCheckAt}))), 0)::float8`,
      })
      .from(alerts)
      .where(and(inArray(alerts.status, LIVE_ALERT_STATUSES), sql`${alerts.nextCheckAt} < ${ts(now)}`))
    const providerCalls = await tx
      .select({ provider: providerBudget.provider, period: providerBudget.period, calls: providerBudget.calls })
      .from(providerBudget)
      .where(
        sql`(${providerBudget.period}, ${providerBudget.windowStart}) in (('minute', ${ts(windows.minute)}), ('day', ${ts(windows.day)}))`,
      )
    const backoffs = await tx
      .select({
        scope: providerBackoffs.scope,
        failures: providerBackoffs.failures,
        open: sql<boolean>`coalesce(${providerBackoffs.retryAt} > ${ts(now)}, false)`,
      })
      .from(providerBackoffs)
      .where(like(providerBackoffs.scope, 'provider:%'))
    const [searches] = await tx
      .select({ waiting: sql<number>`count(*)::int` })
      .from(providerBackoffs)
      .where(and(like(providerBackoffs.scope, 'search:%'), sql`${providerBackoffs.retryAt} > ${ts(now)}`))
    const pending = await tx
      .select({
        channel: alertNotifications.channel,
        pending: sql<number>`count(*)::int`,
        due: sql<number>`(count(*) filter (where ${alertNotifications.nextAttemptAt} <= ${ts(now)}))::int`,
      })
      .from(alertNotifications)
      .where(sql`${alertNotifications.status} = 'pending'`)
      .groupBy(alertNotifications.channel)
    const deliveries = await tx
      .select({
        channel: alertNotifications.channel,
        status: alertNotifications.status,
        lastHour: sql<number>`(count(*) filter (where ${alertNotifications.createdAt} >= ${ts(hourAgo)}))::int`,
        lastDay: sql<number>`count(*)::int`,
      })
      .from(alertNotifications)
      .where(gte(alertNotifications.createdAt, dayAgo))
      .groupBy(alertNotifications.channel, alertNotifications.status)

    return {
      checks: checks.map((row) => ({ outcome: row.outcome, last5m: Number(row.last5m), lastHour: Number(row.lastHour) })),
      lag: lag && Number(lag.checked) > 0 ? { p50: Number(lag.p50), p95: Number(lag.p95) } : null,
      overdue: { count: Number(overdue?.count ?? 0), oldestSeconds: Number(overdue?.oldestSeconds ?? 0) },
      providerCalls: providerCalls.map((row) => ({ ...row, calls: Number(row.calls) })),
      breakers: backoffs.map((row) => ({ provider: row.scope.slice('provider:'.length), failures: Number(row.failures), open: row.open === true })),
      searchBackoffs: Number(searches?.waiting ?? 0),
      pending: pending.map((row) => ({ channel: row.channel, pending: Number(row.pending), due: Number(row.due) })),
      deliveries: deliveries.map((row) => ({ channel: row.channel, status: row.status, lastHour: Number(row.lastHour), lastDay: Number(row.lastDay) })),
    }
  }, { accessMode: 'read only' })
}
