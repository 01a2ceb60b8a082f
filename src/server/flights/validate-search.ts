import { SEARCH_MESSAGES, searchProblems, type SearchRequest } from '#shared/flights/search-params.ts'
import type { FieldErrors } from '#shared/errors.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import { AppError } from '../lib/app-error.ts'
import { findAirport } from '../reference-data/airports.ts'

/** Throws a 400 with every problem on its field (`params.from`, `filters.bags`…). */
export function assertSearchable(request: SearchRequest, now: Date): void {
  const fieldErrors: FieldErrors = {}
  const add = (path: string, message: string) => {
    ;(fieldErrors[path] ??= []).push(message)
  }
  const filterFields = new Set(['infants_on_lap', 'infants_in_seat', 'bags', 'includeAirlines', 'excludeAirlines'])
  for (const issue of searchProblems(request.params, request.filters, earliestTravelDate(now))) {
    const head = String(issue.path[0])
    add(`${filterFields.has(head) ? 'filters' : 'params'}.${issue.path.join('.')}`, issue.message)
  }

  const checkCodes = (codes: string, path: string) => {
    if (codes && codes.split(',').some((code) => !findAirport(code))) add(path, SEARCH_MESSAGES.unknownAirport)
  }
  const { params } = request
  if (params.tripType === 'multi-city') {
    params.multiCitySegments.forEach((segment, i) => {
      checkCodes(segment.from, `params.multiCitySegments.${i}.from`)
      checkCodes(segment.to, `params.multiCitySegments.${i}.to`)
    })
  } else {
    checkCodes(params.from, 'params.from')
    checkCodes(params.to, 'params.to')
  }
  for (const code of request.filters.excludeConnectingAirports) checkCodes(code, 'filters.excludeConnectingAirports')

  if (Object.keys(fieldErrors).length > 0) throw new AppError('validation_failed', 'Some fields are invalid.', { fieldErrors })
}
