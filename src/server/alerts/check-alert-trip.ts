import type { AlertSearch } from '#shared/alerts/alert-search-params.ts'
import { ALERT_MESSAGES, type TrackedFlight } from '#shared/alerts/alert.ts'
import type { FieldErrors } from '#shared/errors.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { AppError } from '../lib/app-error.ts'
import { DATE_WINDOW_MESSAGES, type DateWindow } from '#shared/alerts/date-window.ts'
import { unknownAirportErrors } from './alert-features.ts'

/**
 * What the shared schema can't judge: whether the airports exist and the dates are still ahead
 * and in order. Throws a 400 with every problem on its field; the message is the past-departure
 * one when that is among them, since it is the one a user can't fix by editing a field.
 */
export function assertTripTrackable(search: AlertSearch, trackedFlights: readonly TrackedFlight[], today: string): void {
  const { params, legs } = search
  const fieldErrors: FieldErrors = unknownAirportErrors(search, trackedFlights)
  const add = (path: string, message: string) => (fieldErrors[`search_parameters.${path}`] ??= []).push(message)
  let past = false

  const datePath = (i: number) => (params.type === 3 ? `multi_city_json.${i}.date` : i === 0 ? 'outbound_date' : 'return_date')
  legs.forEach((leg, i) => {
    if (leg.date && leg.date < today) {
      past = true
      add(datePath(i), ALERT_MESSAGES.pastDeparture)
    } else if (i > 0 && leg.date && legs[i - 1]!.date && leg.date < legs[i - 1]!.date) {
      add(datePath(i), params.type === 3 ? SEARCH_MESSAGES.segmentOrder : SEARCH_MESSAGES.returnBeforeDeparture)
    }
  })

  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError('validation_failed', past ? ALERT_MESSAGES.pastDeparture : 'Some fields are invalid.', { fieldErrors })
  }
}

/** A new or changed flexible window starts today or later (a stored one may have begun already). */
export function assertWindowAhead(window: Pick<DateWindow, 'depart_from'>, today: string): void {
  if (window.depart_from < today) {
    throw new AppError('validation_failed', DATE_WINDOW_MESSAGES.past, { fieldErrors: { 'date_window.depart_from': [DATE_WINDOW_MESSAGES.past] } })
  }
}
