import { describe, expect, it } from 'vitest'
import { buildFlightQuery } from '../flights/flight-query.ts'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, type SearchFilters, type SearchParams } from '../flights/search-params.ts'
import { alertParamsFromSearch, alertSearchProblems, isSearchValidForAlert, searchFromAlertParams } from './alert-from-search.ts'
import { alertSearchParamsSchema } from './alert-search-params.ts'

const search = (over: Partial<SearchParams> = {}): SearchParams => ({
  ...DEFAULT_SEARCH_PARAMS,
  from: 'JFK',
  to: 'LAX',
  departureDate: '2027-03-01',
  returnDate: '2027-03-08',
  ...over,
})
const filters = (over: Partial<SearchFilters> = {}): SearchFilters => ({ ...DEFAULT_SEARCH_FILTERS, ...over })
const segment = (id: string, from: string, to: string, departureDate: string) => ({ id, from, to, departureDate })
const MULTI = search({
  tripType: 'multi-city',
  from: '',
  to: '',
  departureDate: '',
  returnDate: '',
  multiCitySegments: [segment('s1', 'JFK', 'LHR', '2027-03-01'), segment('s2', 'LHR', 'CDG', '2027-03-05'), segment('s3', 'CDG', 'JFK', '2027-03-10')],
})

describe('building alert parameters from a search: time ranges', () => {
  it('sends a time range as its 4 numbers', () => {
    expect(buildFlightQuery(search(), filters({ outboundTimes: [6, 10, 14, 18] })).outbound_times).toBe('6,10,14,18')
    expect(buildFlightQuery(search(), filters({ outboundTimes: [0, 23, 14, 18] })).outbound_times).toBe('0,23,14,18')
  })

  it('shortens a range whose arrival part is 0 to 23 to two numbers', () => {
    expect(buildFlightQuery(search(), filters({ outboundTimes: [6, 10, 0, 23] })).outbound_times).toBe('6,10')
  })

  it('omits the default range 0,23,0,23', () => {
    const query = buildFlightQuery(search(), filters())
    expect(query).not.toHaveProperty('outbound_times')
    expect(query).not.toHaveProperty('return_times')
  })

  it('sends return times only for round trips', () => {
    const times = filters({ outboundTimes: [6, 10, 0, 23], returnTimes: [18, 23, 0, 23] })
    expect(buildFlightQuery(search(), times)).toMatchObject({ type: 1, outbound_times: '6,10', return_times: '18,23', return_date: '2027-03-08' })
    const oneWay = buildFlightQuery(search({ tripType: 'one-way' }), times)
    expect(oneWay).toMatchObject({ type: 2, outbound_times: '6,10' })
    expect(oneWay).not.toHaveProperty('return_times')
    expect(oneWay).not.toHaveProperty('return_date')
  })
})

describe('building alert parameters from a search: other filters', () => {
  it('turns a max layover under 24 hours into layover_duration 30 to hours × 60 minutes', () => {
    expect(buildFlightQuery(search(), filters({ maxLayoverDuration: 5 })).layover_duration).toBe('30,300')
    expect(buildFlightQuery(search(), filters({ maxLayoverDuration: 1.5 })).layover_duration).toBe('30,90')
    expect(buildFlightQuery(search(), filters({ maxLayoverDuration: 23 })).layover_duration).toBe('30,1380')
  })

  it('omits layover_duration at the 24-hour default', () => {
    expect(buildFlightQuery(search(), filters({ maxLayoverDuration: 24 }))).not.toHaveProperty('layover_duration')
  })

  it('omits max duration when 0 or less', () => {
    expect(buildFlightQuery(search(), filters({ maxDuration: 0 }))).not.toHaveProperty('max_duration')
    expect(buildFlightQuery(search(), filters({ maxDuration: -30 }))).not.toHaveProperty('max_duration')
    expect(buildFlightQuery(search(), filters({ maxDuration: 600 })).max_duration).toBe(600)
  })

  it('sets emissions to 1 for less emissions, and leaves it out otherwise', () => {
    expect(buildFlightQuery(search(), filters({ lessEmissions: true })).emissions).toBe(1)
    expect(buildFlightQuery(search(), filters({ lessEmissions: false }))).not.toHaveProperty('emissions')
  })

  it('carries passengers, cabin and airlines as SerpApi codes', () => {
    const query = buildFlightQuery(search({ adults: 2, children: 1, travelClass: 'business' }), filters({ infants_on_lap: 1, stops: 1, includeAirlines: ['AA', 'DL'] }))
    expect(query).toMatchObject({ adults: 2, children: 1, infants_on_lap: 1, travel_class: 3, stops: 1, include_airlines: 'AA,DL' })
  })
})

