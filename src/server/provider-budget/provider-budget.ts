import { and, eq, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { providerBudget } from '../db/schema.ts'

/**
 * The provider-call budget (decision 013): at most `perMinute` calls in a calendar minute and
 * `perDay` in a UTC day, across every worker process. A call is counted before it is made, under
 * row locks, so two processes can't both take the last slot; a process that dies after counting
 * simply leaves the slot unused (the cap errs on the cheap side).
 */

export interface BudgetLimits {
  perMinute: number
  perDay: number
}

export interface BudgetGrant {
  granted: number
  /** When more calls can be made, if fewer were granted than asked. */
  retryAt: Date | null
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

export function budgetWindows(now: Date): { minute: Date; day: Date; nextMinute: Date; nextDay: Date } {
  const t = now.getTime()
  const minute = t - (t % MINUTE_MS)
  const day = t - (t % DAY_MS)
  return { minute: new Date(minute), day: new Date(day), nextMinute: new Date(minute + MINUTE_MS), nextDay: new Date(day + DAY_MS) }
}

/** This minute's and this day's rows (a 'minute' row can start at midnight too, hence the pairs). */
function currentWindows(provider: string, w: { minute: Date; day: Date }) {
  return and(
    eq(providerBudget.provider, provider),
    sql`(${providerBudget.period}, ${providerBudget.windowStart}) in (('minute', ${w.minute.toISOString()}::timestamptz), ('day', ${w.day.toISOString()}::timestamptz))`,
  )
}

/** Takes up to `wanted` calls from both windows; returns how many were granted. */
export async function reserveProviderCalls(db: Db, provider: string, wanted: number, now: Date, limits: BudgetLimits): Promise<BudgetGrant> {
  if (wanted <= 0) return { granted: 0, retryAt: null }
  const w = budgetWindows(now)
  return db.transaction(async (tx) => {
    await tx
      .insert(providerBudget)
      .values([
        { provider, period: 'minute', windowStart: w.minute, calls: 0 },
        { provider, period: 'day', windowStart: w.day, calls: 0 },
      ])
      .onConflictDoNothing()
    // Locked in one statement, in primary-key order ('day' < 'minute'), the same order everywhere.
    const rows = await tx
      .select()
      .from(providerBudget)
      .where(
        currentWindows(provider, w),
      )
      .orderBy(providerBudget.period)
      .for('update')
    const used = (period: 'minute' | 'day') => rows.find((r) => r.period === period)?.calls ?? 0
    const minuteLeft = Math.max(0, limits.perMinute - used('minute'))
    const dayLeft = Math.max(0, limits.perDay - used('day'))
    const granted = Math.min(wanted, minuteLeft, dayLeft)
    if (granted > 0) {
      await tx
        .update(providerBudget)
        .set({ calls: sql`${providerBudget.calls} + ${granted}` })
        .where(
  currentWindows(provider, w),
        )
    }
    const retryAt = granted >= wanted ? null : dayLeft <= granted ? w.nextDay : w.nextMinute
    return { granted, retryAt }
  })
}

/** Calls counted in the current windows (admin figures, tests). */
export async function providerCallsUsed(db: Db, provider: string, now: Date): Promise<{ minute: number; day: number }> {
  const w = budgetWindows(now)
  const rows = await db
    .select()
    .from(providerBudget)
    .where(currentWindows(provider, w))
  const get = (period: string) => rows.find((r) => r.period === period)?.calls ?? 0
  return { minute: get('minute'), day: get('day') }
}

/** Old windows are only history: minutes for two days, days for the admin console's 30-day trend. */
export async function pruneProviderBudget(db: Db, now: Date): Promise<void> {
  await db
    .delete(providerBudget)
    .where(
      or(
        and(eq(providerBudget.period, 'minute'), lt(providerBudget.windowStart, new Date(now.getTime() - 2 * DAY_MS))),
        lt(providerBudget.windowStart, new Date(now.getTime() - 35 * DAY_MS)),
      ),
    )
}
