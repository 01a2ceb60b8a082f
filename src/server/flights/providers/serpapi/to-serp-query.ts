import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { SerpQuery } from './serp-types.ts'

/**
 * FlightQuery → SerpApi Google Flights query string fields (engine and api_key are the HTTP
 * driver's business). The FlightQuery already uses SerpApi's names; this decides what is sent:
 * - unset, empty or non-finite values are left out, so SerpApi applies its own defaults;
 * - only the fields that fit the trip type are sent (SerpApi takes the return fields only with
 *   type 1 and `multi_city_json` only with type 3; multi-city legs carry their own ids and dates);
 * - `include_airlines` wins over `exclude_airlines`, which SerpApi refuses together (the same
 *   precedence as buildFlightQuery);
 * - keys always come out in the same order, so identical searches give identical query strings
 *   (SerpApi's free 1-hour cache only matches identical parameters).
 */
export function toSerpQuery(query: FlightQuery): SerpQuery {
  const out: SerpQuery = {}
  const put = (key: string, value: string | number | boolean | undefined | null) => {
    if (value === undefined || value === null) return
    if (typeof value === 'string' && value.trim() === '') return
    if (typeof value === 'number' && !Number.isFinite(value)) return
    out[key] = value
  }

  put('type', query.type)
  if (query.type === 3) {
    put('multi_city_json', query.multi_city_json)
  } else {
    put('departure_id', query.departure_id)
    put('arrival_id', query.arrival_id)
    put('outbound_date', query.outbound_date)
    put('outbound_times', query.outbound_times)
    if (query.type === 1) {
      put('return_date', query.return_date)
      put('return_times', query.return_times)
    }
  }
  put('travel_class', query.travel_class)
  put('adults', query.adults)
  put('children', query.children)
  put('infants_in_seat', query.infants_in_seat)
  put('infants_on_lap', query.infants_on_lap)
  put('sort_by', query.sort_by)
  put('stops', query.stops)
  put('bags', query.bags)
  if (query.max_price !== undefined && query.max_price > 0) put('max_price', query.max_price)
  if (query.max_duration !== undefined && query.max_duration > 0) put('max_duration', query.max_duration)
  put('layover_duration', query.layover_duration)
  if (query.include_airlines?.trim()) put('include_airlines', query.include_airlines)
  else put('exclude_airlines', query.exclude_airlines)
  put('exclude_conns', query.exclude_conns)
  if (query.emissions === 1) put('emissions', 1)
  put('currency', query.currency)
  put('hl', query.hl)
  put('gl', query.gl)
  put('deep_search', query.deep_search)
  put('show_hidden', query.show_hidden)
  return out
}

/**
 * Step 2 of a round trip (returns for the chosen outbound) or the next multi-city leg: SerpApi
 * wants the same parameters as step 1, ids in the original direction, plus the token.
 */
export function withDepartureToken(query: FlightQuery, departureToken: string): SerpQuery {
  return { ...toSerpQuery(query), departure_token: departureToken }
}

/**
 * The booking-options call. SerpApi needs only booking_token with gl, hl, currency and the
 * passenger counts, and ignores dates and filters; its own guidance is to repeat the original
 * search and add the token, which also keeps a round-trip call (type 1) from failing validation
 * for a missing return_date. So: the original parameters plus the token.
 */
export function withBookingToken(query: FlightQuery, bookingToken: string): SerpQuery {
  return { ...toSerpQuery(query), booking_token: bookingToken }
}
