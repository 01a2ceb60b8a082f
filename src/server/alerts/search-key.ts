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

/** The key of an alert's search as the engine asks it (stored on the alert: claims group by it). */
export function alertSearchKey(search: AlertSearch | AlertSearchParams): string {
  return searchKey(engineQuery(search))
}
