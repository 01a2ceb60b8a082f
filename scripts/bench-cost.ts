// `npm run bench:cost`: provider calls and their cost per user per month, by tier, against the plan's
// price (issue 17: provider spend per paying user ≤ 15 % of the price). For each tier a simulated
// month (DAYS, default 30; Unlimited 7, scaled to 30) on its own in-memory PGlite: USERS_PER_TIER users at the plan's alert cap
// (Free 3 alerts every 15 days, Premium 15 and Elite 30 every 12 h, Unlimited advisors with a mix
// of custom frequencies within reasonable use), alerts drawn like bench:engine's, a simulated clock
// stepping through the month and the real engine's check pass at every step on the simulated market.
// The calls are the engine's own (its claims, grouping and stored answers), logged one by one; the
// naive figure (one call per check) is printed beside them. For a tier that misses the goal: the
// calls it allows, what keeping answers longer would save (measured on the run's call log) and a
// re-run at the slower frequency that would meet it (RERUN=0 skips it). Options (environment or
// --name=value): USERS_PER_TIER ("100" or "free:300,premium:60,elite:30,unlimited:2", the default),
// PRICE_PER_CALL (0.015), DAYS (per tier like USERS_PER_TIER), TIERS (free,premium,elite,unlimited), STEP_MINUTES (per tier
// like USERS_PER_TIER), RERUN, SEED. Exits 0 even when a goal is missed.
import { cpus, loadavg, totalmem } from 'node:os'
import { checkFrequencyHours } from '#shared/alerts/alert-rules.ts'
import { PLAN_IDS } from '#shared/plans.ts'
import { runMonth } from './bench-cost/month-run.ts'
import { readCostOptions } from './bench-cost/options.ts'
import { cacheLevers, frequencyForGoal, GOAL_SHARE, printLevers, printTier, tierFigures, type TierFigures, type TierRun } from './bench-cost/report.ts'

const options = readCostOptions(process.argv.slice(2), process.env)
const load = () => loadavg().map((v) => v.toFixed(2)).join(' / ')
const cpu = cpus()
console.log('Provider cost benchmark (npm run bench:cost)')
console.log(`  machine: ${cpu[0]?.model ?? 'cpu'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}`)
console.log(`  date: ${new Date().toISOString()}; load average at start: ${load()}`)
console.log(`  options: ${JSON.stringify(options)}`)

/** Windows under 12 h measure sharing between alerts; 24 h also answers an alert's own next 12-hourly check. */
const CACHE_WINDOWS = [1, 6, 11, 24]
const log = (line: string) => console.log(line)
const runs: TierRun[] = []
const summary: Array<Record<string, unknown>> = []
const verdicts: string[] = []

/** One paragraph per tier that misses the goal (or has no price): what would meet it, from this run's figures. */
function whatWouldMeet(run: TierRun, f: TierFigures, reruns: ReadonlyArray<{ run: TierRun; figures: TierFigures }>): string {
  const pct = (v: number) => `${(100 * v).toFixed(1)} %`
  const levers = cacheLevers(run, options.pricePerCall, CACHE_WINDOWS)
  const store = (by: 'search' | 'route', hours: number) => levers.find((l) => l.by === by && l.windowHours === hours)!
  const lines = [`  ${run.label}: ${f.callsPerUser.toFixed(0)} calls = $${f.costPerUser.toFixed(2)} per user per month`]
  if (f.price && f.allowedCallsPerUser) {
    lines.push(`    the goal allows ${f.allowedCallsPerUser.toFixed(1)} calls (${(f.callsPerUser / f.allowedCallsPerUser).toFixed(1)}× fewer), or $${((GOAL_SHARE * f.price) / f.callsPerUser).toFixed(5)} a call at these calls`)
    for (const hours of [11, 24]) {
      for (const by of ['search', 'route'] as const) {
        const l = store(by, hours)
        lines.push(`    answers kept ${hours} h, by ${by === 'search' ? 'exact search' : 'route and dates'}: ${pct(l.share)} fewer calls → ${pct(l.costPerUser / f.price)} of the price  ${l.pass ? 'PASS' : 'FAIL'}`)
      }
    }
    for (const r of reruns) lines.push(`    every alert at ${r.run.frequency} (re-run): ${r.figures.callsPerUser.toFixed(1)} calls → ${pct(r.figures.share!)} of the price  ${r.figures.pass ? 'PASS' : 'FAIL'}`)
  } else {
    const day = store('route', 24)
    lines.push(`    no list price: spend is 15 % of a $${f.priceForGoal.toFixed(0)} monthly contract; with answers kept 24 h by route and dates, of $${(day.costPerUser / GOAL_SHARE).toFixed(0)}`)
  }
  return lines.join('\n')
}

