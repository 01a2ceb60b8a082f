// One tier's simulated month for scripts/bench-cost.ts: a fresh in-memory PGlite, the tier's users and
// alerts (first due at random moments of their interval: a steady state, not a backlog), then a
// simulated clock stepping through the days; at every step the real engine runs its check pass
// (runPriceChecks: claims, grouping, stored answers, re-checks, writes) as the worker's loop does,
// on the simulated market, with every provider call logged (call-log.ts).
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { checkFrequencyMinutes } from '#shared/alerts/alert-rules.ts'
import type { PlanId } from '#shared/plans.ts'
import { alerts } from '#server/db/schema.ts'
import { runPriceChecks } from '#server/price-checks/run-price-checks.ts'
import { JITTER_SHARE, MAX_JITTER_MS } from '#server/price-checks/schedule.ts'
import { freshPglite } from '../bench-engine/databases.ts'
import { benchConfig, benchProvider } from '../bench-engine/engine-run.ts'
import { random } from '../bench-engine/population.ts'
import { seedUsers } from '../bench-engine/seed.ts'
import { loggingProvider, type CallRecord } from './call-log.ts'
import { alertFactory, userFrequencies, type AlertInsert } from './population.ts'
import { populationCounter } from '../bench-engine/population-counts.ts'
import type { AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import type { TierRun } from './report.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows

export interface MonthInput {
  plan: PlanId
  users: number
  days: number
  stepMinutes: number
  seed: number
  /** Every alert at this frequency instead of the tier's (a lever's re-run). */
  frequency?: string
  label?: string
  log?: (line: string) => void
}

/** Mean interval between two checks at `frequency` with a real-time worker: the interval plus the mean jitter. */
export function meanIntervalMs(frequency: string): number {
  const interval = checkFrequencyMinutes(frequency)! * MINUTE_MS
  return interval + Math.min(interval * JITTER_SHARE, MAX_JITTER_MS) / 2
}

export async function runMonth(input: MonthInput): Promise<TierRun> {
  const log = input.log ?? (() => {})
  const started = performance.now()
  const database = await freshPglite()
  const { db } = database
  try {
    const rand = random(input.seed)
    const start = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS)
    const end = start.getTime() + input.days * DAY_MS
    let clock = start
    const now = () => clock
    const calls: CallRecord[] = []
    // Seeding's tracked-flight searches are the user's own search, not the engine's: another market, not logged.
    const newAlert = alertFactory(rand, benchProvider(db, now), random(input.seed + 7_919))
    const provider = loggingProvider(benchProvider(db, now), now, calls)
    const deps = { db, now, provider, logger: pino({ level: 'silent' }), config: benchConfig(), random: random(input.seed + 1) }

    const users = await seedUsers(db, input.users, input.seed, input.plan)
    const frequencyOf = new Map<string, string>()
    const seeded: AlertInsert[] = []
    for (const user of users) {
      for (const frequency of userFrequencies(input.plan, rand)) {
        const f = input.frequency ?? frequency
        const dueAt = new Date(start.getTime() + Math.floor(rand() * checkFrequencyMinutes(f)! * MINUTE_MS))
        seeded.push((await newAlert({ userId: user.id, plan: input.plan, frequency: f, now: start, dueAt })).row)
      }
    }
    for (let i = 0; i < seeded.length; i += 2_000) {
      const inserted = await db.insert(alerts).values(seeded.slice(i, i + 2_000)).returning({ id: alerts.id, frequency: alerts.checkFrequency })
      for (const row of inserted) frequencyOf.set(row.id, row.frequency)
    }
    // Distinct (search + filters) combinations, price ceilings included (population-counts.ts).
    const counter = populationCounter()
    for (const a of seeded) counter.add(a.searchParameters as AlertSearchParams)
    const distinctSearches = counter.counts().distinctCombos
    await db.execute(sql`analyze`)

    // What the frequencies imply with a real-time worker: each live alert-millisecond over its mean interval.
    let scheduledChecks = 0
    const liveSince = new Map<string, number>([...frequencyOf.keys()].map((id) => [id, start.getTime()]))
    const retire = (id: string, at: number) => {
      scheduledChecks += (at - liveSince.get(id)!) / meanIntervalMs(frequencyOf.get(id)!)
      liveSince.delete(id)
    }

    let checks = 0
    let cachedChecks = 0
    let notices = 0
    let replacements = 0
    let steps = 0
    const stepMs = input.stepMinutes * MINUTE_MS
    const tally = async () => {
      const [c] = rows<{ n: number; cached: number }>(await db.execute(sql`select count(*)::int as n, count(*) filter (where cached)::int as cached from price_checks`))
      checks += c?.n ?? 0
      cachedChecks += c?.cached ?? 0
      // History the engine no longer needs: the log (counted), old answers (the cache is 30 min), fares for the calendar.
      await db.execute(sql`delete from price_checks`)
      await db.execute(sql`delete from price_observations where observed_at < ${new Date(clock.getTime() - 2 * HOUR_MS).toISOString()}::timestamptz`)
      await db.execute(sql`delete from fare_observations`)
      await db.execute(sql`delete from alert_prices where recorded_at < ${new Date(clock.getTime() - 2 * DAY_MS).toISOString()}::timestamptz`)
    }
    /** A user keeps their alerts: one that expired (departure passed) or was archived is replaced by a new one, due at once. */
    const replace = async () => {
      const gone = rows<{ id: string; user_id: string; check_frequency: string }>(
        await db.execute(sql`select id, user_id, check_frequency from alerts where status not in ('active', 'triggered', 'at_risk')`),
      ).filter((a) => liveSince.has(a.id))
      if (gone.length === 0) return
      const fresh: AlertInsert[] = []
      for (const a of gone) {
        retire(a.id, clock.getTime())
        fresh.push((await newAlert({ userId: a.user_id, plan: input.plan, frequency: a.check_frequency, now: clock, dueAt: clock })).row)
      }
      const inserted = await db.insert(alerts).values(fresh).returning({ id: alerts.id, frequency: alerts.checkFrequency })
      for (const row of inserted) {
        frequencyOf.set(row.id, row.frequency)
        liveSince.set(row.id, clock.getTime())
      }
      replacements += inserted.length
    }

    let lastHour = Math.floor(start.getTime() / HOUR_MS)
    let lastDay = Math.floor(start.getTime() / DAY_MS)
    while (clock.getTime() < end) {
      steps++
      // The worker's loop: a cycle, and at once another while the batch came back full.
      for (;;) {
        const report = await runPriceChecks(deps)
        notices += report.notifications
        if (!report.full || report.deferredUntil) break
      }
      const t = clock.getTime()
      if (Math.floor(t / HOUR_MS) !== lastHour) {
        lastHour = Math.floor(t / HOUR_MS)
        await replace()
      }
      if (Math.floor(t / DAY_MS) !== lastDay) {
        lastDay = Math.floor(t / DAY_MS)
        await tally()
        log(`  ${input.label ?? input.plan}: day ${Math.round((t - start.getTime()) / DAY_MS)}/${input.days}, ${(checks).toLocaleString('en')} checks, ${calls.length.toLocaleString('en')} calls, ${((performance.now() - started) / 1000).toFixed(0)} s`)
      }
      // Next step: one step on, or (nothing due sooner) the step of the next due alert; never past the next hour.
      const [next] = rows<{ at: string | null }>(await db.execute(sql`select min(next_check_at)::text as at from alerts where status in ('active', 'triggered', 'at_risk')`))
      const due = next?.at ? Date.parse(next.at) : Infinity
      const onGrid = start.getTime() + Math.ceil((due - start.getTime()) / stepMs) * stepMs
      const hourAhead = (Math.floor(t / HOUR_MS) + 1) * HOUR_MS
      clock = new Date(Math.min(Math.max(t + stepMs, onGrid), Math.max(t + stepMs, hourAhead), end))
    }
    await tally()
    for (const id of [...liveSince.keys()]) retire(id, end)
    return {
      plan: input.plan,
      label: input.label ?? input.plan,
      frequency: input.frequency ?? (input.plan === 'unlimited' ? null : userFrequencies(input.plan, rand)[0]!),
      users: users.length,
      alerts: seeded.length,
      replacements,
      days: input.days,
      checks,
      cachedChecks,
      scheduledChecks,
      calls,
      notices,
      distinctSearches,
      wallMs: performance.now() - started,
      steps,
    }
  } finally {
    await database.close()
  }
}
