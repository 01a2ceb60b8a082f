// Options and printing for scripts/bench-engine.ts.
import type { WorkerResult } from './engine-run.ts'
import type { FidelityResult } from './fidelity.ts'
import type { BagFigures, ExtraOptions, FlexibleFigures, SpanFigures } from './fidelity-extras.ts'
import type { PopulationCounts } from './population-counts.ts'

export interface Options {
  db: 'postgres' | 'pglite'
  alerts: number
  /** One run per value (comma lists), each on a fresh database. */
  idle: number[]
  workers: number[]
  /**
   * How many times the runs are repeated, in turn (1,2,1,2,…): one run's time moves ±10 % with the
   * machine (decision 058), so a 2-against-1 figure is judged on the median of its rounds.
   */
  rounds: number
  /** Alerts each worker process checks on a database of its own before the measured cycle (0: none). */
  warmup: number
  fidelity: boolean
  fidelityAlerts: number
  fidelitySearches: number
  fidelityHours: number
  fidelityShocks: number
}

/** A count of at least 1, or a clear error (a typo would otherwise run nothing and say so nowhere). */
function positiveInteger(name: string, value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not ${JSON.stringify(value)}`)
  return n
}

/** From the environment, or `--name=value` arguments (ALERTS or --alerts). */
export function readOptions(argv: readonly string[], env: NodeJS.ProcessEnv): Options {
  const args = new Map(argv.flatMap((a) => (a.startsWith('--') && a.includes('=') ? [[a.slice(2, a.indexOf('=')).toUpperCase().replaceAll('-', '_'), a.slice(a.indexOf('=') + 1)]] : [])))
  const get = (name: string, fallback: string) => args.get(name) ?? env[name] ?? fallback
  const list = (name: string, fallback: string) => get(name, fallback).split(',').map((v) => Number(v.replaceAll('_', '')))
  const db = get('DB', 'postgres')
  if (db !== 'postgres' && db !== 'pglite') throw new Error(`DB must be postgres or pglite, not ${db}`)
  const workers = list('WORKERS', '1')
  if (db === 'pglite' && workers.some((w) => w !== 1)) throw new Error('PGlite has one connection in one process: WORKERS=1 only')
  return {
    db,
    alerts: Number(get('ALERTS', '100000').replaceAll('_', '')),
    idle: list('IDLE', '0'),
    workers,
    rounds: positiveInteger('ROUNDS', get('ROUNDS', '1')),
    warmup: Number(get('WARMUP', '10000').replaceAll('_', '')),
    fidelity: get('FIDELITY', '1') !== '0',
    fidelityAlerts: Number(get('FIDELITY_ALERTS', '2000')),
    fidelitySearches: Number(get('FIDELITY_SEARCHES', '80')),
    fidelityHours: Number(get('FIDELITY_HOURS', '72')),
    fidelityShocks: Number(get('FIDELITY_SHOCKS', '30')),
  }
}

/**
 * The fidelity run's flexible-date and bag-inclusive populations (fidelity-extras.ts), from the
 * environment or `--name=value` arguments as readOptions reads them: FIDELITY_FLEX_ALERTS (400),
 * FIDELITY_FLEX_WINDOWS (40), FIDELITY_FLEX_HOURS (168: a sweep of up to 8 checks must fit, and
 * then some), FIDELITY_FLEX_SHOCKS (40), FIDELITY_BAG_ALERTS (400), FIDELITY_BAG_SEARCHES (40),
 * FIDELITY_BAG_HOURS (72), FIDELITY_BAG_SHOCKS (30). 0 alerts leaves a population out.
 */
export function readExtraOptions(argv: readonly string[], env: NodeJS.ProcessEnv): ExtraOptions {
  const args = new Map(argv.flatMap((a) => (a.startsWith('--') && a.includes('=') ? [[a.slice(2, a.indexOf('=')).toUpperCase().replaceAll('-', '_'), a.slice(a.indexOf('=') + 1)]] : [])))
  const get = (name: string, fallback: number) => Number((args.get(name) ?? env[name] ?? String(fallback)).replaceAll('_', ''))
  return {
    flexAlerts: get('FIDELITY_FLEX_ALERTS', 400),
    flexWindows: get('FIDELITY_FLEX_WINDOWS', 40),
    flexHours: get('FIDELITY_FLEX_HOURS', 168),
    flexShocks: get('FIDELITY_FLEX_SHOCKS', 40),
    bagAlerts: get('FIDELITY_BAG_ALERTS', 400),
    bagSearches: get('FIDELITY_BAG_SEARCHES', 40),
    bagHours: get('FIDELITY_BAG_HOURS', 72),
    bagShocks: get('FIDELITY_BAG_SHOCKS', 30),
  }
}

export interface RunFigures {
  label: string
  db: string
  workers: number
  due: number
  idle: number
  seedSeconds: number
  wallMs: number
  results: WorkerResult[]
  /** Alerts still due after the cycle, and alerts with more than one check (both should be 0). */
  leftDue: number
  checkedTwice: number
  notificationRows: number
  population: PopulationCounts
}

export function nearestRank(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * The 2-against-1 line: alerts per second with two workers over one, per round (the runs of one
 * round ran back to back), judged against 1.6× on the median of the rounds (decision 058).
 */
export function twoAgainstOne(rounds: ReadonlyArray<{ one: { rate: number; wallMs: number }; two: { rate: number; wallMs: number } }>): { ratio: number; pass: boolean; line: string } {
  const ratios = rounds.map(({ one, two }) => two.rate / one.rate)
  const ratio = median(ratios)
  const pass = ratio >= 1.6
  const each =
    rounds.length > 1
      ? ` (median of ${rounds.length} rounds: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}; median cycles ${(median(rounds.map((r) => r.one.wallMs)) / 1000).toFixed(1)} s and ${(median(rounds.map((r) => r.two.wallMs)) / 1000).toFixed(1)} s)`
      : ''
  return { ratio, pass, line: `2 workers vs 1: ${ratio.toFixed(2)}× the alerts checked per second${each}  (>= 1.6×  ${pass ? 'PASS' : 'FAIL'})` }
}

export function summarize(run: RunFigures) {
  const sum = (f: (r: WorkerResult) => number) => run.results.reduce((s, r) => s + f(r), 0)
  const written = sum((r) => r.written)
  const calls = sum((r) => r.counts.search + r.counts.next)
  const providerMs = sum((r) => r.counts.ms)
  return {
    written,
    rate: written / (run.wallMs / 1000),
    calls,
    fresh: sum((r) => r.counts.fresh),
    callShare: calls / Math.max(1, written),
    cacheHits: sum((r) => r.cacheHits),
    subsumed: sum((r) => r.subsumed),
    ownSearches: sum((r) => r.ownSearches),
    combos: run.population.distinctCombos,
    callsPerCombo: calls / Math.max(1, run.population.distinctCombos),
    groups: sum((r) => r.groups),
    cycles: sum((r) => r.cycles),
    notifications: sum((r) => r.notifications),
    p50Lag: nearestRank(run.results.flatMap((r) => r.lagMs), 50),
    p95Lag: nearestRank(run.results.flatMap((r) => r.lagMs), 95),
    peakRss: Math.max(...run.results.map((r) => r.peakRssBytes)),
    providerMsPerCall: providerMs / Math.max(1, calls),
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')

const count = (n: number) => n.toLocaleString('en')

function filterShares(filters: Readonly<Record<string, number>>, alerts: number): string {
  const pct = (n: number) => `${((100 * n) / Math.max(1, alerts)).toFixed(1)} %`
  return Object.entries(filters).map(([name, n]) => `${name} ${pct(n)}`).join(', ')
}

export function printRun(run: RunFigures): void {
  const s = summarize(run)
  const share = (n: number) => `${((100 * n) / Math.max(1, run.due)).toFixed(1)} % of alerts`
  const rows: Array<[string, string, string?]> = [
    ['alerts due / idle', `${run.due.toLocaleString('en')} / ${run.idle.toLocaleString('en')}`],
    ['alerts with filters', filterShares(run.population.filters, run.due)],
    ['distinct (search + filters) combinations', `${count(run.population.distinctCombos)} (${share(run.population.distinctCombos)})`],
    ['  engine questions before subsumption', `${count(run.population.distinctSearches)} (${share(run.population.distinctSearches)}; the price ceiling already dropped)`],
    ['  broadest questions (the floor)', `${count(run.population.distinctBroad)} (${share(run.population.distinctBroad)})`],
    ['seeding (not part of the cycle)', `${run.seedSeconds.toFixed(1)} s`],
    ['cycle time (first claim → nothing due)', `${(run.wallMs / 1000).toFixed(1)} s`, run.db === 'postgres' && run.due >= 100_000 ? `<= 60 s  ${verdict(run.wallMs <= 60_000)}` : undefined],
    ['alerts checked', `${s.written.toLocaleString('en')} in ${s.cycles} batches`],
    ['alerts checked / s', s.rate.toFixed(0)],
    ['provider calls (naive: one per alert)', `${s.calls.toLocaleString('en')} = ${(100 * s.callShare).toFixed(1)} % of ${s.written.toLocaleString('en')}`, `<= 10 %  ${verdict(s.callShare <= 0.1)}`],
    ['  of which fresh re-checks before a notice', s.fresh.toLocaleString('en')],
    ['provider calls / distinct combinations', `${s.callsPerCombo.toFixed(3)}× (${(s.calls / Math.max(1, run.population.distinctSearches)).toFixed(3)}× the engine questions)`, `<= 0.8×  ${verdict(s.callsPerCombo <= 0.8)}`],
    ['narrower alerts: subsumed / own search', `${count(s.subsumed)} / ${count(s.ownSearches)}`],
    ['search groups / cache hits', `${s.groups.toLocaleString('en')} / ${s.cacheHits.toLocaleString('en')}`],
    ['mean provider call (wall, up to 4 at once)', `${s.providerMsPerCall.toFixed(1)} ms`],
    ['lag due → check, p50 / p95', `${(s.p50Lag / 1000).toFixed(1)} s / ${(s.p95Lag / 1000).toFixed(1)} s`],
    ['notifications queued (outbox rows)', `${s.notifications.toLocaleString('en')} (table: ${run.notificationRows.toLocaleString('en')})`],
    ['peak RSS (largest worker process)', `${(s.peakRss / 2 ** 20).toFixed(0)} MiB`],
    ['still due after the cycle / checked twice', `${run.leftDue} / ${run.checkedTwice}`, `0 / 0  ${verdict(run.leftDue === 0 && run.checkedTwice === 0)}`],
  ]
  console.log(`\n${run.label}`)
  const width = Math.max(...rows.map(([k]) => k.length))
  for (const [k, v, t] of rows) console.log(`  ${k.padEnd(width)}  ${v.padEnd(34)}  ${t ?? ''}`)
}

export function printFidelity(f: FidelityResult): void {
  const o = f.options
  const share = f.qualifying === 0 ? NaN : f.notifiedQualifying / f.qualifying
  const sub = f.subsumedScore
  const subShare = sub.qualifying === 0 ? NaN : sub.notifiedQualifying / sub.qualifying
  console.log(`\nFidelity: ${o.alerts} premium alerts (12 h) on ${o.searches} searches, ${f.combos} with their filters, ${o.hours} simulated hours, ${o.shocks} price shocks`)
  const rows: Array<[string, string, string?]> = [
    ['checks / engine provider calls', `${f.checks.toLocaleString('en')} / ${f.engineCalls.toLocaleString('en')}`],
    ['narrower alerts\' checks: subsumed / own search', `${f.engineSubsumed.toLocaleString('en')} / ${f.engineOwnSearches.toLocaleString('en')}`],
    ['ground-truth samples (market calls)', f.truthCalls.toLocaleString('en')],
    ['crossing episodes / lasting >= 1 interval', `${f.episodes} / ${f.qualifying}`],
    ['qualifying episodes notified on every channel', `${f.notifiedQualifying} (${(100 * share).toFixed(2)} %)`, `>= 99 %  ${verdict(share >= 0.99)}`],
    ['notices sent (outbox rows)', String(f.notices)],
    ['false notices (truth above target)', String(f.falseNotices), `0  ${verdict(f.falseNotices === 0)}`],
    ['notices naming a price other than the truth', String(f.priceMismatches)],
    ['duplicates (beyond the re-arm / further-drop rule)', String(f.duplicates), `0  ${verdict(f.duplicates === 0)}`],
    [`subsumable alerts (${sub.alerts}): qualifying notified`, `${sub.notifiedQualifying} of ${sub.qualifying} (${(100 * subShare).toFixed(2)} %)`, `>= 99 %  ${verdict(subShare >= 0.99)}`],
    ['  their notices / ≠ their own search / false / dup.', `${sub.notices} / ${sub.priceMismatches} / ${sub.falseNotices} / ${sub.duplicates}`, `0 / 0 / 0  ${verdict(sub.priceMismatches === 0 && sub.falseNotices === 0 && sub.duplicates === 0)}`],
    ['time: ground truth / engine', `${f.seconds.truth.toFixed(1)} s / ${f.seconds.engine.toFixed(1)} s`],
  ]
  const width = Math.max(...rows.map(([k]) => k.length))
  for (const [k, v, t] of rows) console.log(`  ${k.padEnd(width)}  ${v.padEnd(24)}  ${t ?? ''}`)
  if (f.missed.length > 0) console.log(`  missed (first 5): ${JSON.stringify(f.missed.slice(0, 5))}`)
  if (f.flexible) printFlexible(f.flexible)
  if (f.bags) printBags(f.bags)
}

const pct = (n: number, of: number) => (of === 0 ? 'n/a' : `${((100 * n) / of).toFixed(2)} %`)

function callsText(span: SpanFigures): string {
  const c = span.calls
  const total = c.search + c.next + c.booking + c.calendar
  return `${total.toLocaleString('en')} (search ${c.search}, next ${c.next}, booking options ${c.booking}, fare calendars ${c.calendar}; fresh re-checks ${c.fresh})`
}

function printRows(rows: Array<[string, string, string?]>): void {
  const width = Math.max(...rows.map(([k]) => k.length))
  for (const [k, v, t] of rows) console.log(`  ${k.padEnd(width)}  ${v.padEnd(24)}  ${t ?? ''}`)
}

export function printFlexible(f: FlexibleFigures): void {
  const s = f.score
  const share = s.qualifying === 0 ? NaN : s.notifiedQualifying / s.qualifying
  console.log(`\nFidelity, flexible-date alerts: ${f.alerts} premium alerts (12 h) on ${f.windows} windows (${f.pairs} date pairs), ${f.hours} simulated hours, ${f.shocks} price shocks`)
  console.log(`  windows: ${Object.entries(f.mix).map(([k, n]) => `${k}: ${n}`).join('; ')}`)
  console.log(`  alerts covered by the sweep / by a fare calendar each check: ${f.modes.sweep} / ${f.modes.calendar}`)
  const t = f.timedScore
  printRows([
    ['checks / engine provider calls', `${f.checks.toLocaleString('en')} / ${callsText(f)}`],
    ['ground-truth samples (market calls)', f.truthCalls.toLocaleString('en')],
    ['episodes (window cheapest) / qualifying (one pair ≥ sweep)', `${s.episodes} / ${s.qualifying}`],
    ['qualifying episodes notified on every channel', `${s.notifiedQualifying} (${pct(s.notifiedQualifying, s.qualifying)})`, `>= 99 %  ${verdict(share >= 0.99)}`],
    ['  shorter than a sweep (≥ 1 interval): notified anyway', `${s.shortNotified} of ${s.shortEpisodes} (${pct(s.shortNotified, s.shortEpisodes)})`, '(no promise)'],
    ['notices sent (outbox rows)', String(s.notices)],
    ['false notices (named pair above target)', String(s.falseNotices), `0  ${verdict(s.falseNotices === 0)}`],
    ['notices ≠ the named pair\'s true price', String(s.priceMismatches), `0  ${verdict(s.priceMismatches === 0)}`],
    ['notices above the window\'s true cheapest', String(s.notCheapest), '(a cheaper pair not yet swept)'],
    ['duplicates (beyond the re-arm / further-drop rule)', String(s.duplicates), `0  ${verdict(s.duplicates === 0)}`],
    [`windows with times of day (${t.alerts} alerts): qualifying notified`, `${t.notifiedQualifying} of ${t.qualifying} (${pct(t.notifiedQualifying, t.qualifying)})`],
    ['  their notices / false / ≠ pair\'s price / dup.', `${t.notices} / ${t.falseNotices} / ${t.priceMismatches} / ${t.duplicates}`, `0 / 0 / 0  ${verdict(t.falseNotices === 0 && t.priceMismatches === 0 && t.duplicates === 0)}`],
    ['time: ground truth / engine', `${f.seconds.truth.toFixed(1)} s / ${f.seconds.engine.toFixed(1)} s`],
  ])
  if (s.missed.length > 0) console.log(`  missed (first 5): ${JSON.stringify(s.missed.slice(0, 5))}`)
}

export function printBags(f: BagFigures): void {
  const s = f.score
  const share = s.qualifying === 0 ? NaN : s.notifiedQualifying / s.qualifying
  console.log(`\nFidelity, bag-inclusive alerts: ${f.alerts} premium alerts (12 h) on ${f.searches} searches (${f.combos} with their bags), ${f.hours} simulated hours, ${f.shocks} price shocks`)
  printRows([
    ['checks / engine provider calls', `${f.checks.toLocaleString('en')} / ${callsText(f)}`],
    ['ground-truth samples (market calls)', f.truthCalls.toLocaleString('en')],
    ['alerts with the fee unpublished: some / all samples', `${f.unpublishedSome} / ${f.unpublishedAlways}`],
    ['crossing episodes / lasting >= 1 interval', `${s.episodes} / ${s.qualifying}`],
    ['qualifying episodes notified on every channel', `${s.notifiedQualifying} (${pct(s.notifiedQualifying, s.qualifying)})`, `>= 99 %  ${verdict(share >= 0.99)}`],
    ['notices sent (outbox rows)', String(s.notices)],
    ['false notices (fare + bags above target, or unknown)', String(s.falseNotices), `0  ${verdict(s.falseNotices === 0)}`],
    ['notices ≠ fare + published bag fees', `${s.priceMismatches} (the fare alone: ${f.fareOnlyNotices})`, `0  ${verdict(s.priceMismatches === 0)}`],
    ['notices while the fee is unpublished', String(f.unpublishedNotices), `0  ${verdict(f.unpublishedNotices === 0)}`],
    ['duplicates (beyond the re-arm / further-drop rule)', String(s.duplicates), `0  ${verdict(s.duplicates === 0)}`],
    ['time: ground truth / engine', `${f.seconds.truth.toFixed(1)} s / ${f.seconds.engine.toFixed(1)} s`],
  ])
  if (s.missed.length > 0) console.log(`  missed (first 5): ${JSON.stringify(s.missed.slice(0, 5))}`)
}
