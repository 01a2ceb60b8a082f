import { searchFromAlertParams } from '#shared/alerts/alert-from-search.ts'
import type { AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import { DEFAULT_PRICE_RANGE, DEFAULT_SEARCH_FILTERS, DEFAULT_TIME_WINDOW, type SearchFilters, type SearchParams } from '#shared/flights/search-params.ts'
import { PATHS } from '#shared/routes.ts'

/**
 * The "Search now" link of a notice: the search page opened on the alert's search, sorted by price
 * (section 9). It mirrors the query-string format of src/web/features/search/url-state.ts
 * (`encodeSearch`), which the server may not import: same keys, same order, same defaults left out.
 * searchFromAlertParams already gives a state normalised for its trip type.
 */

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i])

export function encodeSearchQuery(p: SearchParams, f: SearchFilters): string {
  const d = DEFAULT_SEARCH_FILTERS
  const entries: Array<[string, string]> = []
  const put = (key: string, value: string | number | undefined | null, skip = false) => {
    if (!skip && value !== undefined && value !== null && value !== '') entries.push([key, String(value)])
  }
  put('trip', p.tripType)
  if (p.tripType === 'multi-city') {
    put('legs', p.multiCitySegments.map((s) => `${s.from}-${s.to}-${s.departureDate}`).join('_'))
  } else {
    put('from', p.from)
    put('to', p.to)
    put('depart', p.departureDate)
    put('return', p.returnDate)
  }
  put('class', p.travelClass)
  put('adults', p.adults)
  put('children', p.children, p.children === 0)
  put('infants_seat', f.infants_in_seat, f.infants_in_seat === 0)
  put('infants_lap', f.infants_on_lap, f.infants_on_lap === 0)
  put('sort', f.sortBy, f.sortBy === d.sortBy)
  put('stops', f.stops, f.stops === d.stops)
  put('bags', f.bags, f.bags === d.bags)
  put('price', `${f.priceRange[0]}-${f.priceRange[1]}`, same(f.priceRange, DEFAULT_PRICE_RANGE))
  put('max_price', f.maxPrice)
  put('include', f.includeAirlines.join(','))
  put('exclude', f.excludeAirlines.join(','))
  put('out_times', f.outboundTimes.join('-'), same(f.outboundTimes, DEFAULT_TIME_WINDOW))
  put('ret_times', f.returnTimes.join('-'), same(f.returnTimes, DEFAULT_TIME_WINDOW))
  if (p.tripType === 'multi-city') {
    const windows = p.multiCitySegments.map((s) => f.multiCityTimes[s.id] ?? DEFAULT_TIME_WINDOW)
    put('leg_times', windows.map((w) => w.join('-')).join('_'), !windows.some((w) => !same(w, DEFAULT_TIME_WINDOW)))
  }
  put('layover', f.maxLayoverDuration, f.maxLayoverDuration === d.maxLayoverDuration)
  put('no_conn', f.excludeConnectingAirports.join(','))
  put('less_emissions', f.lessEmissions ? 1 : undefined)
  put('max_duration', f.maxDuration || undefined)
  put('gl', f.gl, f.gl === d.gl)
  put('hl', f.hl, f.hl === d.hl)
  put('currency', f.currency, f.currency === d.currency)
  put('deep_search', f.deepSearch ? 1 : 0, f.deepSearch === d.deepSearch)
  put('show_hidden', f.showHidden ? 1 : 0, f.showHidden === d.showHidden)
  // Commas and dashes stay readable ("from=LHR,LGW"); everything else is escaped.
  return entries.map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`).join('&')
}

/** Absolute URL of the search page for an alert's search. */
export function alertSearchUrl(publicUrl: string, params: AlertSearchParams): string {
  const { params: p, filters: f } = searchFromAlertParams(params)
  return `${publicUrl}${PATHS.search}?${encodeSearchQuery(p, f)}`
}
