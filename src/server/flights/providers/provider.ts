import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { TravelClass } from '#shared/flights/search-params.ts'
import type { BaggagePrices, BookingOption, Itinerary, PriceInsights } from '#shared/flights/model.ts'
import type { SerpFlightsResponse, SerpQuery } from './serpapi/serp-types.ts'

/**
 * The provider-neutral flight interface. Results carry the provider's own tokens; the flight service
 * keeps them server-side and hands the browser short handles instead.
 */
export interface FlightProvider {
  /** As /api/health reports it: "simulated" or "serpapi". */
  readonly id: string
  /** First step: one-way options, round-trip outbounds, or multi-city first legs. */
  search(query: FlightQuery, ctx?: CallContext): Promise<ProviderSearchResult>
  /** Returns for a chosen outbound, or the next multi-city leg (SerpApi departure_token). */
  next(query: FlightQuery, departureToken: string, ctx?: CallContext): Promise<ProviderSearchResult>
  /** Sellers and prices for a complete itinerary (SerpApi booking_token). */
  bookingOptions(query: FlightQuery, bookingToken: string, ctx?: CallContext): Promise<ProviderBookingResult>
  /** Price level, typical range and history for a route and dates. */
  priceInsights(query: FlightQuery, ctx?: CallContext): Promise<PriceInsights | null>
  /** A first-step search with the provider's own answer beside the mapped one (/admin/debug); one call, no cache. */
  inspectSearch?(query: FlightQuery, ctx?: CallContext): Promise<{ raw: unknown; mapped: ProviderSearchResult }>
  /**
   * The cheapest whole trip of many travel dates at once (the fare calendar, decision 047): each
   * price is exactly what a first-step search of that date pair, unfiltered, would show as its
   * lowest. Only a provider that can price dates itself has it (the simulated market); SerpApi has
   * no calendar engine, so FareDrop falls back on the prices it has seen.
   */
  priceDates?(request: DatePricesRequest, ctx?: CallContext): Promise<DatePrices>
}

/** One route, party, cabin and currency; many (departure, return) pairs, each an unfiltered search (shared/flights/fare-query.ts). */
export interface DatePricesRequest {
  /** Comma lists of IATA codes, as searched. */
  from: string
  to: string
  travelClass: TravelClass
  adults: number
  currency: string
  /** returnDate null: one way. */
  pairs: ReadonlyArray<{ departureDate: string; returnDate: string | null }>
  /**
   * The trip whose usual range levels every figure: the traveller's chosen dates, so the calendar,
   * the grid and the results' price insights colour one price alike. Absent: the middle pair.
   */
  anchor?: { departureDate: string; returnDate: string | null }
}

export interface DatePrices {
  /** In the order of the request's pairs; null where a search would find nothing or refuse the dates. */
  prices: Array<number | null>
  /** The route's usual range (25th–75th percentile) for these trips, as a search's price insights give it. */
  typicalRange: [number, number] | null
}

export interface CallContext {
  signal?: AbortSignal
  requestId?: string
  /** Skip any cache on the provider's side (SerpApi `no_cache`): the price-check re-check before a notice. */
  fresh?: boolean
  /**
   * The caller reads no price insights (the price-check engine): a provider that computes them
   * itself (the simulated market's 60-day history and typical range, a sixth of its CPU per search)
   * leaves them out; SerpApi sends them with every answer anyway.
   */
  withoutInsights?: boolean
}

export interface ProviderSearchResult {
  best: Itinerary[]
  other: Itinerary[]
  priceInsights: PriceInsights | null
}

export interface ProviderBookingResult {
  selectedFlights: Itinerary[]
  bookingOptions: BookingOption[]
  baggagePrices: BaggagePrices
}

/**
 * Anything that answers SerpApi Google Flights queries with SerpApi-shaped JSON: the HTTP driver
 * (serpapi.com) or the simulated market. Both go through the same mapper.
 */
export interface SerpSource {
  readonly id: string
  fetch(query: SerpQuery, ctx?: CallContext): Promise<SerpFlightsResponse>
}

export type ProviderErrorCode = 'rate_limited' | 'quota_exhausted' | 'auth' | 'bad_request' | 'token_expired' | 'upstream' | 'timeout'

/** A provider call that failed. The API shows "Failed to retrieve search results" and logs the cause. */
export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    readonly provider: string,
    message: string,
    readonly options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = 'ProviderError'
  }

  /** Worth trying again later (the price-check worker backs off on these). */
  get retryable(): boolean {
    return this.code === 'rate_limited' || this.code === 'upstream' || this.code === 'timeout'
  }
}
