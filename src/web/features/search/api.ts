import type { AirportSearchResponse, BookingOptionsResponse, PriceInsights, SearchResponse } from '#shared/flights/model.ts'
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

export function fetchAirports(q: string, signal?: AbortSignal): Promise<AirportSearchResponse> {
  return api('GET /api/airports', { query: new URLSearchParams({ q }), signal })
}
