/**
 * SerpApi Google Flights raw response shapes (serpapi.com/google-flights-api). The SerpApi driver
 * receives these over HTTP; the simulated market produces them; one mapper reads both.
 */

export interface SerpAirportTime {
  name: string
  id: string
  /** "YYYY-MM-DD HH:MM", local airport time, no offset. */
  time: string
}

export interface SerpSegment {
  departure_airport: SerpAirportTime
  arrival_airport: SerpAirportTime
  duration: number
  airplane?: string
  airline: string
  airline_logo?: string
  travel_class?: string
  flight_number: string
  legroom?: string
  extensions?: string[]
  ticket_also_sold_by?: string[]
  overnight?: boolean
  often_delayed_by_over_30_min?: boolean
  plane_and_crew_by?: string
}

export interface SerpLayover {
  duration: number
  name: string
  id: string
  overnight?: boolean
}

export interface SerpItinerary {
  flights: SerpSegment[]
  layovers?: SerpLayover[]
  total_duration: number
  carbon_emissions?: { this_flight?: number; typical_for_this_route?: number; difference_percent?: number }
  price?: number
  type: 'One way' | 'Round trip' | 'Multi-city' | string
  airline_logo?: string
  extensions?: string[]
  departure_token?: string
  booking_token?: string
}

export interface SerpPriceInsights {
  lowest_price?: number
  price_level?: 'low' | 'typical' | 'high' | string
  typical_price_range?: [number, number]
  price_history?: Array<[number, number]>
}

export interface SerpBookingDetail {
  book_with?: string
  airline?: boolean
  airline_logos?: string[]
  marketed_as?: string[]
  price?: number
  local_prices?: { currency: string; price: number }[]
  option_title?: string
  extensions?: string[]
  baggage_prices?: string[]
  booking_request?: { url: string; post_data?: string }
  booking_phone?: string
  estimated_phone_service_fee?: number
}

export interface SerpAirportInfo {
  airport: { id: string; name: string }
  city?: string
  country?: string
  country_code?: string
  image?: string
  thumbnail?: string
}

export interface SerpFlightsResponse {
  search_metadata?: {
    id?: string
    status?: 'Processing' | 'Success' | 'Error' | string
    google_flights_url?: string
    total_time_taken?: number
    [key: string]: unknown
  }
  search_parameters?: Record<string, unknown>
  best_flights?: SerpItinerary[]
  other_flights?: SerpItinerary[]
  price_insights?: SerpPriceInsights
  airports?: Array<{ departure: SerpAirportInfo[]; arrival: SerpAirportInfo[] }>
  selected_flights?: SerpItinerary[]
  baggage_prices?: { together?: string[]; departing?: string[]; returning?: string[] }
  booking_options?: Array<{
    separate_tickets?: boolean
    together?: SerpBookingDetail
    departing?: SerpBookingDetail
    returning?: SerpBookingDetail
  }>
  error?: string
}

/** SerpApi's "no results" answer: HTTP 200 with this error text. It means an empty list, not a failure. */
export const SERP_NO_RESULTS = "Google Flights hasn't returned any results for this query."

/**
 * True for SerpApi's "no results" answer. Matched on the stable part of the text, because the exact
 * wording has varied between engines ("Google hasn't returned any results for this query.").
 */
export function isSerpNoResults(error: string | undefined): boolean {
  return typeof error === 'string' && /hasn't returned any results/i.test(error)
}

/**
 * The query string of one SerpApi call (engine and api_key are added by the HTTP driver). The flight
 * query's fields, plus `departure_token` or `booking_token` for the later steps.
 */
export type SerpQuery = Record<string, string | number | boolean>
