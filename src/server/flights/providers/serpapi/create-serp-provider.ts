import { LRUCache } from 'lru-cache'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { CallContext, FlightProvider, ProviderSearchResult, SerpSource } from '../provider.ts'
import { mapBooking } from './map-booking.ts'
import { mapSearch } from './map-search.ts'
import { assertSerpAnswer } from './serp-errors.ts'
import type { SerpQuery } from './serp-types.ts'
import { toSerpQuery, withBookingToken, withDepartureToken } from './to-serp-query.ts'

export interface SerpProviderOptions {
  /** As /api/health reports it; defaults to the source's id ("serpapi", "simulated"). */
  id?: string
  /**
   * Work around SerpApi bug #4055 (round-trip step 2 sometimes prices returns ~3× too high):
   * retry once, bypassing SerpApi's cache, when every return is far above the outbound's step-1
   * price. Default on; it costs one extra billed search, and only when the answer looks broken.
   */
  retryInflatedReturns?: boolean
  /** "Far above" for the check above: every step-2 price > factor × step-1 price. Default 2.5. */
  inflationFactor?: number
}

/** Step-1 prices are remembered this long, about as long as a departure token stays usable. */
const OUTBOUND_PRICE_TTL_MS = 3 * 60 * 60_000
const OUTBOUND_PRICE_MAX = 5_000

/**
 * A FlightProvider over anything that answers SerpApi-shaped JSON: the HTTP driver or the simulated
 * market. Every answer goes through the same checks and mappers.
 */
export function createSerpProvider(source: SerpSource, options: SerpProviderOptions = {}): FlightProvider {
  const id = options.id ?? source.id
  const retryInflated = options.retryInflatedReturns ?? true
  const factor = options.inflationFactor ?? 2.5
  // departure_token → the round-trip price it was listed with, for the #4055 check in next().
  const outboundPrices = new LRUCache<string, number>({ max: OUTBOUND_PRICE_MAX, ttl: OUTBOUND_PRICE_TTL_MS })

  // A fresh call asks SerpApi to skip its 1-hour cache (billed, unlike a cached answer).
  const call = async (query: SerpQuery, ctx: CallContext | undefined) =>
    assertSerpAnswer(await source.fetch(ctx?.fresh ? { ...query, no_cache: true } : query, ctx), id)

  const search = async (query: FlightQuery, ctx?: CallContext): Promise<ProviderSearchResult> => {
    const result = mapSearch(await call(toSerpQuery(query), ctx), query)
    if (retryInflated && query.type === 1) {
      for (const it of [...result.best, ...result.other]) {
        if (it.departureToken && it.price !== null) outboundPrices.set(it.departureToken, it.price)
      }
    }
    return result
  }

  return {
    id,
    search,

    async next(query, departureToken, ctx) {
      const serpQuery = withDepartureToken(query, departureToken)
      const result = mapSearch(await call(serpQuery, ctx), query)
      const outboundPrice = retryInflated && query.type === 1 ? outboundPrices.get(departureToken) : undefined
      if (outboundPrice === undefined || !looksInflated(result, outboundPrice, factor)) return result
      try {
        // SerpApi's cache would hand back the same broken answer for identical parameters.
        return mapSearch(await call({ ...serpQuery, no_cache: true }, ctx), query)
      } catch (err) {
        // The first answer is still an answer; only a caller that gave up should see a failure.
        if (ctx?.signal?.aborted) throw err
        return result
      }
    },

    async bookingOptions(query, bookingToken, ctx) {
      return mapBooking(await call(withBookingToken(query, bookingToken), ctx), query)
    },

    // SerpApi has no insights endpoint: they come with a search of the route and dates.
    async priceInsights(query, ctx) {
      return (await search(query, ctx)).priceInsights
    },

    async inspectSearch(query, ctx) {
      const raw = await call(toSerpQuery(query), { ...ctx, fresh: true })
      return { raw, mapped: mapSearch(raw, query) }
    },
  }
}

/** Every priced return costs more than `factor` × the step-1 round-trip price (and there is at least one). */
function looksInflated(result: ProviderSearchResult, outboundPrice: number, factor: number): boolean {
  const prices = [...result.best, ...result.other].map((it) => it.price).filter((p): p is number => p !== null)
  return outboundPrice > 0 && prices.length > 0 && prices.every((p) => p > factor * outboundPrice)
}
