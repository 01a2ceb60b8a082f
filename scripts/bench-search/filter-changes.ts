// The post-search filter changes scripts/bench-search.ts times: what a click or a slider step in
// the results' filter panel asks of src/web/features/search/results/post-search-filters.ts.
// Type-only import from the store: its module creates a persisted zustand store (localStorage).
import type { PostSearchFilters } from '#web/stores/search-store.ts'
import type { Itinerary } from '#shared/flights/model.ts'

/** The same as defaultPostSearchFilters() in the store, without loading the store. */
export function defaultFilters(): PostSearchFilters {
  return {
    sortBy: 'price-low-high',
    stops: { nonstop: true, oneStop: true, twoPlusStops: true },
    airlines: [],
    alliances: [],
    priceRange: { min: 0, max: null },
    times: { departure: [0, 1440], arrival: [0, 1440] },
    connectingAirports: [],
    duration: { min: 0, max: null },
  }
}

export interface FilterChange {
  label: string
  /** The filters after the n-th repetition of this change (alternating, so each differs from the last). */
  next(n: number): PostSearchFilters
}

/** Changes over a result set: stops, price ceiling, one airline unticked, a departure window, a sort. */
export function filterChanges(itineraries: readonly Itinerary[]): FilterChange[] {
  const prices = itineraries.map((it) => it.price).filter((p): p is number => p !== null)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const airlines = [...new Set(itineraries.flatMap((it) => it.segments.map((s) => s.airline.code ?? s.airline.name)))].sort()
  const base = defaultFilters()
  return [
    {
      label: 'toggle "2+ stops"',
      next: (n) => ({ ...base, stops: { ...base.stops, twoPlusStops: n % 2 === 1 } }),
    },
    {
      label: 'price slider (max) step',
      next: (n) => ({ ...base, priceRange: { min: 0, max: Math.round(low + ((high - low) * (20 + (n % 80))) / 100) } }),
    },
    {
      // The panel lists every airline; unticking one leaves the others ticked.
      label: `untick one of ${airlines.length} airlines`,
      next: (n) => ({ ...base, airlines: airlines.filter((_, i) => i !== n % airlines.length) }),
    },
    {
      label: 'departure window step',
      next: (n) => ({ ...base, times: { departure: [(n % 12) * 60, 1440 - (n % 6) * 60], arrival: [0, 1440] } }),
    },
    {
      label: 'sort by duration / price',
      next: (n) => ({ ...base, sortBy: n % 2 === 0 ? 'duration' : 'price-low-high' }),
    },
    {
      label: 'stops + airline + price at once',
      next: (n) => ({
        ...base,
        stops: { ...base.stops, nonstop: n % 2 === 0 },
        airlines: airlines.filter((_, i) => i !== n % airlines.length),
        priceRange: { min: low, max: Math.round((low + high) / 2) },
      }),
    },
  ]
}
