import type { QueryClient } from '@tanstack/react-query'
import type { Itinerary } from '#shared/flights/model.ts'
import { encodeSearch } from '#shared/flights/search-url.ts'
import { cachedSearchAnswer } from '../../lib/flight-query-keys.ts'
import type { AlertDraft } from '../../stores/alert-draft-store.ts'
import type { AlertSearchContext } from '../../stores/alert-store.ts'

/**
 * The price a new alert's suggested target starts from: the tracked flights' trip price (the last
 * chosen flight carries the whole trip's total), else the cheapest outbound option of the drafted
 * search, while the query cache still holds its answer (the search page put it there; the Flights
 * nav item and sign-out take it out).
 */
export function searchContextFor(queryClient: QueryClient, search: AlertDraft['search'], flights: readonly Itinerary[]): AlertSearchContext {
  const tracked = flights.at(-1)
  if (tracked?.price != null) return { referencePrice: tracked.price, currency: tracked.currency }
  const first = cachedSearchAnswer(queryClient, encodeSearch(search.params, search.filters))
  const prices = first ? [...first.best, ...first.other].map((itinerary) => itinerary.price).filter((price): price is number => price !== null) : []
  return { referencePrice: prices.length > 0 ? Math.min(...prices) : null, currency: first?.currency ?? search.filters.currency }
}
