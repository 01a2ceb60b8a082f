import type { AirportSearchResponse, BookingOptionsResponse, PriceInsights, SearchResponse } from '#shared/flights/model.ts'
import type { DateGrid, DateGridQuery, FareCalendar, FareCalendarQuery, FlexibleQuery, FlexibleResults } from '#shared/flights/fare-calendar.ts'
import type { ObservedHistory, ObservedHistoryQuery } from '#shared/flights/observed-history.ts'
import type { PriceInsightsQuery, SearchRequest } from '#shared/flights/search-params.ts'
import { api } from '../../lib/api-client.ts'

/** The flight endpoints (docs: ../shared/reference/api.md "Flights"). */

export function searchFlights(request: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  return api('POST /api/flights/search', { json: request, signal })
}

/** Returns for a chosen outbound, or the next multi-city leg. */
export function fetchNextLeg(token: string, signal?: AbortSignal): Promise<SearchResponse> {
  return api('POST /api/flights/next', { json: { token }, signal })
}

export function fetchBookingOptions(token: string, signal?: AbortSignal): Promise<BookingOptionsResponse> {
  return api('POST /api/flights/booking-options', { json: { token }, signal })
}

export function fetchPriceInsights(query: PriceInsightsQuery, signal?: AbortSignal): Promise<PriceInsights> {
  const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]))
  return api('GET /api/flights/price-insights', { query: search, signal })
}

/** The cheapest date pairs of a month or its weekends (issue 16, flexible dates). */
export function fetchFlexibleDates(query: FlexibleQuery, signal?: AbortSignal): Promise<FlexibleResults> {
  return api('GET /api/flights/flexible', { query: queryString(query), signal })
}

/** A query's defined values as a query string (undefined and empty values left out). */
function queryString(query: object): URLSearchParams {
  return new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]))
}

/** The cheapest fare for each day of the price calendar (issue 16). */
export function fetchFareCalendar(query: FareCalendarQuery, signal?: AbortSignal): Promise<FareCalendar> {
  return api('GET /api/flights/calendar', { query: queryString(query), signal })
}

/** Round-trip fares around a departure × return pair, ±3 days each (issue 16). */
export function fetchDateGrid(query: DateGridQuery, signal?: AbortSignal): Promise<DateGrid> {
  return api('GET /api/flights/date-grid', { query: queryString(query), signal })
}

export function fetchAirports(q: string, signal?: AbortSignal): Promise<AirportSearchResponse> {
  return api('GET /api/airports', { query: new URLSearchParams({ q }), signal })
}

/** One trip's prices as FareDrop's own searches and price checks saw them (the price history chart). */
export function fetchObservedHistory(query: ObservedHistoryQuery, signal?: AbortSignal): Promise<ObservedHistory> {
  return api('GET /api/flights/observed-history', { query: queryString(query), signal })
}