describe('building alert parameters from a multi-city search', () => {
  it('writes multi_city_json with each segment and its own time window', () => {
    const times = filters({ multiCityTimes: { s1: [6, 10, 0, 23], s2: [0, 23, 0, 23], s3: [8, 12, 14, 20] } })
    const query = buildFlightQuery(MULTI, times)
    expect(query.type).toBe(3)
    expect(query).not.toHaveProperty('departure_id')
    expect(query).not.toHaveProperty('outbound_date')
    expect(JSON.parse(query.multi_city_json ?? '')).toEqual([
      { departure_id: 'JFK', arrival_id: 'LHR', date: '2027-03-01', times: '6,10' },
      { departure_id: 'LHR', arrival_id: 'CDG', date: '2027-03-05' },
      { departure_id: 'CDG', arrival_id: 'JFK', date: '2027-03-10', times: '8,12,14,20' },
    ])
  })

  it('gives a valid alert from alertParamsFromSearch', () => {
    const params = alertParamsFromSearch(MULTI, filters({ multiCityTimes: { s2: [6, 10, 0, 23] } }))
    expect(params).toMatchObject({ type: 3, adults: 1, currency: 'USD' })
    expect(alertSearchParamsSchema.safeParse(params).success).toBe(true)
  })

  it('throws from alertParamsFromSearch when the search cannot be an alert', () => {
    expect(() => alertParamsFromSearch({ ...MULTI, multiCitySegments: MULTI.multiCitySegments.slice(0, 1) }, filters())).toThrow('Multi-city must have at least 2 segments')
  })
})

describe('alertSearchProblems and isSearchValidForAlert', () => {
  it('accepts a round trip with from, to and both dates, and a one-way without a return date', () => {
    expect(alertSearchProblems(search())).toEqual([])
    expect(isSearchValidForAlert(search())).toBe(true)
    expect(isSearchValidForAlert(search({ tripType: 'one-way', returnDate: '' }))).toBe(true)
  })

  it.each([
    [{ from: '' }, 'Missing departure airport'],
    [{ to: '' }, 'Missing arrival airport'],
    [{ departureDate: '' }, 'Missing departure date'],
    [{ returnDate: '' }, 'Missing return date'],
  ])('refuses a round trip with %j', (over, problem) => {
    expect(alertSearchProblems(search(over))).toEqual([problem])
    expect(isSearchValidForAlert(search(over))).toBe(false)
  })

  it('lists every missing field together', () => {
    expect(alertSearchProblems(search({ tripType: 'one-way', from: '', departureDate: '' }))).toEqual(['Missing departure airport, departure date'])
  })

  it('accepts a multi-city search with 2 or more complete segments', () => {
    expect(alertSearchProblems(MULTI)).toEqual([])
    expect(isSearchValidForAlert({ ...MULTI, multiCitySegments: MULTI.multiCitySegments.slice(0, 2) })).toBe(true)
  })

  it('refuses a multi-city search with fewer than 2 segments', () => {
    const one = { ...MULTI, multiCitySegments: MULTI.multiCitySegments.slice(0, 1) }
    expect(alertSearchProblems(one)).toEqual(['Multi-city must have at least 2 segments'])
    expect(isSearchValidForAlert(one)).toBe(false)
  })

  it('names each incomplete segment as "Segment N: Missing …"', () => {
    const segments = [segment('s1', 'JFK', 'LHR', '2027-03-01'), segment('s2', '', 'CDG', ''), segment('', 'CDG', '', '2027-03-10')]
    const problems = alertSearchProblems({ ...MULTI, multiCitySegments: segments })
    expect(problems).toEqual(['Segment 2: Missing departure airport, departure date', 'Segment 3: Missing id, arrival airport'])
    expect(isSearchValidForAlert({ ...MULTI, multiCitySegments: segments })).toBe(false)
  })
})

