import { createHash } from 'node:crypto'
import { asAlertSearch, type AlertSearch, type AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import { parseTimeWindow, timeWindowParam, type FlightQuery } from '#shared/flights/flight-query.ts'

/**
 * Coalescing (decision 013): alerts whose searches ask the provider the same question share one
 * call. The engine asks a normalised question, so spelling differences don't split a group:
 * - sorted by price (sort_by 2): the cheapest fares are always in the answer, whatever the user's sort;
 * - no max_price: the ceiling is applied when each alert is evaluated, so alerts that differ only
 *   in it share a call;
 * - language 'en' (hl changes words, not fares); airport and airline lists sorted and upper-case;
 * - time windows written the one way SerpApi reads them ("6,10,0,23" is "6,10"; "0,23" is none);
 * - only the fields that apply to the trip type (a one-way's return date is ignored).
 * Everything that changes the fares (passengers, cabin, stops, bags, currency, country…) stays.
 */

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean)
    .sort()
    .join(',') || undefined

const times = (value: string | undefined) => (value ? timeWindowParam(parseTimeWindow(value)) : undefined)

/** The provider query the engine runs for an alert's search. */
export function engineQuery(alertSearch: AlertSearch | AlertSearchParams): FlightQuery {
  const { params, legs } = asAlertSearch(alertSearch)
  const query: FlightQuery = {
    type: params.type,
    adults: params.adults,
    children: params.children,
    infants_in_seat: params.infants_in_seat,
    infants_on_lap: params.infants_on_lap,
    travel_class: params.travel_class,
    stops: params.stops,
    sort_by: 2,
    bags: params.bags,
    currency: params.currency.toUpperCase(),
    hl: 'en',
    gl: params.gl.toLowerCase(),
    deep_search: params.deep_search,
    show_hidden: params.show_hidden,
  }
  if (params.type === 3) {
    const steps = legs.map((leg) => {
      const window = times(leg.times)
      return { departure_id: list(leg.departure_id) ?? '', arrival_id: list(leg.arrival_id) ?? '', date: leg.date, ...(window ? { times: window } : {}) }
    })
    query.multi_city_json = JSON.stringify(steps)
  } else {
    query.departure_id = list(params.departure_id)
    query.arrival_id = list(params.arrival_id)
    query.outbound_date = params.outbound_date
    query.outbound_times = times(params.outbound_times)
    if (params.type === 1) {
      query.return_date = params.return_date
      query.return_times = times(params.return_times)
    }
  }
  if (params.max_duration) query.max_duration = params.max_duration
  if (params.layover_duration) query.layover_duration = params.layover_duration.replace(/\s+/g, '')
  const include = list(params.include_airlines)
  if (include) query.include_airlines = include
  else query.exclude_airlines = list(params.exclude_airlines)
  query.exclude_conns = list(params.exclude_conns)
  if (params.emissions === 1) query.emissions = 1
  return query
}

/** Canonical JSON: keys sorted, unset fields dropped. */
function canonical(value: Record<string, unknown>): string {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined)
  return JSON.stringify(Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
}

/**
 * The key an observation is stored and looked up under: the query, plus for a later round-trip or
 * multi-city step the itineraries chosen before it (their ids; the step's answer depends on them).
 */
export function searchKey(query: FlightQuery, path: readonly string[] = []): string {
  const text = path.length > 0 ? `${canonical({ ...query })}>${path.join('>')}` : canonical({ ...query })
  return createHash('sha256').update(text).digest('hex').slice(0, 32)
}

/**
 * Filters the engine can apply itself to a broader question's answer (subsumption, decision 053).
 * Bags are not among them: the `bags` parameter changes every fare by a fee the answer doesn't
 * show, so alerts with bags are answered only by searches with the same bags.
 */
export type SubsumableFilter = 'stops' | 'airlines' | 'times'
export const SUBSUMABLE_FILTERS: ReadonlySet<SubsumableFilter> = new Set<SubsumableFilter>(['stops', 'airlines', 'times'])

/** The part of a question the engine answers itself, itinerary by itinerary, from a broader answer. */
export interface ItineraryFilter {
  /** SerpApi's `stops`: 1 nonstop only, 2 at most one stop, 3 at most two. */
  stops?: 1 | 2 | 3
  /** Airline codes or alliance tokens, as asked (include wins over exclude, as in the search). */
  includeAirlines?: string[]
  excludeAirlines?: string[]
  /** The first step's window as SerpApi reads `outbound_times`: departure hours, then arrival hours. */
  times?: [number, number, number, number]
}

/** A question split into a broader one and the filter that gives the original's answer from it. */
export interface SplitQuery {
  broad: FlightQuery
  /** Null: nothing to split off (the query is its own broad question). */
  filter: ItineraryFilter | null
}

/**
 * Splits off the filters `kinds` allows that decide, itinerary by itinerary, what a search's first
 * step lists without changing any listed price:
 * - one-way: stops, airlines and the departure/arrival window all are properties of the listed
 *   itinerary alone, whose fare doesn't depend on them;
 * - round trip: the outbound window only. Step 1 lists outbounds, each priced with its cheapest
 *   return; stops and airlines apply to the return as well (an outbound's price under them is the
 *   cheapest of other returns, which the broad answer doesn't show), and return times to the return;
 * - multi-city: nothing (same reason, every leg).
 */
export function splitQuery(query: FlightQuery, kinds: ReadonlySet<SubsumableFilter> = SUBSUMABLE_FILTERS): SplitQuery {
  if (query.type === 3) return { broad: query, filter: null }
  const broad: FlightQuery = { ...query }
  const filter: ItineraryFilter = {}
  if (kinds.has('times') && query.outbound_times) {
    const [a, b, c, d] = parseTimeWindow(query.outbound_times)
    filter.times = [a, b, c, d]
    broad.outbound_times = undefined
  }
  if (query.type === 2) {
    if (kinds.has('stops') && query.stops !== 0) {
      filter.stops = query.stops
      broad.stops = 0
    }
    if (kinds.has('airlines') && (query.include_airlines || query.exclude_airlines)) {
      if (query.include_airlines) filter.includeAirlines = query.include_airlines.split(',')
      else if (query.exclude_airlines) filter.excludeAirlines = query.exclude_airlines.split(',')
      broad.include_airlines = undefined
      broad.exclude_airlines = undefined
    }
  }
  return Object.keys(filter).length > 0 ? { broad, filter } : { broad: query, filter: null }
}

/**
 * The key of an alert's search as claims group it (stored on the alert): its broadest question,
 * every subsumable filter split off, so a batch claims a search's narrower alerts with it.
 */
export function alertSearchKey(search: AlertSearch | AlertSearchParams): string {
  return searchKey(splitQuery(engineQuery(search)).broad)
}
