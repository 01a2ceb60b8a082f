import { describe, expect, it } from 'vitest'
import { alertSearchParamsSchema, readAlertSearch } from '#shared/alerts/alert-search-params.ts'
import { ALERT_MESSAGES } from '#shared/alerts/alert.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import type { AppError } from '../lib/app-error.ts'
import { assertTripTrackable } from './check-alert-trip.ts'

const today = '2030-06-10'
const problems = (input: Record<string, unknown>) => {
  try {
    assertTripTrackable(readAlertSearch(alertSearchParamsSchema.parse(input)), [], today)
    return null
  } catch (error) {
    const { message, fieldErrors } = error as AppError
    return { message, fieldErrors }
  }
}

describe('assertTripTrackable', () => {
  it('accepts a trip from today on', () => {
    expect(problems({ type: 1, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: today, return_date: today })).toBeNull()
  })

  it('refuses a past departure with the spec message', () => {
    expect(problems({ type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2030-06-09' })).toEqual({
      message: ALERT_MESSAGES.pastDeparture,
      fieldErrors: { 'search_parameters.outbound_date': [ALERT_MESSAGES.pastDeparture] },
    })
  })

  it('refuses a return before the departure and multi-city legs out of order', () => {
    expect(problems({ type: 1, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2030-07-02', return_date: '2030-07-01' })?.fieldErrors).toEqual({
      'search_parameters.return_date': [SEARCH_MESSAGES.returnBeforeDeparture],
    })
    const legs = [
      { departure_id: 'JFK', arrival_id: 'LAX', date: '2030-07-05' },
      { departure_id: 'LAX', arrival_id: 'SFO', date: '2030-07-01' },
    ]
    expect(problems({ type: 3, multi_city_json: JSON.stringify(legs) })?.fieldErrors).toEqual({
      'search_parameters.multi_city_json.1.date': [SEARCH_MESSAGES.segmentOrder],
    })
  })
})
