import { describe, expect, it } from 'vitest'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, type SearchParams } from '#shared/flights/search-params.ts'
import { searchSummary } from './search-summary.tsx'

const params = (patch: Partial<SearchParams>): SearchParams => ({ ...DEFAULT_SEARCH_PARAMS, ...patch })

describe('the folded search summary a phone shows after searching', () => {
  it('names the route, the dates, the travellers and the cabin', () => {
    const roundTrip = params({ tripType: 'round-trip', from: 'JFK', to: 'LHR', departureDate: '2027-01-06', returnDate: '2027-01-13', travelClass: 'economy' })
    expect(searchSummary(roundTrip, DEFAULT_SEARCH_FILTERS)).toEqual({ route: 'JFK → LHR', details: 'Jan 6 – Jan 13 · 1 adult · Economy' })
  })

  it('leaves out a return date a one-way trip still holds, and counts children and infants as passengers', () => {
    const oneWay = params({ tripType: 'one-way', from: 'SFO', to: 'NRT', departureDate: '2027-03-02', returnDate: '2027-03-09', adults: 2, children: 1, travelClass: 'business' })
    expect(searchSummary(oneWay, { infants_in_seat: 0, infants_on_lap: 1 })).toEqual({ route: 'SFO → NRT', details: 'Mar 2 · 4 passengers · Business' })
  })

  it('names every stop of a multi-city trip in order, from the first flight’s date to the last', () => {
    const multiCity = params({
      tripType: 'multi-city',
      multiCitySegments: [
        { id: 'a', from: 'JFK', to: 'LHR', departureDate: '2027-05-01' },
        { id: 'b', from: 'LHR', to: 'CDG', departureDate: '2027-05-05' },
        { id: 'c', from: 'CDG', to: 'JFK', departureDate: '2027-05-12' },
      ],
    })
    expect(searchSummary(multiCity, DEFAULT_SEARCH_FILTERS)).toEqual({ route: 'JFK → LHR → CDG → JFK', details: 'May 1 – May 12 · 1 adult · Economy' })
  })
})

describe('the folded summary of a flexible search (issue 16)', () => {
  const flex = { kind: 'month' as const, month: '2027-03', minNights: 5, maxNights: 9 }
  const route = params({ tripType: 'round-trip', from: 'JFK', to: 'LHR', departureDate: '2027-01-06', returnDate: '2027-01-13' })

  it('says the month and the trip length instead of dates', () => {
    expect(searchSummary(route, DEFAULT_SEARCH_FILTERS, flex)).toEqual({ route: 'JFK → LHR', details: 'Any dates in Mar · 5–9 nights · 1 adult · Economy' })
  })

  it('says weekends, and leaves the trip length out where it does not apply', () => {
    expect(searchSummary(route, DEFAULT_SEARCH_FILTERS, { ...flex, kind: 'weekend' }).details).toBe('Weekends in Mar · 1 adult · Economy')
    expect(searchSummary({ ...route, tripType: 'one-way' }, DEFAULT_SEARCH_FILTERS, flex).details).toBe('Any dates in Mar · 1 adult · Economy')
  })
})
