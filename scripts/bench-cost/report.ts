// The arithmetic and printing of scripts/bench-cost.ts: per tier, calls and cost per user per month
// against the plan's price, and for a tier that misses the goal, what would meet it. The arithmetic
// is pure (report.test.ts); the counts come from the engine's run (month-run.ts).
import { getPlan, type PlanId } from '#shared/plans.ts'
import { repeatShare, type CallRecord } from './call-log.ts'

/** Provider spend per paying user: at most this share of the plan's monthly price (issue 17). */
export const GOAL_SHARE = 0.15
/** At the goal is within it: a share computed from dollars and cents may land a rounding error above 15 %. */
const meetsGoal = (share: number) => share <= GOAL_SHARE + 1e-9
const HOUR_MS = 3_600_000

/** What one simulated period of one tier produced (month-run.ts). */
export interface TierRun {
  plan: PlanId
  /** "premium", or "premium at 9d" for a re-run at another frequency. */
  label: string
  /** The frequency every alert had, when the tier has one (not Unlimited's mix). */
  frequency: string | null
  users: number
  /** Alerts live at the start (each user keeps this many: an alert that expires is replaced). */
  alerts: number
  replacements: number
  days: number
  /** Checks logged by the engine (price_checks rows: a provider answer or a cached one behind each). */
  checks: number
  /** Of which answered from a stored observation (no call of their own). */
  cachedChecks: number
  /** Checks the alerts' frequencies imply with a real-time worker (alert-time ÷ interval, plus jitter). */
  scheduledChecks: number
  calls: CallRecord[]
  notices: number
  distinctSearches: number
  wallMs: number
  steps: number
}

export interface TierFigures {
  callsPerUser: number
  naiveCallsPerUser: number
  costPerUser: number
  naiveCostPerUser: number
  /** The plan's monthly list price; null when it has none (Unlimited: contract). */
  price: number | null
  /** Cost as a share of the price; null for Free and Unlimited. */
  share: number | null
  pass: boolean | null
  /** Calls per user per month the goal allows at this price per call; null without a price. */
  allowedCallsPerUser: number | null
  /** The monthly price at which the measured cost is 15 %. */
  priceForGoal: number
  freshCalls: number
  nextCalls: number
}

export function monthScale(days: number): number {
  return 30 / days
}

export function tierFigures(run: Pick<TierRun, 'plan' | 'users' | 'days' | 'checks' | 'calls'>, pricePerCall: number): TierFigures {
  const scale = monthScale(run.days) / Math.max(1, run.users)
  const callsPerUser = run.calls.length * scale
  const naiveCallsPerUser = run.checks * scale
  const costPerUser = callsPerUser * pricePerCall
  const price = getPlan(run.plan).monthlyPrice
  const share = price ? costPerUser / price : null
  return {
    callsPerUser,
    naiveCallsPerUser,
    costPerUser,
    naiveCostPerUser: naiveCallsPerUser * pricePerCall,
    price,
    share,
    pass: share === null ? null : meetsGoal(share),
    allowedCallsPerUser: price ? (GOAL_SHARE * price) / pricePerCall : null,
    priceForGoal: costPerUser / GOAL_SHARE,
    freshCalls: run.calls.filter((c) => c.fresh).length,
    nextCalls: run.calls.filter((c) => c.kind === 'next').length,
  }
}

export interface CacheLever {
  windowHours: number
  /** 'search': the exact same provider question; 'route': the same route and dates. */
  by: 'search' | 'route'
  repeats: number
  share: number
  callsPerUser: number
  costPerUser: number
  pass: boolean | null
}

/** The calls a store of answers kept `windowHours` would have saved, measured on the run's call log. */
export function cacheLevers(run: Pick<TierRun, 'plan' | 'users' | 'days' | 'calls'>, pricePerCall: number, windows: readonly number[]): CacheLever[] {
  const price = getPlan(run.plan).monthlyPrice
  const scale = monthScale(run.days) / Math.max(1, run.users)
  const calls = [...run.calls].sort((a, b) => a.at - b.at)
  return windows.flatMap((windowHours) =>
    (['search', 'route'] as const).map((by) => {
      const { repeats, share } = repeatShare(calls, windowHours * HOUR_MS, by === 'search' ? (c) => c.key : (c) => c.routeKey)
      const callsPerUser = (calls.length - repeats) * scale
      const costPerUser = callsPerUser * pricePerCall
      return { windowHours, by, repeats, share, callsPerUser, costPerUser, pass: price ? meetsGoal(costPerUser / price) : null }
    }),
  )
}

/**
 * The slowest-needed frequency that would bring the calls to the allowance, if calls fall in
 * proportion to checks: the current interval × calls ÷ allowed, rounded up to whole hours (whole
 * days from 2 days), at most 30 days. A guess to re-run, not a figure: the re-run measures it.
 */
export function frequencyForGoal(frequencyHours: number, callsPerUser: number, allowedCallsPerUser: number): string {
  const hours = Math.min(30 * 24, Math.ceil((frequencyHours * callsPerUser) / allowedCallsPerUser - 1e-9))
  return hours >= 48 ? `${Math.ceil(hours / 24)}d` : `${Math.max(1, hours)}h`
}

