import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { TrackedFlight } from '#shared/alerts/alert.ts'
import { engineQuery } from '#server/alerts/search-key.ts'
import type { FlightProvider } from '#server/flights/providers/provider.ts'
import { observedItineraries } from '#server/price-checks/observed-itinerary.ts'
import type { Route } from './population.ts'

/**
 * The flights a benchmark's flight alert tracks on a route and date: one of the five cheapest the
 * market lists that day, drawn with `rand` once per route and date (every alert on them tracks the
 * same flights, as travellers who searched the same trip would), or null when nothing flies.
 * Shared by bench:engine's and bench:cost's populations.
 */
export function trackedFlightPicker(provider: FlightProvider, rand: () => number): (route: Route, date: string) => Promise<TrackedFlight[] | null> {
  const tracked = new Map<string, TrackedFlight[] | null>()
  return async (route, date) => {
    const key = `${route.from}-${route.to}-${date}`
    if (!tracked.has(key)) {
      const query = engineQuery(alertSearchParamsSchema.parse({ type: 2, departure_id: route.from, arrival_id: route.to, outbound_date: date }))
      const options = observedItineraries(await provider.search(query))
      const it = options[Math.floor(rand() * Math.min(5, options.length))]
      tracked.set(
        key,
        it
          ? it.flights.map((f) => ({
              marketing_airline: f.airline,
              marketing_flight_number: f.flight_number,
              departure_airport_id: f.departure_airport,
              arrival_airport_id: f.arrival_airport,
              departure_local_time: f.departure_time,
              arrival_local_time: f.arrival_time,
            }))
          : null,
      )
    }
    return tracked.get(key) ?? null
  }
}
