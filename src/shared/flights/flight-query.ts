import {
  DEFAULT_MAX_LAYOVER_HOURS,
  DEFAULT_PRICE_RANGE,
  type SearchFilters,
  type SearchParams,
  type TimeWindow,
  type TravelClass,
  type TripType,
} from './search-params.ts'

/**
 * A flight query in the spec's "Alert search parameters" form, which is SerpApi's Google Flights
 * parameter set. Providers take this; alerts store it; the simulator reads it the way SerpApi does.
 */
export interface FlightQuery {
  type: 1 | 2 | 3
  departure_id?: string
  arrival_id?: string
  outbound_date?: string
  return_date?: string
  multi_city_json?: string
  adults: number
  children: number
  infants_in_seat: number
  infants_on_lap: number
  travel_class: 1 | 2 | 3 | 4
  stops: 0 | 1 | 2 | 3
  sort_by: 1 | 2 | 3 | 4 | 5 | 6
  max_price?: number
  outbound_times?: string
  return_times?: string
  max_duration?: number
  layover_duration?: string
  include_airlines?: string
  exclude_airlines?: string
  exclude_conns?: string
  bags: number
  emissions?: 1
  currency: string
  hl: string
  gl: string
  deep_search: boolean
  show_hidden: boolean
}

export interface MultiCityLeg {
  departure_id: string
  arrival_id: string
  date: string
  times?: string
}

export const TRIP_TYPE_CODES: Record<TripType, FlightQuery['type']> = { 'round-trip': 1, 'one-way': 2, 'multi-city': 3 }
export const TRAVEL_CLASS_CODES: Record<TravelClass, FlightQuery['travel_class']> = {
  economy: 1,
  'premium-economy': 2,
  business: 3,
  first: 4,
}

/**
 * A time window as SerpApi takes it: the default (any time) is omitted, an arrival part covering
 * the whole day is dropped, otherwise all four hours.
 */
export function timeWindowParam(window: TimeWindow): string | undefined {
  const [depStart, depEnd, arrStart, arrEnd] = window
  const anyArrival = arrStart === 0 && arrEnd === 23
  if (depStart === 0 && depEnd === 23 && anyArrival) return undefined
  return anyArrival ? `${depStart},${depEnd}` : `${depStart},${depEnd},${arrStart},${arrEnd}`
}

/** Parses "6,10" or "6,10,14,18" back into a full window (arrival any time when absent). */
export function parseTimeWindow(value: string | undefined): TimeWindow {
  if (!value) return [0, 23, 0, 23]
  const [a = 0, b = 23, c = 0, d = 23] = value.split(',').map(Number)
  return [a, b, c, d]
}

/**
 * The spec's "Building alert parameters from a search", used for every search too, so what is
 * tracked is exactly what was searched. Assumes the search passed `searchProblems`.
 */
export function buildFlightQuery(params: SearchParams, filters: SearchFilters): FlightQuery {
  const query: FlightQuery = {
    type: TRIP_TYPE_CODES[params.tripType],
    adults: params.adults,
    children: params.children,
    infants_in_seat: filters.infants_in_seat,
    infants_on_lap: filters.infants_on_lap,
    travel_class: TRAVEL_CLASS_CODES[params.travelClass],
    stops: filters.stops,
    sort_by: filters.sortBy,
    bags: filters.bags,
    currency: filters.currency,
    hl: filters.hl,
    gl: filters.gl,
    deep_search: filters.deepSearch,
    show_hidden: filters.showHidden,
  }

  if (params.tripType === 'multi-city') {
    const legs: MultiCityLeg[] = params.multiCitySegments.map((segment) => {
      const times = filters.multiCityTimes[segment.id]
      const timesParam = times ? timeWindowParam(times) : undefined
      return {
        departure_id: segment.from,
        arrival_id: segment.to,
        date: segment.departureDate,
        ...(timesParam ? { times: timesParam } : {}),
      }
    })
    query.multi_city_json = JSON.stringify(legs)
  } else {
    query.departure_id = params.from
    query.arrival_id = params.to
    query.outbound_date = params.departureDate
    const outbound = timeWindowParam(filters.outboundTimes)
    if (outbound) query.outbound_times = outbound
    if (params.tripType === 'round-trip') {
      query.return_date = params.returnDate
      const inbound = timeWindowParam(filters.returnTimes)
      if (inbound) query.return_times = inbound
    }
  }

  const ceiling = filters.maxPrice ?? (filters.priceRange[1] < DEFAULT_PRICE_RANGE[1] ? filters.priceRange[1] : undefined)
  if (ceiling && ceiling > 0) query.max_price = Math.round(ceiling)
  if (filters.maxDuration && filters.maxDuration > 0) query.max_duration = filters.maxDuration
  if (filters.maxLayoverDuration < DEFAULT_MAX_LAYOVER_HOURS) query.layover_duration = `30,${Math.round(filters.maxLayoverDuration * 60)}`
  if (filters.includeAirlines.length > 0) query.include_airlines = filters.includeAirlines.join(',')
  else if (filters.excludeAirlines.length > 0) query.exclude_airlines = filters.excludeAirlines.join(',')
  if (filters.excludeConnectingAirports.length > 0) query.exclude_conns = filters.excludeConnectingAirports.join(',')
  if (filters.lessEmissions) query.emissions = 1
  return query
}

/** The legs a query asks for, in order: one for one-way, two for round trips, N for multi-city. */
export function queryLegs(query: FlightQuery): MultiCityLeg[] {
  if (query.type === 3) return JSON.parse(query.multi_city_json ?? '[]') as MultiCityLeg[]
  const outbound: MultiCityLeg = {
    departure_id: query.departure_id ?? '',
    arrival_id: query.arrival_id ?? '',
    date: query.outbound_date ?? '',
    ...(query.outbound_times ? { times: query.outbound_times } : {}),
  }
  if (query.type === 2) return [outbound]
  return [
    outbound,
    {
      departure_id: query.arrival_id ?? '',
      arrival_id: query.departure_id ?? '',
      date: query.return_date ?? '',
      ...(query.return_times ? { times: query.return_times } : {}),
    },
  ]
}
