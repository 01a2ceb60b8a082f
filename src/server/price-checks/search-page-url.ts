import { searchFromAlertParams } from '#shared/alerts/alert-from-search.ts'
import { alertLegs, type AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import type { MultiCityLeg } from '#shared/flights/flight-query.ts'
import { encodePick, fareUrl, searchUrl, type FarePick } from '#shared/flights/search-url.ts'
import type { ObservedFlight, ObservedItinerary } from '../db/schema.ts'

/**
 * Absolute URL of a notice's "Search now" link: the search page opened on the alert's search,
 * sorted by price (section 9), in exactly the format the search page itself writes.
 */
export function alertSearchUrl(publicUrl: string, params: AlertSearchParams): string {
  const { params: p, filters: f } = searchFromAlertParams(params)
  return `${publicUrl}${searchUrl(p, f)}`
}

/**
 * Absolute URL of a notice's "Book this fare" link: the same search plus `pick`, the flights that
 * gave the price step by step, so the page chooses them and opens their booking options (or, for a
 * round-trip route alert, whose price names only the outbound, the return choice). Null when the
 * notice names no flights.
 */
export function alertFareUrl(publicUrl: string, params: AlertSearchParams, itinerary: Pick<ObservedItinerary, 'flights'>): string | null {
  const pick = noticePick(itinerary.flights, alertLegs(params))
  if (!encodePick(pick)) return null
  const { params: p, filters: f } = searchFromAlertParams(params)
  return `${publicUrl}${fareUrl(p, f, pick)}`
}

/**
 * The notice's flights cut into the search's steps. A price's itinerary lists every flight of the
 * steps it covers in order (a flight alert's whole tracked combination, a route alert's first
 * step); a new step starts where the flights have reached the leg's destination and the next one
 * leaves the next leg's origin on the next leg's date. Airports are compared only when the legs
 * name IATA codes.
 */
export function noticePick(flights: readonly ObservedFlight[], legs: readonly MultiCityLeg[]): FarePick {
  const steps: ObservedFlight[][] = []
  for (const flight of flights) {
    const current = steps.at(-1)
    const previousLeg = legs[steps.length - 1]
    const nextLeg = legs[steps.length]
    if (!current || (previousLeg && nextLeg && startsLeg(current.at(-1)!, flight, previousLeg, nextLeg))) steps.push([flight])
    else current.push(flight)
  }
  return steps.map((step) => step.map((flight) => ({ airline: flight.airline, number: flight.flight_number, date: flight.departure_time.slice(0, 10) })))
}

function startsLeg(previous: ObservedFlight, flight: ObservedFlight, previousLeg: MultiCityLeg, leg: MultiCityLeg): boolean {
  return flight.departure_time.slice(0, 10) === leg.date && isAt(previous.arrival_airport, previousLeg.arrival_id) && isAt(flight.departure_airport, leg.departure_id)
}

/** Whether an airport is one of a leg's ("LHR,LGW,LCY"); true when the leg names no IATA codes to compare. */
function isAt(airport: string, ids: string): boolean {
  const codes = ids.split(',').map((code) => code.trim().toUpperCase())
  return !codes.every((code) => /^[A-Z]{3}$/.test(code)) || codes.includes(airport.toUpperCase())
}
