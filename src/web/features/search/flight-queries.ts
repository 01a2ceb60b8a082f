import { queryOptions, skipToken } from '@tanstack/react-query'
import type { PriceInsightsQuery } from '#shared/flights/search-params.ts'
import type { FlexibleQuery } from '#shared/flights/fare-calendar.ts'
import type { SearchState } from '#shared/flights/search-url.ts'
import { flightQueryKeys } from '../../lib/flight-query-keys.ts'
import { fetchBookingOptions, fetchFlexibleDates, fetchNextLeg, fetchPriceInsights, searchFlights } from './api.ts'

/** The search the URL holds, as it is sent, and its URL encoding: the query-cache key and the selection's owner. */
export interface CurrentSearch {
  key: string
  request: SearchState
}

/** How long a search answer is reused for Back/Forward without asking the server again. */
export const SEARCH_REUSE_MS = 2 * 60_000

/**
 * Flight answers are asked for when the traveller searches or chooses, never behind their back
 * (window focus, reconnect), and a failure is shown at once with its own retry, not retried.
 */
const ON_DEMAND = { staleTime: SEARCH_REUSE_MS, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const

/** Spec section 8: next-leg and booking-option failures are logged; a request cancelled by a newer choice is no failure. */
async function logFailure<T>(what: string, request: Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await request
  } catch (error) {
    if (!signal.aborted) console.warn(what, error)
    throw error
  }
}

/** POST /api/flights/search for the URL's search; nothing is asked while the URL holds none. */
export function flightSearchQueryOptions(search: CurrentSearch | null) {
  return queryOptions({
    queryKey: flightQueryKeys.search(search?.key ?? ''),
    queryFn: search ? ({ signal }) => searchFlights(search.request, signal) : skipToken,
    ...ON_DEMAND,
  })
}

/** The options of the leg after a chosen one (its departure token); null: nothing to ask. */
export function nextLegQueryOptions(departureToken: string | null) {
  return queryOptions({
    queryKey: flightQueryKeys.nextLeg(departureToken ?? ''),
    queryFn: departureToken ? ({ signal }) => logFailure('Next leg search failed', fetchNextLeg(departureToken, signal), signal) : skipToken,
    ...ON_DEMAND,
  })
}

/** Where to book the chosen trip (the last choice's booking token); null: nothing to ask. */
export function bookingOptionsQueryOptions(bookingToken: string | null) {
  return queryOptions({
    queryKey: flightQueryKeys.bookingOptions(bookingToken ?? ''),
    queryFn: bookingToken ? ({ signal }) => logFailure('Booking options failed', fetchBookingOptions(bookingToken, signal), signal) : skipToken,
    ...ON_DEMAND,
  })
}

/** GET /api/flights/price-insights for a searched route, when its answer came without insights. */
export function priceInsightsQueryOptions(query: PriceInsightsQuery | null) {
  return queryOptions({
    queryKey: flightQueryKeys.priceInsights(query),
    queryFn: query ? ({ signal }) => logFailure('Price insights failed', fetchPriceInsights(query, signal), signal) : skipToken,
    retry: false,
    staleTime: 10 * 60_000,
  })
}

/** GET /api/flights/flexible for the URL's flexible-date search; null: nothing to ask. Asked like a search: on demand, never retried. */
export function flexibleDatesQueryOptions(query: FlexibleQuery | null) {
  return queryOptions({
    queryKey: flightQueryKeys.flexible(query),
    queryFn: query ? ({ signal }) => fetchFlexibleDates(query, signal) : skipToken,
    ...ON_DEMAND,
  })
}
