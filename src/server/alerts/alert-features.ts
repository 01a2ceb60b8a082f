import { alertLegs, type AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import type { AlertFeatures } from '#shared/alerts/alert-rules.ts'
import type { NotificationChannels, TrackedFlight } from '#shared/alerts/alert.ts'
import type { FieldErrors } from '#shared/errors.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { findAirport } from '../reference-data/airports.ts'

/**
 * What an alert uses, as the plan rules see it. Whether a trip is international needs the airport
 * reference data, which only the server has; that is why this lives here and not in `shared`.
 */

/** "JFK,LGA" → ["JFK", "LGA"]: a leg may name every airport of a city. */
const codes = (list: string) =>
  list
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)

interface AirportPair {
  from: string
  to: string
}

function airportPairs(params: AlertSearchParams, trackedFlights: readonly TrackedFlight[]): AirportPair[] {
  return [
    ...alertLegs(params).map((leg) => ({ from: leg.departure_id, to: leg.arrival_id })),
    ...trackedFlights.map((flight) => ({ from: flight.departure_airport_id, to: flight.arrival_airport_id })),
  ]
}

/** Field errors for every airport code the reference data does not know (400 'Unknown airport'). */
export function unknownAirportErrors(params: AlertSearchParams, trackedFlights: readonly TrackedFlight[] = []): FieldErrors {
  const fieldErrors: FieldErrors = {}
  const check = (list: string, path: string) => {
    if (codes(list).some((code) => !findAirport(code))) (fieldErrors[path] ??= []).push(SEARCH_MESSAGES.unknownAirport)
  }
  if (params.type === 3) {
    alertLegs(params).forEach((leg, i) => {
      check(leg.departure_id, `search_parameters.multi_city_json.${i}.departure_id`)
      check(leg.arrival_id, `search_parameters.multi_city_json.${i}.arrival_id`)
    })
  } else {
    check(params.departure_id ?? '', 'search_parameters.departure_id')
    check(params.arrival_id ?? '', 'search_parameters.arrival_id')
  }
  trackedFlights.forEach((flight, i) => {
    check(flight.departure_airport_id, `trackedFlights.${i}.departure_airport_id`)
    check(flight.arrival_airport_id, `trackedFlights.${i}.arrival_airport_id`)
  })
  return fieldErrors
}

/** True when any leg (or tracked flight) joins airports in two different countries. */
export function isInternational(params: AlertSearchParams, trackedFlights: readonly TrackedFlight[] = []): boolean {
  const countries = (list: string) => codes(list).map((code) => findAirport(code)?.countryCode)
  return airportPairs(params, trackedFlights).some(({ from, to }) => {
    const toCountries = countries(to)
    return countries(from).some((country) => toCountries.some((other) => other !== country))
  })
}

/** The features `premiumReasons` and `alertCategory` judge, for a stored or a requested alert. */
export function alertFeatures(alert: {
  searchParameters: AlertSearchParams
  trackedFlights: readonly TrackedFlight[]
  notificationChannels: Partial<NotificationChannels>
  checkFrequency: string
}): AlertFeatures {
  return {
    channels: alert.notificationChannels,
    checkFrequency: alert.checkFrequency,
    travelClass: alert.searchParameters.travel_class,
    international: isInternational(alert.searchParameters, alert.trackedFlights),
  }
}
