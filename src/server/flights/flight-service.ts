import pLimit from 'p-limit'
import { buildFlightQuery, queryLegs, type FlightQuery } from '#shared/flights/flight-query.ts'
import type { BookingOptionsResponse, PriceInsights, SearchResponse } from '#shared/flights/model.ts'
import { SEARCH_MESSAGES, type PriceInsightsQuery, type SearchRequest } from '#shared/flights/search-params.ts'
import { TRAVEL_CLASS_CODES } from '#shared/flights/flight-query.ts'
import { presentBookingOptions } from '#shared/flights/booking-order.ts'
import { AppError } from '../lib/app-error.ts'
import type { Logger } from '../lib/logger.ts'
import type { Db } from '../db/client.ts'
import { isDatabaseError } from '../db/connection-errors.ts'
import { ProviderError, type FlightProvider, type ProviderBookingResult, type ProviderSearchResult } from './providers/provider.ts'
import { createSearchCache } from './search-cache.ts'
import { createSearchHandles } from './search-handles.ts'
import { assertSearchable } from './validate-search.ts'

export interface FlightServiceOptions {
  provider: FlightProvider
  db: Db
  logger: Logger
  now: () => Date
  cacheTtlMs: number
  timeoutMs: number
  maxConcurrentCalls: number
}

const EXPIRED_RESULT = 'This result has expired. Please search again.'

/**
 * Flight search for the API and the price-check worker: validation, provider calls under a timeout
 * and a concurrency limit, a cache with single-flight, and server-side handles for provider tokens.
 * Provider failures reach the caller as "Failed to retrieve search results"; the cause is logged.
 */
export function createFlightService(options: FlightServiceOptions) {
  const { provider, logger, now } = options
  const limit = pLimit(options.maxConcurrentCalls)
  const handles = createSearchHandles({ db: options.db, now })
  const searches = createSearchCache<ProviderSearchResult>({ ttlMs: options.cacheTtlMs, maxEntries: 500, now })
  const bookings = createSearchCache<ProviderBookingResult>({ ttlMs: options.cacheTtlMs, maxEntries: 200, now })

  async function callProvider<T>(what: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return limit(async () => {
      const signal = AbortSignal.timeout(options.timeoutMs)
      try {
        return await Promise.race([
          call(signal),
          new Promise<never>((_, reject) =>
            signal.addEventListener('abort', () => reject(new ProviderError('timeout', provider.id, `${what} took longer than ${options.timeoutMs} ms`))),
          ),
        ])
      } catch (error) {
        // The simulated market reads its price shocks from the database: a database failure there
        // is not the provider's, and answers as the database's failures do (503 or 500).
        if (isDatabaseError(error)) throw error
        logger.error({ err: error, provider: provider.id, call: what }, 'flight provider call failed')
        if (error instanceof ProviderError && (error.code === 'token_expired' || error.code === 'bad_request') && what !== 'search') {
          throw new AppError('not_found', EXPIRED_RESULT, { cause: error })
        }
        throw new AppError('upstream_failed', SEARCH_MESSAGES.failed, { cause: error })
      }
    })
  }

  async function answer(query: FlightQuery, legIndex: number, cached: { value: ProviderSearchResult; fetchedAt: Date; fromCache: boolean }): Promise<SearchResponse> {
    const { searchId, groups } = await handles.issue(provider.id, query, legIndex, [cached.value.best, cached.value.other])
    return {
      searchId,
      legIndex,
      legCount: queryLegs(query).length,
      best: groups[0] ?? [],
      other: groups[1] ?? [],
      priceInsights: cached.value.priceInsights,
      currency: query.currency,
      fetchedAt: cached.fetchedAt.toISOString(),
      fromCache: cached.fromCache,
      provider: provider.id,
    }
  }

  const searchQuery = (query: FlightQuery) =>
    searches.get(`search:${stableKey(query)}`, () => callProvider('search', (signal) => provider.search(query, { signal })))

  async function resolveHandle(handle: string, kind: 'next' | 'booking') {
    const stored = await handles.resolve(handle)
    if (!stored || stored.kind !== kind || stored.provider !== provider.id) throw new AppError('not_found', EXPIRED_RESULT)
    return stored
  }

  return {
    providerId: provider.id,

    async search(request: SearchRequest): Promise<SearchResponse> {
      assertSearchable(request, now())
      const query = buildFlightQuery(request.params, request.filters)
      return answer(query, 0, await searchQuery(query))
    },

    /** A query already in provider form (alerts store these); no form validation. */
    async searchQuery(query: FlightQuery): Promise<SearchResponse> {
      return answer(query, 0, await searchQuery(query))
    },

    async next(handle: string): Promise<SearchResponse> {
      const stored = await resolveHandle(handle, 'next')
      const cached = await searches.get(`next:${stored.token}`, () =>
        callProvider('next', (signal) => provider.next(stored.query, stored.token, { signal })),
      )
      return answer(stored.query, stored.legIndex + 1, cached)
    },

    async bookingOptions(handle: string): Promise<BookingOptionsResponse> {
      const stored = await resolveHandle(handle, 'booking')
      const cached = await bookings.get(`booking:${stored.token}`, () =>
        callProvider('booking', (signal) => provider.bookingOptions(stored.query, stored.token, { signal })),
      )
      // Sellers cheapest first, baggage prices with their currency (issue 16): for every client of the API.
      return presentBookingOptions({ ...cached.value, currency: stored.query.currency })
    },

    async priceInsights(q: PriceInsightsQuery): Promise<PriceInsights> {
      const query: FlightQuery = {
        type: q.returnDate ? 1 : 2,
        departure_id: q.from,
        arrival_id: q.to,
        outbound_date: q.departureDate,
        ...(q.returnDate ? { return_date: q.returnDate } : {}),
        adults: q.adults ?? 1,
        children: 0,
        infants_in_seat: 0,
        infants_on_lap: 0,
        travel_class: TRAVEL_CLASS_CODES[q.travelClass ?? 'economy'],
        stops: 0,
        sort_by: 1,
        bags: 0,
        currency: q.currency ?? 'USD',
        hl: 'en',
        gl: 'us',
        deep_search: false,
        show_hidden: false,
      }
      const { value } = await searchQuery(query)
      return value.priceInsights ?? { lowest_price: null, price_level: null, typical_price_range: null, price_history: [] }
    },

    /** Forget cached answers (after a simulated price shock, so it shows at once). */
    clearCache() {
      searches.clear()
      bookings.clear()
    },
  }
}

export type FlightService = ReturnType<typeof createFlightService>

/** JSON with sorted keys: the same query always makes the same cache key. */
function stableKey(query: FlightQuery): string {
  return JSON.stringify(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b))))
}
