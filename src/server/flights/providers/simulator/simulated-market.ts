import { ProviderError, type CallContext, type DatePrices, type DatePricesRequest, type SerpSource } from '../provider.ts'
import type { SerpFlightsResponse, SerpQuery } from '../serpapi/serp-types.ts'
import { TRAVEL_CLASS_CODES } from '#shared/flights/flight-query.ts'
import { answerBooking } from './booking-answer.ts'
import type { PriceContext, SimulatedPriceShock } from './fares.ts'
import { readQuery, SIMULATED_ID } from './read-query.ts'
import { noResults } from './response-envelope.ts'
import { priceDates } from './price-dates.ts'
import { answerSearch } from './search-answer.ts'

export type { SimulatedPriceShock } from './fares.ts'

/**
 * The built-in simulated flight market: a SerpSource that answers SerpApi Google Flights queries
 * offline, with SerpApi's JSON shapes, flows and tokens, from real airports and airlines, a hub
 * network, deterministic schedules and a fare model that moves by the hour. The SerpApi mapper
 * reads its answers exactly as it reads serpapi.com's.
 */

export type FailureMode = 'none' | 'no-results' | 'slow' | 'error' | 'rate-limited' | 'missing-price'

export interface FailureSettings {
  mode: FailureMode
  /** For 'slow': how long each call waits before answering. Default 5 s. */
  delayMs?: number
  /**
   * Only one-way and round-trip searches from any of `from` to any of `to` (comma lists of IATA codes) fail; other routes
   * answer normally, so a demo or a browser test can break one route while the rest keep working.
   */
  route?: { from: string; to: string }
}

type ShockList = readonly SimulatedPriceShock[]
/** Active shocks: a fixed list, a function (sync or async), or a store with active(). Read on every call. */
export type PriceShockSource = ShockList | (() => ShockList | Promise<ShockList>) | { active(): ShockList | Promise<ShockList> }

export interface SimulatedMarketOptions {
  /** The market's only clock: prices move with its UTC hour, tokens expire against it. Default: system time. */
  now?: () => Date
  /** Where booking options' "Book" requests go (the service passes `${publicUrl}/api/flights/simulated-seller`). */
  bookingUrl: string
  shocks?: PriceShockSource
  failures?: FailureSettings
}

export interface SimulatedMarket extends SerpSource {
  readonly id: typeof SIMULATED_ID
  /** Switch failure injection at runtime (tests, demos, SIMULATOR_FAILURE_MODE, the admin API). */
  setFailureMode(mode: FailureMode, delayMs?: number, route?: FailureSettings['route']): void
  readonly failures: Readonly<FailureSettings>
  /** Fares by travel date: what a search of each pair would headline (price-dates.ts). */
  priceDates(request: DatePricesRequest, ctx?: CallContext): Promise<DatePrices>
}

const DEFAULT_SLOW_MS = 5_000

async function activeShocks(source: PriceShockSource | undefined): Promise<ShockList> {
  if (!source) return []
  if (typeof source === 'function') return await source()
  if ('active' in source && typeof source.active === 'function') return await source.active()
  return source as ShockList
}

/** Waits, unless the caller gives up first: a deadline becomes 'timeout', a cancel rethrows its reason. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = () => {
      clearTimeout(timer)
      reject(abortError(signal!))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', fail)
      resolve()
    }, ms)
    if (signal?.aborted) fail()
    else signal?.addEventListener('abort', fail, { once: true })
  })
}

function abortError(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason
  const isTimeout = reason instanceof Error && reason.name === 'TimeoutError'
  return isTimeout ? new ProviderError('timeout', SIMULATED_ID, 'The simulated market did not answer in time', { cause: reason }) : reason
}

const codeList = (list: unknown) => new Set(String(list ?? '').toUpperCase().split(',').map((code) => code.trim()).filter(Boolean))

/** The failure mode that applies to this query: a route-scoped failure touches only its route's searches. */
function failureFor(failures: FailureSettings, raw: SerpQuery): FailureMode {
  if (!failures.route) return failures.mode
  const from = codeList(raw.departure_id)
  const to = codeList(raw.arrival_id)
  const hits = (wanted: string, asked: Set<string>) => [...codeList(wanted)].some((code) => asked.has(code))
  return hits(failures.route.from, from) && hits(failures.route.to, to) ? failures.mode : 'none'
}

export function createSimulatedMarket(options: SimulatedMarketOptions): SimulatedMarket {
  const now = options.now ?? (() => new Date())
  let failures: FailureSettings = { mode: 'none', ...options.failures }

  /** Throws or waits as the failure mode in force for this route says; returns the mode. */
  async function injectFailure(raw: SerpQuery, ctx: CallContext): Promise<FailureMode> {
    const mode = failureFor(failures, raw)
    if (ctx.signal?.aborted) throw abortError(ctx.signal)
    if (mode === 'error') throw new ProviderError('upstream', SIMULATED_ID, 'Simulated upstream failure', { status: 500 })
    if (mode === 'rate-limited') {
      throw new ProviderError('rate_limited', SIMULATED_ID, 'Simulated rate limit: hourly searches exhausted', { status: 429, retryAfterMs: 60_000 })
    }
    if (mode === 'slow') await wait(failures.delayMs ?? DEFAULT_SLOW_MS, ctx.signal)
    return mode
  }

  return {
    id: SIMULATED_ID,
    get failures() {
      return failures
    },
    setFailureMode(mode, delayMs, route) {
      failures = { mode, ...(delayMs !== undefined ? { delayMs } : {}), ...(route ? { route } : {}) }
    },

    async fetch(raw: SerpQuery, ctx: CallContext = {}): Promise<SerpFlightsResponse> {
      const mode = await injectFailure(raw, ctx)

      const at = now()
      const call = { raw, now: at }
      const q = readQuery(raw)
      if (mode === 'no-results') return noResults(call)

      const priceCtx: PriceContext = {
        cabin: q.cabin,
        passengers: q.passengers,
        bags: q.bags,
        currency: q.currency,
        now: at,
        shocks: await activeShocks(options.shocks),
      }
      if (q.bookingToken) return answerBooking(q, { call, ctx: priceCtx, bookingUrl: options.bookingUrl })
      return answerSearch(q, { call, ctx: priceCtx, missingPrice: mode === 'missing-price', insights: ctx.withoutInsights !== true })
    },

    async priceDates(request: DatePricesRequest, ctx: CallContext = {}): Promise<DatePrices> {
      // A broken route breaks its calendar too: the calendar is the same market's searches.
      const mode = await injectFailure({ departure_id: request.from, arrival_id: request.to }, ctx)
      if (mode === 'no-results') return { prices: request.pairs.map(() => null), typicalRange: null }
      const currency = request.currency.toUpperCase()
      return priceDates(request, {
        cabin: TRAVEL_CLASS_CODES[request.travelClass],
        passengers: { adults: request.adults, children: 0, infantsInSeat: 0, infantsOnLap: 0 },
        bags: 0,
        currency,
        now: now(),
        shocks: await activeShocks(options.shocks),
      })
    },
  }
}
