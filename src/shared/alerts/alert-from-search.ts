import { buildFlightQuery, parseTimeWindow, TRAVEL_CLASS_CODES, TRIP_TYPE_CODES } from '../flights/flight-query.ts'
import {
  DEFAULT_MAX_LAYOVER_HOURS,
  DEFAULT_SEARCH_FILTERS,
  DEFAULT_SEARCH_PARAMS,
  MIN_MULTI_CITY_SEGMENTS,
  TRAVEL_CLASSES,
  TRIP_TYPES,
  type SearchFilters,
  type SearchParams,
  type SortBy,
  type StopsFilter,
} from '../flights/search-params.ts'
import { alertLegs, alertSearchParamsSchema, type AlertSearchParams } from './alert-search-params.ts'

/**
 * Spec section 5 "Building alert parameters from a search", and the way back (section 9: a search
 * opened from an alert sorts by price).
 */

/** "Segment N: Missing …" and the other reasons a search can't become an alert yet. */
export function alertSearchProblems(params: SearchParams): string[] {
  if (params.tripType === 'multi-city') {
    const problems: string[] = []
    if (params.multiCitySegments.length < MIN_MULTI_CITY_SEGMENTS) problems.push('Multi-city must have at least 2 segments')
    params.multiCitySegments.forEach((segment, i) => {
      const missing = [
        !segment.id && 'id',
        !segment.from && 'departure airport',
        !segment.to && 'arrival airport',
        !segment.departureDate && 'departure date',
      ].filter(Boolean)
      if (missing.length > 0) problems.push(`Segment ${i + 1}: Missing ${missing.join(', ')}`)
    })
    return problems
  }
  const missing = [!params.from && 'departure airport', !params.to && 'arrival airport', !params.departureDate && 'departure date']
  if (params.tripType === 'round-trip') missing.push(!params.returnDate && 'return date')
  const names = missing.filter(Boolean)
  return names.length > 0 ? [`Missing ${names.join(', ')}`] : []
}

/** A search is valid for alerts when from, to and the dates are set (2+ complete segments for multi-city). */
export function isSearchValidForAlert(params: SearchParams): boolean {
  return alertSearchProblems(params).length === 0
}

/** The alert's search parameters for a search, validated by the alert schema (throws on a bad search). */
export function alertParamsFromSearch(params: SearchParams, filters: SearchFilters): AlertSearchParams {
  return alertSearchParamsSchema.parse(buildFlightQuery(params, filters))
}

const TRIP_BY_CODE = Object.fromEntries(TRIP_TYPES.map((trip) => [TRIP_TYPE_CODES[trip], trip])) as Record<1 | 2 | 3, SearchParams['tripType']>
const CLASS_BY_CODE = Object.fromEntries(TRAVEL_CLASSES.map((c) => [TRAVEL_CLASS_CODES[c], c])) as Record<1 | 2 | 3 | 4, SearchParams['travelClass']>

const codes = (list: string | undefined) => (list ? list.split(',').filter(Boolean) : [])

/** An alert's search as the search page's state, sorted by price ("Search now"). */
export function searchFromAlertParams(alert: AlertSearchParams): { params: SearchParams; filters: SearchFilters } {
  const legs = alertLegs(alert)
  const tripType = TRIP_BY_CODE[alert.type]
  const segments = tripType === 'multi-city' ? legs.map((leg, i) => ({ id: `alert-leg-${i + 1}`, from: leg.departure_id, to: leg.arrival_id, departureDate: leg.date })) : []
  const params: SearchParams = {
    ...DEFAULT_SEARCH_PARAMS,
    tripType,
    from: tripType === 'multi-city' ? '' : (alert.departure_id ?? ''),
    to: tripType === 'multi-city' ? '' : (alert.arrival_id ?? ''),
    departureDate: tripType === 'multi-city' ? '' : (alert.outbound_date ?? ''),
    returnDate: tripType === 'round-trip' ? (alert.return_date ?? '') : '',
    travelClass: CLASS_BY_CODE[alert.travel_class],
    adults: alert.adults,
    children: alert.children,
    multiCitySegments: segments,
  }
  const layoverMinutes = alert.layover_duration ? Number(alert.layover_duration.split(',')[1]) : NaN
  const includeAirlines = codes(alert.include_airlines)
  const filters: SearchFilters = {
    ...DEFAULT_SEARCH_FILTERS,
    sortBy: 2 as SortBy,
    infants_in_seat: alert.infants_in_seat,
    infants_on_lap: alert.infants_on_lap,
    bags: alert.bags,
    ...(alert.max_price ? { maxPrice: Math.round(alert.max_price) } : {}),
    stops: alert.stops as StopsFilter,
    includeAirlines,
    excludeAirlines: includeAirlines.length > 0 ? [] : codes(alert.exclude_airlines),
    outboundTimes: parseTimeWindow(alert.outbound_times),
    returnTimes: parseTimeWindow(alert.return_times),
    multiCityTimes: Object.fromEntries(segments.map((segment, i) => [segment.id, parseTimeWindow(legs[i]?.times)])),
    maxLayoverDuration: Number.isFinite(layoverMinutes) ? Math.min(DEFAULT_MAX_LAYOVER_HOURS, Math.max(1, layoverMinutes / 60)) : DEFAULT_MAX_LAYOVER_HOURS,
    excludeConnectingAirports: codes(alert.exclude_conns),
    lessEmissions: alert.emissions === 1,
    ...(alert.max_duration ? { maxDuration: Math.round(alert.max_duration) } : {}),
    gl: alert.gl,
    hl: alert.hl,
    currency: alert.currency,
    deepSearch: alert.deep_search,
    showHidden: alert.show_hidden,
  }
  return { params, filters }
}
