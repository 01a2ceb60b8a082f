import { and, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { AdminTrendDay } from '#shared/admin.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts, priceChecks, providerBudget, subscriptions, users } from '../db/schema.ts'
import { checkLagPercentile } from '../price-checks/check-log.ts'
import { recurringRevenue } from './revenue.ts'

export const TREND_DAYS = 30
const DAY_MS = 86_400_000

const dayKey = (d: Date) => d.toISOString().slice(0, 10)
const utcDay = (column: SQL | unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`

/**
 * GET /api/admin/trends: the last 30 UTC days, oldest first, for the dashboard's charts (loaded
 * after the numbers). Counts come from the tables themselves; revenue is replayed from the
 * subscriptions' dates (a subscription counts on a day it existed, had not ended and entitled).
 */
export async function getTrends(db: Db, input: { provider: string; now: Date }): Promise<AdminTrendDay[]> {
  const today = Date.UTC(input.now.getUTCFullYear(), input.now.getUTCMonth(), input.now.getUTCDate())
  const from = new Date(today - (TREND_DAYS - 1) * DAY_MS)
  const perDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]))

  const [signUps, created, checks, sent, failed, calls, subs] = await Promise.all([
    db.select({ day: utcDay(users.createdAt), n: sql<number>`count(*)::int` }).from(users).where(gte(users.createdAt, from)).groupBy(sql`1`),
    db.select({ day: utcDay(alerts.createdAt), n: sql<number>`count(*)::int` }).from(alerts).where(gte(alerts.createdAt, from)).groupBy(sql`1`),
    db
      .select({
        day: utcDay(priceChecks.checkedAt),
        n: sql<number>`count(*)::int`,
        drops: sql<number>`(count(*) filter (where ${priceChecks.notified}))::int`,
        lagP95: checkLagPercentile(0.95),
      })
      .from(priceChecks)
      .where(gte(priceChecks.checkedAt, from))
      .groupBy(sql`1`),
    db
      .select({ day: utcDay(alertNotifications.sentAt), n: sql<number>`count(*)::int` })
      .from(alertNotifications)
      .where(and(eq(alertNotifications.status, 'sent'), gte(alertNotifications.sentAt, from)))
      .groupBy(sql`1`),
    db
      .select({ day: utcDay(alertNotifications.createdAt), n: sql<number>`count(*)::int` })
      .from(alertNotifications)
      .where(and(eq(alertNotifications.status, 'dead'), gte(alertNotifications.createdAt, from)))
      .groupBy(sql`1`),
    db
      .select({ day: utcDay(providerBudget.windowStart), n: providerBudget.calls })
      .from(providerBudget)
      .where(and(eq(providerBudget.provider, input.provider), eq(providerBudget.period, 'day'), gte(providerBudget.windowStart, from))),
    // A subscription that ended before the window counts on none of its days.
    db
      .select()
      .from(subscriptions)
      .where(or(isNull(subscriptions.endedAt), gte(subscriptions.endedAt, from))),
  ])
  const signUpDays = perDay(signUps)
  const createdDays = perDay(created)
  const checkDays = new Map(checks.map((r) => [r.day, r]))
  const sentDays = perDay(sent)
  const failedDays = perDay(failed)
  const callDays = perDay(calls)
  const days: AdminTrendDay[] = []
  for (let i = 0; i < TREND_DAYS; i++) {
    const start = new Date(from.getTime() + i * DAY_MS)
    const day = dayKey(start)
    const check = checkDays.get(day)
    // Today's revenue is now's; a past day's is its end's.
    const at = i === TREND_DAYS - 1 ? input.now : new Date(start.getTime() + DAY_MS - 1)
    days.push({
      day,
      signUps: signUpDays.get(day) ?? 0,
      alertsCreated: createdDays.get(day) ?? 0,
      checks: check?.n ?? 0,
      checkLagP95Seconds: check?.lagP95 === null || check?.lagP95 === undefined ? null : Math.round(Number(check.lagP95) * 10) / 10,
      priceDrops: check?.drops ?? 0,
      noticesSent: sentDays.get(day) ?? 0,
      noticesFailed: failedDays.get(day) ?? 0,
      providerCalls: callDays.get(day) ?? 0,
      mrr: recurringRevenue(subs, at).mrr,
    })
  }
  return days
}
