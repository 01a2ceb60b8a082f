// One worker's share of a full check cycle for scripts/bench-engine.ts: the real engine
// (runPriceChecks, batch claims) on the simulated market, looped until nothing is due, with the
// provider wrapped to count calls. Used in process (PGlite) and by worker.ts (PostgreSQL).
import pino from 'pino'
import type { Db } from '#server/db/client.ts'
import { parseEnv } from '#server/env.ts'
import { createFlightProvider } from '#server/flights/providers/create-flight-provider.ts'
import { createPriceShockStore, type PriceShockStore } from '#server/flights/price-shocks.ts'
import type { CallContext, FlightProvider, ProviderSearchResult } from '#server/flights/providers/provider.ts'
import { priceCheckConfig, type PriceCheckConfig } from '#server/price-checks/price-check-config.ts'
import { runPriceChecks } from '#server/price-checks/run-price-checks.ts'
import { processCpu } from './cpu-use.ts'

export interface ProviderCounts {
  search: number
  next: number
  /** Calls with every cache bypassed: the re-checks before a notice. */
  fresh: number
  /** Milliseconds spent inside the provider (the simulated market's CPU, as seen by this process). */
  ms: number
  /** Fare-calendar requests (flexible alerts in calendar mode, decision 055): free on the simulated market, not provider calls. */
  calendar: number
}

export interface CountingProvider extends FlightProvider {
  counts: ProviderCounts
}

export function countingProvider(inner: FlightProvider): CountingProvider {
  const counts: ProviderCounts = { search: 0, next: 0, fresh: 0, ms: 0, calendar: 0 }
  const priceDates = inner.priceDates?.bind(inner)
  const wrap = async (kind: 'search' | 'next', ctx: CallContext | undefined, run: () => Promise<ProviderSearchResult>) => {
    counts[kind]++
    if (ctx?.fresh) counts.fresh++
    const started = performance.now()
    try {
      return await run()
    } finally {
      counts.ms += performance.now() - started
    }
  }
  return {
    id: inner.id,
    counts,
    search: (query, ctx) => wrap('search', ctx, () => inner.search(query, ctx)),
    next: (query, token, ctx) => wrap('next', ctx, () => inner.next(query, token, ctx)),
    bookingOptions: (query, token, ctx) => inner.bookingOptions(query, token, ctx),
    priceInsights: (query, ctx) => inner.priceInsights(query, ctx),
    ...(priceDates
      ? {
          priceDates: (request, ctx) => {
            counts.calendar++
            return priceDates(request, ctx)
          },
        }
      : {}),
  }
}

/** The production configuration from the environment, with the provider budget out of the way. */
export function benchConfig(over: Partial<PriceCheckConfig> = {}): PriceCheckConfig {
  const env = parseEnv({ NODE_ENV: 'production', ...pick(process.env, ['PRICE_CHECK_BATCH_SIZE', 'FLIGHTS_MAX_CONCURRENCY']) })
  return { ...priceCheckConfig(env), budget: { perMinute: 1_000_000_000, perDay: 1_000_000_000 }, ...over }
}

function pick(source: NodeJS.ProcessEnv, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.flatMap((k) => (source[k] ? [[k, source[k]!]] : [])))
}

/**
 * A simulated market for the benchmark on this database and clock (shocks from the database).
 * `SUBSUMPTION=0` in the environment (inherited by worker processes) renames it, so the engine
 * finds no subsumption policy for it and every alert asks its own search: the same population's
 * figures without subsumption (decision 053). `CALENDAR=0` takes its fare calendar away, so
 * flexible alerts are swept as on SerpApi (decision 055).
 */
export function benchProvider(db: Db, now: () => Date, priceShocks: PriceShockStore = createPriceShockStore({ db, now })): CountingProvider {
  const env = parseEnv({ NODE_ENV: 'production' })
  const { provider: market } = createFlightProvider({ env, now, shocks: priceShocks })
  const provider = process.env.CALENDAR === '0' ? { ...market, priceDates: undefined } : market
  const counting = countingProvider(provider)
  return process.env.SUBSUMPTION === '0' ? { ...counting, id: `${market.id} (no subsumption)` } : counting
}

export interface WorkerResult {
  cycles: number
  claimed: number
  written: number
  groups: number
  providerCalls: number
  cacheHits: number
  /** Narrower alerts' checks answered from a broader search, and those that asked their own (decision 053). */
  subsumed: number
  ownSearches: number
  notifications: number
  counts: ProviderCounts
  lagMs: number[]
  wallMs: number
  peakRssBytes: number
  /** CPU seconds this process spent in the cycle: all its threads, and its main thread alone. */
  cpu: { total: number; main: number }
}

/**
 * Runs cycles until a claim comes back empty, one after another as the worker's loop
 * (start-price-checks.ts) runs them. `now` is the engine's and the market's clock.
 */
export async function runUntilIdle(
  db: Db,
  now: () => Date,
  options: { config?: PriceCheckConfig; provider?: CountingProvider } = {},
): Promise<WorkerResult> {
  const provider = options.provider ?? benchProvider(db, now)
  const config = options.config ?? benchConfig()
  const deps = { db, now, provider, logger: pino({ level: 'silent' }), config }
  const result: WorkerResult = { cycles: 0, claimed: 0, written: 0, groups: 0, providerCalls: 0, cacheHits: 0, subsumed: 0, ownSearches: 0, notifications: 0, counts: provider.counts, lagMs: [], wallMs: 0, peakRssBytes: 0, cpu: { total: 0, main: 0 } }
  const started = performance.now()
  const cpuBefore = processCpu()
  const add = (report: Awaited<ReturnType<typeof runPriceChecks>>) => {
    result.cycles++
    result.claimed += report.claimed
    result.written += report.written
    result.groups += report.groups
    result.providerCalls += report.providerCalls
    result.cacheHits += report.cacheHits
    result.subsumed += report.subsumed
    result.ownSearches += report.ownSearches
    result.notifications += report.notifications
    for (const lag of report.lagMs) result.lagMs.push(lag)
  }
  for (;;) {
    const report = await runPriceChecks(deps)
    if (report.claimed === 0) break
    add(report)
  }
  result.wallMs = performance.now() - started
  const cpuAfter = processCpu()
  result.cpu = { total: cpuAfter.total - cpuBefore.total, main: cpuAfter.main - cpuBefore.main }
  result.peakRssBytes = process.resourceUsage().maxRSS * 1024
  return result
}