const money = (v: number) => (v >= 100 ? `$${v.toFixed(0)}` : v >= 0.1 || v === 0 ? `$${v.toFixed(2)}` : `$${Number(v.toPrecision(2))}`)
const pct = (v: number) => `${(100 * v).toFixed(1)} %`
const int = (v: number) => Math.round(v).toLocaleString('en')
const verdict = (pass: boolean | null) => (pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL')

function table(rows: Array<[string, string, string?]>): void {
  const width = Math.max(...rows.map(([k]) => k.length))
  const vwidth = Math.max(...rows.map(([, v]) => v.length))
  for (const [k, v, t] of rows) console.log(`  ${k.padEnd(width)}  ${v.padEnd(vwidth)}  ${t ?? ''}`.trimEnd())
}

export function printTier(run: TierRun, pricePerCall: number): TierFigures {
  const f = tierFigures(run, pricePerCall)
  const goal = f.share === null ? undefined : `<= 15 % of ${money(f.price!)}  ${verdict(f.pass)}`
  console.log(`\n${run.label}: ${int(run.users)} ${run.plan === 'unlimited' ? 'advisors' : 'users'}, ${int(run.alerts)} alerts (${(run.alerts / run.users).toFixed(1)} a user${run.frequency ? `, every ${run.frequency}` : ', custom frequencies'}), ${run.days} simulated days in ${(run.wallMs / 1000).toFixed(1)} s (${int(run.steps)} steps)`)
  table([
    ['distinct (search + filters) combinations at the start', `${int(run.distinctSearches)} (${pct(run.distinctSearches / run.alerts)} of alerts)`],
    ['alerts replaced (expired or archived)', int(run.replacements)],
    ['checks made / the schedule implies', `${int(run.checks)} / ${int(run.scheduledChecks)}`],
    ['  of which answered by a stored answer', `${int(run.cachedChecks)} (${pct(run.cachedChecks / Math.max(1, run.checks))})`],
    ['provider calls', `${int(run.calls.length)} = ${pct(run.calls.length / Math.max(1, run.checks))} of checks`],
    ['  of which re-checks before a notice / next steps', `${int(f.freshCalls)} / ${int(f.nextCalls)}`],
    ['notices queued', int(run.notices)],
    ['naive: one call per check, per user per month', `${int(f.naiveCallsPerUser)} calls = ${money(f.naiveCostPerUser)}`, f.price ? `${pct(f.naiveCostPerUser / f.price)} of the price  ${verdict(meetsGoal(f.naiveCostPerUser / f.price))}` : undefined],
    ['engine: calls per user per month', int(f.callsPerUser)],
    [`engine: cost per user per month at ${money(pricePerCall)}`, money(f.costPerUser), goal],
    ['plan price per month', f.price === null ? 'none (contract)' : money(f.price)],
    ...(f.share !== null ? ([['spend as share of price', pct(f.share), verdict(f.pass)]] as Array<[string, string, string?]>) : []),
    ...(run.plan === 'unlimited' ? ([['monthly price at which this is 15 %', money(f.priceForGoal)]] as Array<[string, string, string?]>) : []),
    ...(run.plan === 'free' ? ([['carried by paying users (no price)', `${money(f.costPerUser)} per free user per month`]] as Array<[string, string, string?]>) : []),
  ])
  return f
}

export function printLevers(run: TierRun, pricePerCall: number, windows: readonly number[]): void {
  const f = tierFigures(run, pricePerCall)
  if (f.allowedCallsPerUser !== null) {
    console.log(`  what would meet 15 %: at most ${int(f.allowedCallsPerUser)} calls per user per month (15 % × ${money(f.price!)} ÷ ${money(pricePerCall)}), ${(f.callsPerUser / f.allowedCallsPerUser).toFixed(1)}× fewer than now`)
    console.log(`  or, with these calls, a price per call of at most ${money((GOAL_SHARE * f.price!) / Math.max(1, f.callsPerUser))} (15 % × ${money(f.price!)} ÷ ${int(f.callsPerUser)} calls)`)
  }
  console.log('  answers kept longer, measured on this run\'s call log: the calls a stored answer at most N h old could have served')
  console.log('  (re-checks before a notice always call; a window as long as an alert\'s interval also serves its own next check, as a slower frequency would):')
  for (const lever of cacheLevers(run, pricePerCall, windows)) {
    const what = lever.by === 'search' ? 'same search' : 'same route + dates'
    const tail = f.price ? `${pct(lever.costPerUser / f.price)} of the price  ${verdict(lever.pass)}` : run.plan === 'unlimited' ? `price for 15 %: ${money(lever.costPerUser / GOAL_SHARE)}` : ''
    console.log(`    ${String(lever.windowHours).padStart(3)} h, ${what.padEnd(18)} ${pct(lever.share).padStart(7)} of calls → ${int(lever.callsPerUser).padStart(6)} calls = ${money(lever.costPerUser).padStart(7)} a user  ${tail}`)
  }
}
