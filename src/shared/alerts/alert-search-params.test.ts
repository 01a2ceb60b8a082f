import { describe, expect, it } from 'vitest'
import { ALERT_PARAM_MESSAGES as M, alertDepartureDate, alertLegs, alertMultiCitySegmentSchema, alertSearchParamsSchema } from './alert-search-params.ts'

type Issue = { path: PropertyKey[]; message: string }

function issuesOf(result: { success: boolean; error?: { issues: readonly Issue[] } }): Issue[] {
  return result.success ? [] : (result.error?.issues ?? []).map(({ path, message }) => ({ path, message }))
}
const paramIssues = (input: Record<string, unknown>) => issuesOf(alertSearchParamsSchema.safeParse(input))
const segmentIssues = (input: Record<string, unknown>) => issuesOf(alertMultiCitySegmentSchema.safeParse(input))
const pathsOf = (input: Record<string, unknown>) => paramIssues(input).map((issue) => issue.path.join('.'))

const SEGMENT = { departure_id: 'JFK', arrival_id: 'LHR', date: '2027-03-01' }
const ONE_WAY = { type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2027-03-01' }
const ROUND_TRIP = { ...ONE_WAY, type: 1, return_date: '2027-03-08' }
const TWO_LEGS = [SEGMENT, { departure_id: 'LHR', arrival_id: 'CDG', date: '2027-03-05', times: '6,10' }]
const MULTI_CITY = { type: 3, multi_city_json: JSON.stringify(TWO_LEGS) }

describe('alert multi-city segment', () => {
  it('accepts a complete segment and uppercases its airport codes', () => {
    const parsed = alertMultiCitySegmentSchema.parse({ departure_id: 'jfk', arrival_id: 'lhr', date: '2027-03-01' })
    expect(parsed).toEqual({ departure_id: 'JFK', arrival_id: 'LHR', date: '2027-03-01' })
  })

  it('refuses a departure code under 3 characters', () => {
    expect(segmentIssues({ ...SEGMENT, departure_id: 'JF' })).toEqual([{ path: ['departure_id'], message: 'Departure airport code must be at least 3 characters' }])
  })

  it('refuses an arrival code under 3 characters', () => {
    expect(segmentIssues({ ...SEGMENT, arrival_id: 'LH' })).toEqual([{ path: ['arrival_id'], message: 'Arrival airport code must be at least 3 characters' }])
  })

  it.each(['2027/03/01', '01-03-2027', '2027-3-1', ''])('refuses the date %j as not YYYY-MM-DD', (date) => {
    expect(segmentIssues({ ...SEGMENT, date })).toEqual([{ path: ['date'], message: 'Date must be in YYYY-MM-DD format' }])
  })

  it.each(['6,10', '6,10,14,18', '0,23', '06,10,14,18'])('accepts the times %j', (times) => {
    expect(segmentIssues({ ...SEGMENT, times })).toEqual([])
  })

  it.each(['6', '6,10,14', '6-10', '123,4', 'a,b', '6,10,14,18,20'])('refuses the times %j', (times) => {
    expect(segmentIssues({ ...SEGMENT, times })).toEqual([
      { path: ['times'], message: 'Times must be "depStart,depEnd" or "depStart,depEnd,arrStart,arrEnd" format (e.g., "6,10" or "6,10,14,18")' },
    ])
  })

  it('refuses the same departure and arrival airport, whatever the case', () => {
    expect(segmentIssues({ ...SEGMENT, arrival_id: 'jfk' })).toEqual([{ path: ['arrival_id'], message: 'Departure and arrival airports must be different' }])
  })
})

describe('alert parameters: defaults and numeric strings', () => {
  it('fills the spec defaults: 1 adult, 0 children, USD, en, us', () => {
    expect(alertSearchParamsSchema.parse(ONE_WAY)).toMatchObject({ adults: 1, children: 0, infants_in_seat: 0, infants_on_lap: 0, currency: 'USD', hl: 'en', gl: 'us' })
  })

  it('accepts numeric strings like numbers', () => {
    const parsed = alertSearchParamsSchema.parse({ ...ONE_WAY, type: '2', adults: '2', travel_class: '3', stops: '1', bags: '2', max_price: '450' })
    expect(parsed).toMatchObject({ type: 2, adults: 2, travel_class: 3, stops: 1, bags: 2, max_price: 450 })
  })

  it('accepts a valid round trip and a valid multi-city alert', () => {
    expect(paramIssues(ROUND_TRIP)).toEqual([])
    expect(paramIssues(MULTI_CITY)).toEqual([])
  })
})

describe('alert parameters: ranges', () => {
  it.each([
    ['adults', 0, 1, 9, 10],
    ['children', -1, 0, 8, 9],
    ['infants_in_seat', -1, 0, 8, 10],
    ['infants_on_lap', -1, 0, 8, 10],
    ['bags', -1, 0, 5, 6],
  ])('keeps %s within its range', (field, tooLow, low, high, tooHigh) => {
    expect(pathsOf({ ...ONE_WAY, [field]: tooLow })).toContain(field)
    expect(pathsOf({ ...ONE_WAY, [field]: tooHigh })).toContain(field)
    expect(pathsOf({ ...ONE_WAY, [field]: low })).toEqual([])
    expect(pathsOf({ ...ONE_WAY, adults: 1, [field]: high })).toEqual([])
  })

  it('accepts 9 infants in seat on their own range', () => {
    expect(pathsOf({ ...ONE_WAY, infants_in_seat: 9 })).not.toContain('infants_in_seat')
  })

  it('refuses more than 9 passengers in total on adults', () => {
    expect(paramIssues({ ...ONE_WAY, adults: 4, children: 3, infants_in_seat: 2, infants_on_lap: 1 })).toEqual([{ path: ['adults'], message: 'Total passengers cannot exceed 9' }])
    expect(paramIssues({ ...ONE_WAY, adults: 4, children: 3, infants_in_seat: 1, infants_on_lap: 1 })).toEqual([])
  })

  it.each(['max_price', 'max_duration'])('requires a positive %s', (field) => {
    expect(pathsOf({ ...ONE_WAY, [field]: 0 })).toEqual([field])
    expect(pathsOf({ ...ONE_WAY, [field]: -5 })).toEqual([field])
    expect(pathsOf({ ...ONE_WAY, [field]: 300 })).toEqual([])
  })

  it('requires a 3-character currency, a 2-character hl and gl', () => {
    expect(paramIssues({ ...ONE_WAY, currency: 'US' })).toEqual([{ path: ['currency'], message: M.currency }])
    expect(paramIssues({ ...ONE_WAY, currency: 'EURO' })).toEqual([{ path: ['currency'], message: M.currency }])
    expect(paramIssues({ ...ONE_WAY, hl: 'eng' })).toEqual([{ path: ['hl'], message: M.language }])
    expect(paramIssues({ ...ONE_WAY, gl: 'u' })).toEqual([{ path: ['gl'], message: M.country }])
    expect(alertSearchParamsSchema.parse({ ...ONE_WAY, currency: 'eur', hl: 'FR', gl: 'FR' })).toMatchObject({ currency: 'EUR', hl: 'fr', gl: 'fr' })
  })

  it('requires layover_duration as "min,max" minutes', () => {
    const message = 'Layover duration must be "min,max" format in minutes (e.g., "30,480")'
    for (const layover of ['480', '30-480', '30,480,600', 'a,b']) {
      expect(paramIssues({ ...ONE_WAY, layover_duration: layover })).toEqual([{ path: ['layover_duration'], message }])
    }
    expect(paramIssues({ ...ONE_WAY, layover_duration: '30,480' })).toEqual([])
  })

  it('checks outbound and return times with the segment time pattern', () => {
    expect(paramIssues({ ...ROUND_TRIP, outbound_times: '6,10', return_times: '6,10,14,18' })).toEqual([])
    expect(paramIssues({ ...ROUND_TRIP, outbound_times: '6' })).toEqual([{ path: ['outbound_times'], message: M.times }])
    expect(paramIssues({ ...ROUND_TRIP, return_times: '6,10,14' })).toEqual([{ path: ['return_times'], message: M.times }])
  })
})

describe('alert parameters: multi-city', () => {
  it('requires multi_city_json', () => {
    expect(paramIssues({ type: 3 })).toEqual([{ path: ['multi_city_json'], message: 'Multi-city alerts must have multi_city_json parameter' }])
  })

  it('requires valid JSON', () => {
    expect(paramIssues({ type: 3, multi_city_json: '[{' })).toEqual([{ path: ['multi_city_json'], message: 'multi_city_json must be valid JSON' }])
  })

  it('requires an array', () => {
    expect(paramIssues({ type: 3, multi_city_json: JSON.stringify(SEGMENT) })).toEqual([{ path: ['multi_city_json'], message: 'multi_city_json must be an array of segments' }])
  })

  it('requires at least 2 segments', () => {
    expect(paramIssues({ type: 3, multi_city_json: JSON.stringify([SEGMENT]) })).toEqual([{ path: ['multi_city_json'], message: 'Multi-city must have at least 2 segments' }])
  })

  it('reports a bad segment with its index and field', () => {
    const legs = [SEGMENT, { ...SEGMENT, departure_id: 'LH' }]
    expect(paramIssues({ type: 3, multi_city_json: JSON.stringify(legs) })).toEqual([
      { path: ['multi_city_json', 1, 'departure_id'], message: 'Departure airport code must be at least 3 characters' },
    ])
  })
})

describe('alert parameters: other trip types', () => {
  it('requires departure_id, arrival_id and outbound_date', () => {
    expect(paramIssues({ type: 2 })).toEqual([
      { path: ['departure_id'], message: 'Non-multi-city alerts must have departure_id' },
      { path: ['arrival_id'], message: 'Non-multi-city alerts must have arrival_id' },
      { path: ['outbound_date'], message: 'Non-multi-city alerts must have outbound_date' },
    ])
  })

  it('refuses multi_city_json', () => {
    expect(paramIssues({ ...ONE_WAY, multi_city_json: JSON.stringify(TWO_LEGS) })).toEqual([
      { path: ['multi_city_json'], message: 'Non-multi-city alerts cannot have multi_city_json parameter' },
    ])
    expect(pathsOf({ ...ROUND_TRIP, multi_city_json: '[]' })).toEqual(['multi_city_json'])
  })

  it('refuses the same departure and arrival airport', () => {
    expect(paramIssues({ ...ONE_WAY, arrival_id: 'jfk' })).toEqual([{ path: ['arrival_id'], message: M.sameAirports }])
  })

  it('reports short codes and bad dates with the segment messages', () => {
    expect(paramIssues({ ...ONE_WAY, departure_id: 'JF' })).toContainEqual({ path: ['departure_id'], message: M.departureCode })
    expect(paramIssues({ ...ONE_WAY, arrival_id: 'LA' })).toContainEqual({ path: ['arrival_id'], message: M.arrivalCode })
    expect(paramIssues({ ...ONE_WAY, outbound_date: '03/01/2027' })).toContainEqual({ path: ['outbound_date'], message: M.dateFormat })
  })
})

describe('alert legs', () => {
  it('lists one leg for one way, out and back for a round trip, every segment for multi-city', () => {
    expect(alertLegs(alertSearchParamsSchema.parse(ONE_WAY))).toEqual([{ departure_id: 'JFK', arrival_id: 'LAX', date: '2027-03-01' }])
    expect(alertLegs(alertSearchParamsSchema.parse(ROUND_TRIP))).toEqual([
      { departure_id: 'JFK', arrival_id: 'LAX', date: '2027-03-01' },
      { departure_id: 'LAX', arrival_id: 'JFK', date: '2027-03-08' },
    ])
    expect(alertLegs(alertSearchParamsSchema.parse(MULTI_CITY))).toEqual(TWO_LEGS)
  })

  it('takes the first departure date as the alert departure date', () => {
    expect(alertDepartureDate(alertSearchParamsSchema.parse(ROUND_TRIP))).toBe('2027-03-01')
    expect(alertDepartureDate(alertSearchParamsSchema.parse(MULTI_CITY))).toBe('2027-03-01')
  })
})
