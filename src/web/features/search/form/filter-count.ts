import { DEFAULT_SEARCH_FILTERS, DEFAULT_TIME_WINDOW, type SearchFilters, type SearchParams, type TimeWindow } from '#shared/flights/search-params.ts'

const isDefaultWindow = (window: TimeWindow | undefined) => !window || window.every((hour, i) => hour === DEFAULT_TIME_WINDOW[i])

/**
 * How many "More filters" settings narrow the search (shown on the button). Passenger counts,
 * the provider's sort order and the region/language/currency preferences are not filters, and time windows count only for the
 * legs the trip type has.
 */
export function activeFilterCount(params: Pick<SearchParams, 'tripType' | 'multiCitySegments'>, filters: SearchFilters): number {
  const d = DEFAULT_SEARCH_FILTERS
  let count = 0
  const bump = (active: boolean) => {
    if (active) count += 1
  }
  bump(filters.stops !== d.stops)
  bump(filters.bags !== d.bags)
  bump(filters.priceRange[0] !== d.priceRange[0] || filters.priceRange[1] !== d.priceRange[1])
  bump(filters.maxPrice !== undefined)
  bump(filters.includeAirlines.length > 0 || filters.excludeAirlines.length > 0)
  if (params.tripType === 'multi-city') {
    for (const segment of params.multiCitySegments) bump(!isDefaultWindow(filters.multiCityTimes[segment.id]))
  } else {
    bump(!isDefaultWindow(filters.outboundTimes))
    if (params.tripType === 'round-trip') bump(!isDefaultWindow(filters.returnTimes))
  }
  bump(filters.maxLayoverDuration !== d.maxLayoverDuration)
  bump(filters.excludeConnectingAirports.length > 0)
  bump(filters.lessEmissions !== d.lessEmissions)
  bump(filters.maxDuration !== undefined && filters.maxDuration > 0)
  bump(filters.deepSearch !== d.deepSearch)
  bump(filters.showHidden !== d.showHidden)
  return count
}
