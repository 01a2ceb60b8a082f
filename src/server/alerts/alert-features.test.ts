import { describe, expect, it } from 'vitest'
import { alertSearchParamsSchema, readAlertSearch } from '#shared/alerts/alert-search-params.ts'
import { alertFeatures, isInternational, unknownAirportErrors } from './alert-features.ts'
import { effectiveStatus, isAlertId } from './alert-scope.ts'

const params = (input: Record<string, unknown>) => readAlertSearch(alertSearchParamsSchema.parse(input))
const oneWay = (from: string, to: string) => params({ type: 2, departure_id: from, arrival_id: to, outbound_date: '2030-01-01' })
const multiCity = (...legs: [string, string][]) =>
  params({ type: 3, multi_city_json: JSON.stringify(legs.map(([from, to]) => ({ departure_id: from, arrival_id: to, date: '2030-01-01' }))) })

describe('isInternational', () => {
  it('is true when a leg joins two countries', () => {
    expect(isInternational(oneWay('JFK', 'LAX'))).toBe(false)
    expect(isInternational(oneWay('JFK', 'LHR'))).toBe(true)
    expect(isInternational(oneWay('JFK,EWR', 'LAX,SFO'))).toBe(false)
    expect(isInternational(oneWay('JFK', 'LAX,YYZ'))).toBe(true)
    expect(isInternational(multiCity(['JFK', 'LAX'], ['LAX', 'SFO']))).toBe(false)
    expect(isInternational(multiCity(['JFK', 'LAX'], ['LAX', 'NRT']))).toBe(true)
  })

  it('feeds the plan rules with cabin, channels and frequency', () => {
    const features = alertFeatures({
      searchParameters: params({ type: 2, departure_id: 'JFK', arrival_id: 'CDG', outbound_date: '2030-01-01', travel_class: '4' }),
      trackedFlights: [],
      notificationChannels: { email: true, sms: true },
      checkFrequency: '12h',
    })
    expect(features).toEqual({ channels: { email: true, sms: true }, checkFrequency: '12h', travelClass: 4, international: true })
  })
})

describe('unknownAirportErrors', () => {
  it('names the field of each unknown code', () => {
    expect(unknownAirportErrors(oneWay('JFK', 'LAX'))).toEqual({})
    expect(unknownAirportErrors(oneWay('JFK,QQQ', 'LAX'))).toEqual({ 'search_parameters.departure_id': ['Unknown airport'] })
    expect(unknownAirportErrors(multiCity(['JFK', 'LAX'], ['LAX', 'XQX']))).toEqual({
      'search_parameters.multi_city_json.1.arrival_id': ['Unknown airport'],
    })
  })
})

describe('effectiveStatus', () => {
  it('reads past departures as expired, except archived and disabled alerts', () => {
    expect(effectiveStatus('active', '2030-01-01', '2030-01-02')).toBe('expired')
    expect(effectiveStatus('paused', '2030-01-01', '2030-01-02')).toBe('expired')
    expect(effectiveStatus('active', '2030-01-02', '2030-01-02')).toBe('active')
    expect(effectiveStatus('active', null, '2030-01-02')).toBe('active')
    expect(effectiveStatus('disabled', '2030-01-01', '2030-01-02')).toBe('disabled')
  })

  it('only takes well-formed ids to the database', () => {
    expect(isAlertId('6f1c1f4e-8a51-4d43-9d7a-2a1f0b0f3c11')).toBe(true)
    expect(isAlertId("1' or '1'='1")).toBe(false)
  })
})