for (const plan of options.tiers) {
  // Each tier its own draw of the population (Premium and Elite hold the same number of alerts by default).
  const seed = options.seed + PLAN_IDS.indexOf(plan)
  const run = await runMonth({ plan, users: options.users[plan], days: options.days[plan], stepMinutes: options.stepMinutes[plan], seed, log })
  runs.push(run)
  const figures = printTier(run, options.pricePerCall)
  if (figures.pass === false || plan === 'unlimited') printLevers(run, options.pricePerCall, CACHE_WINDOWS)
  summary.push({ label: run.label, users: run.users, alerts: run.alerts, checks: run.checks, calls: run.calls.length, ...figures })

  // The frequency lever, measured: a re-run at the interval that calls in proportion to checks would
  // need; if the re-run still misses (re-checks, replaced alerts due at once), once more from its figures.
  let last = { run, figures }
  const reruns: Array<{ run: TierRun; figures: TierFigures }> = []
  for (let attempt = 0; attempt < 2 && options.rerun && last.figures.pass === false && last.run.frequency && last.figures.allowedCallsPerUser; attempt++) {
    const frequency = frequencyForGoal(checkFrequencyHours(last.run.frequency)!, last.figures.callsPerUser, last.figures.allowedCallsPerUser)
    if (frequency === last.run.frequency) break
    console.log(`\n  re-run at ${frequency} instead of ${last.run.frequency} (calls in proportion to checks would meet the allowance there):`)
    const again = await runMonth({ plan, users: options.users[plan], days: options.days[plan], stepMinutes: options.stepMinutes[plan], seed, frequency, label: `${plan} at ${frequency}`, log })
    runs.push(again)
    const f = printTier(again, options.pricePerCall)
    summary.push({ label: again.label, users: again.users, alerts: again.alerts, checks: again.checks, calls: again.calls.length, ...f })
    last = { run: again, figures: f }
    reruns.push(last)
  }
  if (figures.pass === false || plan === 'unlimited') verdicts.push(whatWouldMeet(run, figures, reruns))
}

console.log(`\nSummary at $${options.pricePerCall} a call (per user per month; goal: spend ≤ 15 % of the plan's price)`)
console.log('  tier                 users  alerts   checks    calls  naive $/user  engine calls/user  engine $/user  price    share    goal')
for (const run of runs) {
  const f = tierFigures(run, options.pricePerCall)
  const price = f.price === null ? 'contract' : `$${f.price.toFixed(2)}`
  const share = f.share === null ? (run.plan === 'unlimited' ? `needs $${f.priceForGoal.toFixed(0)}` : 'n/a') : `${(100 * f.share).toFixed(1)} %`
  console.log(
    `  ${run.label.padEnd(18)} ${String(run.users).padStart(6)} ${String(run.alerts).padStart(7)} ${String(run.checks).padStart(8)} ${String(run.calls.length).padStart(8)}  ${`$${f.naiveCostPerUser.toFixed(2)}`.padStart(12)}  ${f.callsPerUser.toFixed(1).padStart(17)}  ${`$${f.costPerUser.toFixed(2)}`.padStart(13)}  ${price.padEnd(8)} ${share.padStart(7)}  ${f.pass === null ? 'n/a' : f.pass ? 'PASS' : 'FAIL'}`,
  )
}
if (verdicts.length > 0) console.log(`\nWhat would meet 15 % (measured on the runs above):\n${verdicts.join('\n')}`)
for (const row of summary) console.log(`result ${JSON.stringify(row)}`)
console.log(`\nload average at end: ${load()}`)
process.exit(0)
