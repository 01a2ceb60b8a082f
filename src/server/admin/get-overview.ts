import { and, count, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import type { AdminOverview, NoticeChannel } from '#shared/admin.ts'
import { NOTICE_CHANNELS } from '#shared/admin.ts'
import { ALERT_STATUSES, LIVE_ALERT_STATUSES, type AlertStatus } from '#shared/alert-status.ts'
import { ENTITLING_STATUSES } from '#shared/billing.ts'
import { PLAN_IDS, type PlanId } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts, priceChecks, profiles, providerBudget, sessions, subscriptions, users } from '../db/schema.ts'
import { searchBudgetKey } from '../flights/search-call-budget.ts'
import { checkLagPercentile } from '../price-checks/check-log.ts'
import { providerCallsUsed } from '../provider-budget/provider-budget.ts'
import { recurringRevenue } from './revenue.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export interface OverviewDeps {
  db: Db
  /** The price-check provider and its daily cap (the price-check config). */
  provider: { id: string; perDay: number | null; pricePerCall: number }
}

/**
 * GET /api/admin/overview: the figures an operator asks first (is it healthy, is it checking on
 * time, what failed, what are we earning). A dozen small aggregate queries, run together.
 */
export async function getOverview(deps: OverviewDeps, now: Date): Promise<AdminOverview> {
  const { db } = deps
  const hourAgo = new Date(now.getTime() - HOUR_MS)
  const dayAgo = new Date(now.getTime() - DAY_MS)
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS)
  const [userFigures, tiers, [active], alertStatuses, checkFigures, [overdue], notices, calls, subs] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        verified: sql<number>`(count(*) filter (where ${users.emailVerified}))::int`,
        recent: sql<number>`(count(*) filter (where ${users.createdAt} >= ${weekAgo.toISOString()}::timestamptz))::int`,
        admins: sql<number>`(count(*) filter (where ${profiles.role} = 'admin'))::int`,
        disabled: sql<number>`(count(*) filter (where ${profiles.disabledAt} is not null))::int`,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id)),
    db.select({ tier: profiles.subscriptionTier, n: count() }).from(profiles).groupBy(profiles.subscriptionTier),
    db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now)),
    db.select({ status: alerts.status, n: count() }).from(alerts).groupBy(alerts.status),
    db
      .select({
        lastHour: sql<number>`(count(*) filter (where ${priceChecks.checkedAt} >= ${hourAgo.toISOString()}::timestamptz))::int`,
        lastDay: sql<number>`count(*)::int`,
        failed: sql<number>`(count(*) filter (where ${priceChecks.outcome} = 'failed'))::int`,
        drops: sql<number>`(count(*) filter (where ${priceChecks.notified}))::int`,
        priced: sql<number>`(count(*) filter (where ${priceChecks.outcome} <> 'failed'))::int`,
        cached: sql<number>`(count(*) filter (where ${priceChecks.cached}))::int`,
        lagP50: checkLagPercentile(0.5),
        lagP95: checkLagPercentile(0.95),
      })
      .from(priceChecks)
      .where(gte(priceChecks.checkedAt, dayAgo)),
    db
      .select({ n: count() })
      .from(alerts)
      .where(and(inArray(alerts.status, LIVE_ALERT_STATUSES), lte(alerts.nextCheckAt, now))),
    db
      .select({
        channel: alertNotifications.channel,
        status: alertNotifications.status,
        recent: sql<number>`(count(*) filter (where ${alertNotifications.createdAt} >= ${weekAgo.toISOString()}::timestamptz))::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(alertNotifications)
      .groupBy(alertNotifications.channel, alertNotifications.status),
    providerCallsUsed(db, deps.provider.id, now),
    // Only subscriptions that may entitle now or are failing payment: ended ones count for nothing here.
    db.select().from(subscriptions).where(inArray(subscriptions.status, [...ENTITLING_STATUSES, 'unpaid'])),
  ])
  const monthCalls = await providerCallsThisMonth(db, [deps.provider.id, searchBudgetKey(deps.provider.id)], now)
  const [drops7] = await db
    .select({ n: count() })
    .from(priceChecks)
    .where(and(eq(priceChecks.notified, true), gte(priceChecks.checkedAt, weekAgo)))

  const u = userFigures[0]!
  const byTier = Object.fromEntries(PLAN_IDS.map((id) => [id, 0])) as Record<PlanId, number>
  for (const row of tiers) byTier[row.tier] = row.n
  const byStatus = Object.fromEntries(ALERT_STATUSES.map((s) => [s, 0])) as Record<AlertStatus, number>
  for (const row of alertStatuses) byStatus[row.status] = row.n
  const byChannel = Object.fromEntries(NOTICE_CHANNELS.map((c) => [c, { sent: 0, failed: 0, pending: 0 }])) as AdminOverview['notices']['byChannel']
  let dead = 0
  for (const row of notices) {
    const entry = byChannel[row.channel as NoticeChannel]
    if (row.status === 'sent') entry.sent += row.recent
    if (row.status === 'dead') {
      entry.failed += row.recent
      dead += row.all
    }
    if (row.status === 'pending') entry.pending += row.all
  }
  const c = checkFigures[0]!
  const revenue = recurringRevenue(subs, now)
  const paying = [...revenue.byPrice.values()].reduce((sum, p) => sum + p.subscriptions, 0)
  const round = (value: number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10)
  return {
    generatedAt: now.toISOString(),
    users: {
      total: u.total,
      newLast7Days: u.recent,
      verified: u.verified,
      admins: u.admins,
      disabled: u.disabled,
      activeSessions: active!.n,
      byTier,
    },
    alerts: { byStatus, live: LIVE_ALERT_STATUSES.reduce((sum, s) => sum + byStatus[s], 0) },
    checks: {
      lastHour: c.lastHour,
      lastDay: c.lastDay,
      failedLastDay: c.failed,
      lagP50Seconds: round(c.lagP50),
      lagP95Seconds: round(c.lagP95),
      overdue: overdue!.n,
    },
    priceDrops: { lastDay: c.drops, last7Days: drops7!.n },
    notices: { byChannel, dead },
    provider: {
      name: deps.provider.id,
      callsToday: calls.day,
      dailyBudget: deps.provider.perDay,
      cacheHitRatio: c.priced > 0 ? Math.round((c.cached / c.priced) * 1000) / 1000 : null,
      month: monthSpend(monthCalls, deps.provider.pricePerCall, paying, revenue.mrr, now),
    },
    billing: {
      activeSubscriptions: paying,
      mrr: revenue.mrr,
      byPrice: [...revenue.byPrice].map(([priceId, v]) => ({ priceId, ...v })),
      pastDue: subs.filter((s) => s.status === 'past_due' || s.status === 'unpaid').length,
    },
  }
}

/** Provider calls counted this calendar month (UTC) under the given budget keys (decision 050). */
async function providerCallsThisMonth(db: Db, keys: string[], now: Date): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const [row] = await db
    .select({ calls: sql<number>`coalesce(sum(${providerBudget.calls}), 0)::int` })
    .from(providerBudget)
    .where(and(inArray(providerBudget.provider, keys), eq(providerBudget.period, 'day'), gte(providerBudget.windowStart, monthStart)))
  return row?.calls ?? 0
}

/**
 * The month's provider spend, per paying subscription and against revenue. Spend so far against the
 * month's whole MRR would flatter the start of a month, so both are taken over the days gone:
 * spend × (days in month ÷ days elapsed) is the month's pace.
 */
export function monthSpend(calls: number, pricePerCall: number, paying: number, mrr: number, now: Date): AdminOverview['provider']['month'] {
  const spend = Math.round(calls * pricePerCall * 100) / 100
  const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate()
  const elapsed = Math.max(1 / 24, (now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / DAY_MS)
  const pace = (calls * pricePerCall * daysInMonth) / elapsed
  return {
    calls,
    pricePerCall,
    spend,
    perPayingUser: paying > 0 ? Math.round((pace / paying) * 100) / 100 : null,
    shareOfRevenue: mrr > 0 ? Math.round((pace / mrr) * 1000) / 1000 : null,
  }
}
