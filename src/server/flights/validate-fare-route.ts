import type { FareRoute } from '#shared/flights/fare-query.ts'
import type { TravelClass } from '#shared/flights/search-params.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import type { FieldErrors } from '#shared/errors.ts'
import { AppError } from '../lib/app-error.ts'
import { findAirport } from '../reference-data/airports.ts'

/**
 * The route of a calendar, grid or flexible query, its airports checked as a search's are: an
 * unknown code is a 400 on its field, not a calendar of empty days.
 */
export function fareRoute(q: { from: string; to: string; travelClass: TravelClass; adults: number; currency: string }): FareRoute {
  const fieldErrors: FieldErrors = {}
  for (const field of ['from', 'to'] as const) {
    if (q[field].split(',').some((code) => !findAirport(code))) fieldErrors[field] = [SEARCH_MESSAGES.unknownAirport]
  }
  if (Object.keys(fieldErrors).length > 0) throw new AppError('validation_failed', 'Some fields are invalid.', { fieldErrors })
  return { from: q.from, to: q.to, travelClass: q.travelClass, adults: q.adults, currency: q.currency.toUpperCase() }
}
