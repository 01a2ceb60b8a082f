import type { AlertType } from '#shared/alerts/alert-text.ts'
import { defaultAlertName } from '#shared/alerts/alert-text.ts'
import { alertParamsFromSearch, alertSearchProblems } from '#shared/alerts/alert-from-search.ts'
import type { AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import type { TrackedFlight } from '#shared/alerts/alert.ts'
import { TRIP_TYPE_CODES } from '#shared/flights/flight-query.ts'
import type { Itinerary } from '#shared/flights/model.ts'
import type { SearchParams } from '#shared/flights/search-params.ts'
import type { AlertDraft } from '../../stores/alert-draft-store.ts'

/** Turning the search page's hand-off (AlertDraft) into the parts of POST /api/alerts. */

/** Every flight handed over: the whole selection for a round trip / multi-city, else the one flight. */
export function draftItineraries(draft: AlertDraft): Itinerary[] {
  if (draft.selectedFlights?.length) return draft.selectedFlights
  return draft.flight ? [draft.flight] : []
}

/** 'flight' when a flight was handed over ("Track this flight"), else 'route'. */
export function draftAlertType(draft: AlertDraft): AlertType {
  return draftItineraries(draft).length > 0 ? 'flight' : 'route'
}

/** Section 3 "Tracked flight" for every segment flown: carrier, flight number digits, airports, local times. */
export function trackedFlightsOf(itineraries: readonly Itinerary[]): TrackedFlight[] {
  return itineraries.flatMap((itinerary) =>
    itinerary.segments.map((segment) => {
      const [prefix = '', ...rest] = segment.flightNumber.trim().split(/\s+/)
      const number = /(\d{1,4}[A-Z]?)$/.exec(rest.join('') || prefix)?.[1] ?? ''
      return {
        marketing_airline: (segment.airline.code ?? prefix.slice(0, 2)).toUpperCase(),
        marketing_flight_number: number,
        departure_airport_id: segment.departure.airport,
        arrival_airport_id: segment.arrival.airport,
        departure_local_time: segment.departure.time.slice(0, 16),
        arrival_local_time: segment.arrival.time.slice(0, 16),
      }
    }),
  )
}

/** The airports of the trip in order, as the default names want them ([from, to] or every multi-city stop). */
export function tripStops(params: SearchParams): string[] {
  if (params.tripType !== 'multi-city') return [params.from, params.to].filter(Boolean)
  const [first] = params.multiCitySegments
  return first ? [first.from, ...params.multiCitySegments.map((segment) => segment.to)].filter(Boolean) : []
}

export function defaultNameForDraft(draft: AlertDraft): string {
  return defaultAlertName({
    alertType: draftAlertType(draft),
    tripType: TRIP_TYPE_CODES[draft.search.params.tripType],
    stops: tripStops(draft.search.params),
    trackedFlightCount: draftItineraries(draft).length,
  })
}

/** The alert's search parameters (section 5), or the reasons this search can't become an alert yet. */
export function searchParametersForDraft(draft: AlertDraft): { ok: true; params: AlertSearchParams } | { ok: false; problems: string[] } {
  const problems = alertSearchProblems(draft.search.params)
  if (problems.length > 0) return { ok: false, problems }
  try {
    return { ok: true, params: alertParamsFromSearch(draft.search.params, draft.search.filters) }
  } catch (error) {
    const issues = (error as { issues?: Array<{ message: string }> }).issues
    return { ok: false, problems: issues?.map((issue) => issue.message) ?? ['This search cannot be tracked yet.'] }
  }
}
