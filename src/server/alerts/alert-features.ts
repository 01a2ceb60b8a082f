import { asAlertSearch, type AlertSearch, type AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
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

function airportPairs(search: AlertSearch, trackedFlights: readonly TrackedFlight[]): AirportPair[] {
  return [
    ...search.legs.map((leg) => ({ from: leg.departure_id, to: leg.arrival_id })),
    ...trackedFlights.map((flight) => ({ from: flight.departure_airport_id, to: flight.arrival_airport_id })),
  ]
}

/** Field errors for every airport code the reference data does not know (400 'Unknown airport'). */
export function unknownAirportErrors(search: AlertSearch, trackedFlights: readonly TrackedFlight[] = []): FieldErrors {
  const { params } = search
  const fieldErrors: FieldErrors = {}
  const check = (list: string, path: string) => {
    if (codes(list).some((code) => !findAirport(code))) (fieldErrors[path] ??= []).push(SEARCH_MESSAGES.unknownAirport)
  }
  if (params.type === 3) {
    search.legs.forEach((leg, i) => {
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
export function isInternational(search: AlertSearch, trackedFlights: readonly TrackedFlight[] = []): boolean {
  const countries = (list: string) => codes(list).map((code) => findAirport(code)?.countryCode)
  return airportPairs(search, trackedFlights).some(({ from, to }) => {
    const toCountries = countries(to)
    return countries(from).some((country) => toCountries.some((other) => other !== country))
  })
}

/**
 * The features `premiumReasons` and `alertCategory` judge, for a stored alert (its saved parameters)
 * or one being created (the search its request was read into).
 */
export function alertFeatures(alert: {
  searchParameters: AlertSearch | AlertSearchParams
  trackedFlights: readonly TrackedFlight[]
  notificationChannels: Partial<NotificationChannels>
  checkFrequency: string
}): AlertFeatures {
  const search = asAlertSearch(alert.searchParameters)
  return {
    channels: alert.notificationChannels,
    checkFrequency: alert.checkFrequency,
    travelClass: search.params.travel_class,
    international: isInternational(search, alert.trackedFlights),
  }
}
