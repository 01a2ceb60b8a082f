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
import type { DateGrid, DateGridQuery, FareCalendar, FareCalendarQuery, FlexibleQuery, FlexibleResults } from '#shared/flights/fare-calendar.ts'
import { unfilteredFareKey } from '#shared/flights/fare-query.ts'
import { createDatePairPricer } from './price-date-pairs.ts'
import { fareCalendarAnswer } from './fare-calendar-answer.ts'
import { dateGridAnswer } from './date-grid-answer.ts'
import { flexibleAnswer } from './flexible-answer.ts'
import { recordFareObservations } from './record-fare-observations.ts'
import type { SearchCallBudget } from './search-call-budget.ts'

export interface FlightServiceOptions {
  provider: FlightProvider
  db: Db
  logger: Logger
  now: () => Date
  cacheTtlMs: number
  timeoutMs: number
  maxConcurrentCalls: number
  /**
   * Takes each provider call from the searches' global budget before it is made (decision 050).
   * Absent: no cap (the simulated market, which costs nothing).
   */
  callBudget?: SearchCallBudget
}

const EXPIRED_RESULT = 'This result has expired. Please search again.'
/**
 * Fares FareDrop has seen are read again this soon: a search made a moment ago should reach the
 * calendar without waiting out the search cache's lifetime (decision 047).
 */
const OBSERVED_FARES_TTL_MS = 60_000

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
  const faresTtlMs = provider.priceDates ? options.cacheTtlMs : Math.min(options.cacheTtlMs, OBSERVED_FARES_TTL_MS)
  const fareAnswers = createSearchCache<FareCalendar | DateGrid | FlexibleResults>({ ttlMs: faresTtlMs, maxEntries: 300, now })

  async function callProvider<T>(what: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    // Only a cache miss gets here, once per call (single-flight), so an answer served from the
    // cache takes nothing; a refusal comes before the call and before a concurrency slot.
    await options.callBudget?.()
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

  const searchQuery = async (query: FlightQuery) => {
    const cached = await searches.get(`search:${stableKey(query)}`, () => callProvider('search', (signal) => provider.search(query, { signal })))
    if (!cached.fromCache) recordSearch(query, cached.value, cached.fetchedAt)
    return cached
  }

  /**
   * A new unfiltered first-step answer becomes an observed fare (decision 047), written after the
   * answer goes out: the traveller never waits for it, and a failure is logged, never shown.
   */
  function recordSearch(query: FlightQuery, result: ProviderSearchResult, observedAt: Date): void {
    const key = unfilteredFareKey(query)
    if (!key) return
    const prices = [...result.best, ...result.other].map((it) => it.price).filter((p): p is number => p !== null)
    if (prices.length === 0) return
    setImmediate(() => {
      recordFareObservations(options.db, [{ ...key, lowestPrice: Math.min(...prices), observedAt, source: 'search', provider: provider.id }]).catch((err: unknown) =>
        logger.warn({ err }, 'could not record an observed fare'),
      )
    })
  }

  const priceDatePairs = createDatePairPricer({ provider, db: options.db, now, callProvider })
  const fareAnswer = <T extends FareCalendar | DateGrid | FlexibleResults>(kind: string, q: object, build: () => Promise<T>): Promise<T> =>
    fareAnswers.get(`${kind}:${stableKey(q as Record<string, unknown>)}`, build).then((cached) => cached.value as T)

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

    /** GET /api/flights/calendar: the cheapest fare of each day (decision 047). */
    calendar(q: FareCalendarQuery): Promise<FareCalendar> {
      return fareAnswer('calendar', q, () => fareCalendarAnswer(q, priceDatePairs))
    },

    /** GET /api/flights/date-grid: departure × return around the chosen dates. */
    dateGrid(q: DateGridQuery): Promise<DateGrid> {
      return fareAnswer('grid', q, () => dateGridAnswer(q, priceDatePairs))
    },

    /** GET /api/flights/flexible: a month's or its weekends' cheapest date pairs. */
    flexible(q: FlexibleQuery): Promise<FlexibleResults> {
      return fareAnswer('flexible', q, () => flexibleAnswer(q, priceDatePairs, now()))
    },

    /** Forget cached answers (after a simulated price shock, so it shows at once). */
    clearCache() {
      searches.clear()
      bookings.clear()
      fareAnswers.clear()
    },
  }
}

export type FlightService = ReturnType<typeof createFlightService>

/** JSON with sorted keys: the same query always makes the same cache key. */
function stableKey(query: FlightQuery | Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b))))
}
