import type { TrackedFlight } from '#shared/alerts/alert.ts'
import type { Itinerary } from '#shared/flights/model.ts'
import { formatDuration } from '#shared/format.ts'
import type { ObservedFlight, ObservedItinerary } from '../db/schema.ts'
import type { ProviderSearchResult } from '../flights/providers/provider.ts'

/** Provider answers as observations keep them, and the small readings the engine takes of them. */

/** "AA 2616" → "2616" (the tracked-flight form: digits and an optional suffix letter). */
export function flightNumberDigits(flightNumber: string): string {
  const [prefix = '', ...rest] = flightNumber.trim().split(/\s+/)
  const number = /(\d{1,4}[A-Z]?)$/.exec(rest.join('') || prefix)?.[1] ?? ''
  // "0117" and "117" are the same flight.
  return number.replace(/^0+(?=\d)/, '')
}

function toObserved(it: Itinerary & { price: number }): ObservedItinerary {
  const flights: ObservedFlight[] = it.segments.map((segment) => ({
    airline: (segment.airline.code ?? segment.flightNumber.trim().slice(0, 2)).toUpperCase(),
    flight_number: flightNumberDigits(segment.flightNumber),
    departure_airport: segment.departure.airport,
    arrival_airport: segment.arrival.airport,
    departure_time: segment.departure.time.slice(0, 16),
    arrival_time: segment.arrival.time.slice(0, 16),
  }))
  return {
    id: it.id,
    price: it.price,
    flights,
    stops: it.stops,
    total_duration: it.durationMinutes,
    ...(it.bookingToken ? { booking_token: it.bookingToken } : {}),
    ...(it.departureToken ? { departure_token: it.departureToken } : {}),
  }
}

/** Every priced itinerary of an answer, cheapest first (unpriced ones can't trigger anything). */
export function observedItineraries(result: ProviderSearchResult): ObservedItinerary[] {
  return [...result.best, ...result.other]
    .filter((it): it is Itinerary & { price: number } => it.price !== null && Number.isFinite(it.price))
    .map(toObserved)
    .sort((a, b) => a.price - b.price)
}

/**
 * The cheapest itinerary a route alert accepts. The provider already applied the search's filters;
 * the price ceiling is applied here because the engine's shared query leaves it out (search-key.ts).
 */
export function cheapestWithin(itineraries: readonly ObservedItinerary[], maxPrice: number | undefined): ObservedItinerary | null {
  const cheapest = itineraries.reduce<ObservedItinerary | null>((best, it) => (best === null || it.price < best.price ? it : best), null)
  return cheapest && (maxPrice === undefined || cheapest.price <= maxPrice) ? cheapest : null
}

/** A tracked flight is the same flight: marketing carrier, number, airports and local departure time. */
export function isTrackedFlight(flight: ObservedFlight, tracked: TrackedFlight): boolean {
  return (
    flight.airline === tracked.marketing_airline.toUpperCase() &&
    flight.flight_number === flightNumberDigits(tracked.marketing_flight_number) &&
    flight.departure_airport === tracked.departure_airport_id.toUpperCase() &&
    flight.arrival_airport === tracked.arrival_airport_id.toUpperCase() &&
    flight.departure_time === tracked.departure_local_time.slice(0, 16)
  )
}

/**
 * The itinerary of one step whose flights are exactly the tracked flights from `from` on (a round
 * trip's outbound, then its return, …), or null when that combination is no longer sold. The
 * longest match wins: a leg's itinerary covers the whole leg, never just its first flight.
 */
export function matchTrackedStep(itineraries: readonly ObservedItinerary[], tracked: readonly TrackedFlight[], from: number): ObservedItinerary | null {
  let best: ObservedItinerary | null = null
  for (const it of itineraries) {
    const fits = it.flights.length > 0 && from + it.flights.length <= tracked.length
    if (fits && it.flights.every((flight, i) => isTrackedFlight(flight, tracked[from + i]!)) && it.flights.length > (best?.flights.length ?? 0)) best = it
  }
  return best
}

/** "AA 2616 + AA 1 · 1 stop · 7h 10m", for notices. */
export function itinerarySummary(itinerary: Pick<ObservedItinerary, 'flights' | 'stops' | 'total_duration'>): string {
  const flights = itinerary.flights.map((f) => `${f.airline} ${f.flight_number}`).join(' + ')
  const stops = itinerary.stops === 0 ? 'nonstop' : itinerary.stops === 1 ? '1 stop' : `${itinerary.stops} stops`
  return [flights, stops, formatDuration(itinerary.total_duration)].filter(Boolean).join(' · ')
}

/** "AA 2616 JFK→LAX on 2027-01-02 13:55", for status notes. */
export function trackedFlightText(flight: TrackedFlight): string {
  return `${flight.marketing_airline} ${flight.marketing_flight_number} ${flight.departure_airport_id}→${flight.arrival_airport_id} on ${flight.departure_local_time.replace('T', ' ')}`
}
