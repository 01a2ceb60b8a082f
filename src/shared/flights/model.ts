/**
 * The provider-neutral flight model the API returns. SerpApi answers and the simulated market are
 * both mapped into it on the server (src/server/flights/providers/serpapi/map-*.ts); the web app renders only
 * this. Local times are wall-clock times at the airport ("YYYY-MM-DDTHH:MM", no offset).
 */

export interface FlightEndpoint {
  /** IATA code. */
  airport: string
  name: string
  /** Local wall-clock time at the airport: "YYYY-MM-DDTHH:MM". */
  time: string
}

export interface FlightSegment {
  departure: FlightEndpoint
  arrival: FlightEndpoint
  durationMinutes: number
  /** Marketing carrier. `code` comes from the flight number ("BA 117" → "BA"). */
  airline: { code: string | null; name: string; logoUrl: string | null }
  /** "BA 117" */
  flightNumber: string
  aircraft: string | null
  /** Cabin as the provider words it ("Economy", "Business"). */
  cabin: string | null
  /** "31 in" */
  legroom: string | null
  /** Amenities and notes ("Wi-Fi for a fee", "In-seat power & USB outlets"). */
  amenities: string[]
  overnight: boolean
  oftenDelayed: boolean
  alsoSoldBy: string[]
  /** Free text naming the operating carrier when another airline flies it. */
  operatedBy: string | null
}

export interface FlightLayover {
  airport: string
  name: string
  durationMinutes: number
  overnight: boolean
}

export interface FlightEmissions {
  grams: number | null
  typicalGrams: number | null
  /** Negative means less than typical. */
  differencePercent: number | null
}

/**
 * One priced option for one leg of the trip (the whole trip for one-way searches). For round trips
 * the outbound options carry the cheapest round-trip price that starts with them (`priceIsTripTotal`)
 * and a `departureToken` to list returns; the final step carries a `bookingToken`.
 */
export interface Itinerary {
  /** Stable for the same flights on the same dates: flight numbers + dates + cabin. */
  id: string
  segments: FlightSegment[]
  layovers: FlightLayover[]
  durationMinutes: number
  stops: number
  /** Total for all passengers in `currency`; null when the provider gave none. */
  price: number | null
  currency: string
  /** The price is the whole trip's total (round-trip and multi-city steps). */
  priceIsTripTotal: boolean
  emissions: FlightEmissions | null
  /** "One way", "Round trip", "Multi-city" */
  type: string
  logoUrl: string | null
  /** Fare notes ("Checked baggage for a fee", "Free change, possible fare difference"). */
  fareNotes: string[]
  isBest: boolean
  /** Opaque handles for POST /api/flights/next and /booking-options (exactly one is set). */
  departureToken: string | null
  bookingToken: string | null
}

export type PriceLevel = 'low' | 'typical' | 'high'

/** Google Flights' price insights, in SerpApi's own field names (the API contract keeps them). */
export interface PriceInsights {
  lowest_price: number | null
  price_level: PriceLevel | null
  typical_price_range: [number, number] | null
  /** [unix seconds, price] daily points, oldest first (about 60). */
  price_history: Array<[number, number]>
}

export interface SearchResponse {
  searchId: string
  /** Which leg these options are for: 0 outbound, 1 return or 2nd multi-city leg… */
  legIndex: number
  legCount: number
  best: Itinerary[]
  other: Itinerary[]
  priceInsights: PriceInsights | null
  currency: string
  /** When the provider answered (ISO). A cached answer keeps its original time. */
  fetchedAt: string
  fromCache: boolean
  provider: string
}

export interface BookingRequest {
  /** Where to send the traveller; with `postData`, as a form POST (application/x-www-form-urlencoded). */
  url: string
  postData: string | null
}

export interface BookingDetail {
  bookWith: string
  isAirline: boolean
  logos: string[]
  marketedAs: string[]
  price: number | null
  localPrices: Array<{ currency: string; price: number }>
  /** Fare brand ("Basic Economy", "Main Cabin"). */
  optionTitle: string | null
  features: string[]
  baggage: string[]
  request: BookingRequest | null
  phone: string | null
  phoneServiceFee: number | null
}

export interface BookingOption {
  separateTickets: boolean
  together: BookingDetail | null
  departing: BookingDetail | null
  returning: BookingDetail | null
}

export interface BaggagePrices {
  together?: string[]
  departing?: string[]
  returning?: string[]
}

export interface BookingOptionsResponse {
  selectedFlights: Itinerary[]
  bookingOptions: BookingOption[]
  baggagePrices: BaggagePrices
  currency: string
}

export interface AirportSuggestion {
  kind: 'airport' | 'city'
  /** One IATA code, or for a city every airport's code joined by commas ("LHR,LGW,LCY"). */
  code: string
  name: string
  city: string
  country: string
  airports?: Array<{ code: string; name: string }>
}

export interface AirportSearchResponse {
  results: AirportSuggestion[]
}
