import { buildFlightQuery, TRAVEL_CLASS_CODES, type FlightQuery } from './flight-query.ts'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, type TravelClass } from './search-params.ts'

/**
 * The search a fare-calendar day stands for (decision 047): the search form's own query for a
 * route, party, cabin, currency and dates with every filter at its default. The simulated market
 * prices exactly this query, and only answers to this query (sort and language aside) are kept as
 * observed fares, so a calendar day and the search it opens show the same cheapest fare.
 */

export interface FareRoute {
  /** Comma lists of IATA codes, uppercased, as the search sends them. */
  from: string
  to: string
  travelClass: TravelClass
  adults: number
  currency: string
}

export function unfilteredFareQuery(route: FareRoute, departureDate: string, returnDate: string | null): FlightQuery {
  return buildFlightQuery(
    {
      ...DEFAULT_SEARCH_PARAMS,
      tripType: returnDate === null ? 'one-way' : 'round-trip',
      from: route.from,
      to: route.to,
      departureDate,
      returnDate: returnDate ?? '',
      adults: route.adults,
      children: 0,
      travelClass: route.travelClass,
    },
    { ...DEFAULT_SEARCH_FILTERS, currency: route.currency.toUpperCase() },
  )
}

/** What a fare observation records about its search. */
export interface FareKey {
  from: string
  to: string
  departureDate: string
  returnDate: string | null
  /** SerpApi travel_class, 1 economy … 4 first. */
  cabin: FlightQuery['travel_class']
  adults: number
  currency: string
}

/** Sort order and language change what is listed first, never the cheapest fare. */
const comparable = (q: FlightQuery) => {
  const { sort_by: _s, hl: _h, gl: _g, ...rest } = q
  return JSON.stringify(Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b))))
}

const CLASS_BY_CODE = Object.fromEntries(Object.entries(TRAVEL_CLASS_CODES).map(([name, code]) => [code, name as TravelClass]))

/** The fare key of a first-step search that a calendar day stands for; null for any filtered, multi-city or child-carrying search. */
export function unfilteredFareKey(query: FlightQuery): FareKey | null {
  if (query.type === 3 || !query.departure_id || !query.arrival_id || !query.outbound_date) return null
  const returnDate = query.type === 1 ? (query.return_date ?? null) : null
  if (query.type === 1 && returnDate === null) return null
  const travelClass = CLASS_BY_CODE[query.travel_class]
  if (!travelClass) return null
  const route: FareRoute = { from: query.departure_id.toUpperCase(), to: query.arrival_id.toUpperCase(), travelClass, adults: query.adults, currency: query.currency.toUpperCase() }
  if (comparable(query) !== comparable(unfilteredFareQuery(route, query.outbound_date, returnDate))) return null
  return { from: route.from, to: route.to, departureDate: query.outbound_date, returnDate, cabin: query.travel_class, adults: query.adults, currency: route.currency }
}

/** The route, party, cabin and currency of a fare key: what a fare-calendar request asks about. */
export function fareRouteOf(key: FareKey): FareRoute {
  return { from: key.from, to: key.to, travelClass: CLASS_BY_CODE[key.cabin]!, adults: key.adults, currency: key.currency }
}