describe('searchFromAlertParams', () => {
  it('turns a round-trip alert back into the search state, sorted by price', () => {
    const alert = alertSearchParamsSchema.parse({
      type: '1',
      departure_id: 'jfk',
      arrival_id: 'lax',
      outbound_date: '2027-03-01',
      return_date: '2027-03-08',
      adults: '2',
      children: 1,
      infants_in_seat: 1,
      travel_class: 3,
      stops: 2,
      sort_by: 1,
      outbound_times: '6,10',
      return_times: '14,20,0,12',
      layover_duration: '30,300',
      include_airlines: 'AA,DL',
      emissions: 1,
    })
    const { params, filters: back } = searchFromAlertParams(alert)
    expect(params).toMatchObject({ tripType: 'round-trip', from: 'JFK', to: 'LAX', departureDate: '2027-03-01', returnDate: '2027-03-08' })
    expect(params).toMatchObject({ travelClass: 'business', adults: 2, children: 1, multiCitySegments: [] })
    expect(back).toMatchObject({ sortBy: 2, infants_in_seat: 1, stops: 2, outboundTimes: [6, 10, 0, 23], returnTimes: [14, 20, 0, 12] })
    expect(back).toMatchObject({ maxLayoverDuration: 5, includeAirlines: ['AA', 'DL'], excludeAirlines: [], lessEmissions: true })
  })

  it('gives back the search an alert was built from, except for sorting by price', () => {
    const original = search({ adults: 3, travelClass: 'first' })
    const originalFilters = filters({ outboundTimes: [6, 10, 14, 18], returnTimes: [18, 23, 0, 23], maxLayoverDuration: 4, excludeAirlines: ['UA'], bags: 1 })
    const { params, filters: back } = searchFromAlertParams(alertParamsFromSearch(original, originalFilters))
    expect(params).toEqual(original)
    expect(back).toEqual({ ...originalFilters, sortBy: 2 })
  })

  it('turns a multi-city alert back into segments with their time windows', () => {
    const alert = alertParamsFromSearch(MULTI, filters({ multiCityTimes: { s1: [6, 10, 0, 23], s3: [8, 12, 14, 20] } }))
    const { params, filters: back } = searchFromAlertParams(alert)
    expect(params).toMatchObject({ tripType: 'multi-city', from: '', to: '', departureDate: '', returnDate: '' })
    expect(params.multiCitySegments.map(({ from, to, departureDate }) => [from, to, departureDate])).toEqual([
      ['JFK', 'LHR', '2027-03-01'],
      ['LHR', 'CDG', '2027-03-05'],
      ['CDG', 'JFK', '2027-03-10'],
    ])
    const times = params.multiCitySegments.map((s) => back.multiCityTimes[s.id])
    expect(times).toEqual([
      [6, 10, 0, 23],
      [0, 23, 0, 23],
      [8, 12, 14, 20],
    ])
    expect(back.sortBy).toBe(2)
  })

  it('keeps the default 24-hour layover when the alert has none', () => {
    const { filters: back } = searchFromAlertParams(alertParamsFromSearch(search(), filters()))
    expect(back.maxLayoverDuration).toBe(24)
  })
})
