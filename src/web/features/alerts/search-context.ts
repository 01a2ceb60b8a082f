import type { Itinerary } from '#shared/flights/model.ts'
import type { AlertSearchContext } from '../../stores/alert-store.ts'
import { useSearchResultsStore } from '../../stores/search-results-store.ts'

/**
 * The price a new alert's suggested target starts from: the tracked flights' trip price (the last
 * chosen flight carries the whole trip's total), else the cheapest result of the current search.
 */
export function searchContextFor(flights: readonly Itinerary[], fallbackCurrency = 'USD'): AlertSearchContext {
  const tracked = flights.at(-1)
  if (tracked?.price != null) return { referencePrice: tracked.price, currency: tracked.currency }
  const first = useSearchResultsStore.getState().searchResults[0]
  const prices = first ? [...first.best, ...first.other].map((itinerary) => itinerary.price).filter((price): price is number => price !== null) : []
  return { referencePrice: prices.length > 0 ? Math.min(...prices) : null, currency: first?.currency ?? fallbackCurrency }
}
