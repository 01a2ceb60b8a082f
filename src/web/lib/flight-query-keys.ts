import type { QueryClient } from '@tanstack/react-query'
import type { PriceInsightsQuery } from '#shared/flights/search-params.ts'
import type { FlexibleQuery } from '#shared/flights/fare-calendar.ts'
import type { SearchResponse } from '#shared/flights/model.ts'

/**
 * Where the flight answers live in the query cache (decision 025). The search feature fills these
 * keys; alert creation reads a search's first leg from them and the Flights nav item and sign-out
 * remove them all, so they are defined here rather than inside one feature (alerts may not import
 * search: search imports alerts).
 */
export const flightQueryKeys = {
  all: ['flights'] as const,
  /** A search by its URL encoding (encodeSearch), so Back to a search just made answers from the cache. */
  search: (encodedSearch: string) => ['flights', 'search', encodedSearch] as const,
  /** Returns for a chosen outbound, or the next multi-city leg, by the chosen option's departure token. */
  nextLeg: (departureToken: string) => ['flights', 'next', departureToken] as const,
  bookingOptions: (bookingToken: string) => ['flights', 'booking-options', bookingToken] as const,
  priceInsights: (query: PriceInsightsQuery | null) => ['flights', 'price-insights', query] as const,
  /** The cheapest date pairs of a flexible-date search (issue 16), by its API query. */
  flexible: (query: FlexibleQuery | null) => ['flights', 'flexible', query] as const,
}

/** The outbound options of a search made in this visit, if the cache still holds them. */
export function cachedSearchAnswer(queryClient: QueryClient, encodedSearch: string): SearchResponse | undefined {
  return queryClient.getQueryData<SearchResponse>(flightQueryKeys.search(encodedSearch))
}
