import type { TrackedFlight } from '#shared/alerts/alert.ts'
import type { FlightProvider } from '#server/flights/providers/provider.ts'
import { busyRoutes, dayAfter, zipf, type Route } from './population.ts'
import { trackedFlightPicker } from './tracked-flights.ts'
import type { DrawnFilters } from './filter-draw.ts'

/** One alert's trip as the benchmark populations draw it; `raw` is the alert's search before validation. */
export interface DrawnTrip {
  kind: string
  raw: Record<string, unknown>
  flights: TrackedFlight[] | null
  inbound: string | null
  /** A price ceiling as a share of the trip's typical fare (filter-draw.ts), or null. */
  maxPriceShare: number | null
}

/**
 * The trip mix of bench:engine's and bench:cost's populations, from a departure already drawn on a
 * route: 53 % round trips (7/3/4/10/14/5/21 nights, Zipf), 40 % one-way, 3 % multi-city (two
 * legs), 4 % flight alerts on a real flight of a top-10 route (`offsets`: the popular departure
 * days from `base`); 10 % two adults (+ a child for 2 %), 7 % business. Draws from `rand` in one
 * fixed order, so a seed gives the same population every run. `filters` (filter-draw.ts, its own
 * random stream) adds the search filters of one-way and round-trip route alerts.
 */
export function tripDrawer(
  rand: () => number,
  provider: FlightProvider,
  filters: (roundTrip: boolean) => DrawnFilters = () => ({ params: {}, maxPriceShare: null }),
): (route: Route, out: string, days: { base: Date; offsets: readonly number[] }) => Promise<DrawnTrip> {
  const routes = busyRoutes()
  const tripLengths = [7, 3, 4, 10, 14, 5, 21]
  const pickLength = zipf(tripLengths.length, 1.3, rand)
  const trackedFlight = trackedFlightPicker(provider, rand)
  return async (route, out, { base, offsets }) => {
    const r = rand()
    const party = rand()
    const pax = party < 0.9 ? {} : party < 0.98 ? { adults: 2 } : { adults: 2, children: 1 }
    const cabin = rand() < 0.93 ? {} : { travel_class: 3 }
    if (r < 0.04) {
      const top = routes[Math.floor(rand() * 10)]!
      const date = dayAfter(base, offsets[Math.floor(rand() * 5)]!)
      const flights = await trackedFlight(top, date)
      const raw = { type: 2, departure_id: top.from, arrival_id: top.to, outbound_date: date }
      // A flight alert whose route has no flight that day watches the route instead.
      return { kind: flights ? 'flight (one-way)' : 'one-way', raw, flights, inbound: null, maxPriceShare: null }
    }
    if (r < 0.07) {
      const next = routes.find((x) => x.from === route.to && x.to !== route.from) ?? routes.find((x) => x.from === route.to)!
      const second = dayAfter(new Date(`${out}T00:00:00Z`), 5 + Math.floor(rand() * 5))
      const legs = [
        { departure_id: route.from, arrival_id: route.to, date: out },
        { departure_id: next.from, arrival_id: next.to, date: second },
      ]
      return { kind: 'multi-city', raw: { type: 3, multi_city_json: JSON.stringify(legs) }, flights: null, inbound: null, maxPriceShare: null }
    }
    if (r < 0.6) {
      const inbound = dayAfter(new Date(`${out}T00:00:00Z`), tripLengths[pickLength()]!)
      const { params, maxPriceShare } = filters(true)
      return { kind: 'round trip', raw: { type: 1, departure_id: route.from, arrival_id: route.to, outbound_date: out, return_date: inbound, ...pax, ...cabin, ...params }, flights: null, inbound, maxPriceShare }
    }
    const { params, maxPriceShare } = filters(false)
    return { kind: 'one-way', raw: { type: 2, departure_id: route.from, arrival_id: route.to, outbound_date: out, ...pax, ...cabin, ...params }, flights: null, inbound: null, maxPriceShare }
  }
}
