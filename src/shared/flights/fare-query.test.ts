import { describe, expect, it } from 'vitest'
import { fareLevel } from './fare-calendar.ts'
import { unfilteredFareKey, unfilteredFareQuery } from './fare-query.ts'
import { buildFlightQuery } from './flight-query.ts'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, searchFiltersSchema } from './search-params.ts'

const route = { from: 'LHR,LGW', to: 'JFK', travelClass: 'business' as const, adults: 2, currency: 'eur' }
const params = { ...DEFAULT_SEARCH_PARAMS, from: 'LHR,LGW', to: 'JFK', departureDate: '2027-03-01', returnDate: '2027-03-08', adults: 2, travelClass: 'business' as const }

describe('the search a calendar day stands for', () => {
  it('is the search form’s query with default filters', () => {
    expect(unfilteredFareQuery(route, '2027-03-01', '2027-03-08')).toEqual(buildFlightQuery(params, { ...DEFAULT_SEARCH_FILTERS, currency: 'EUR' }))
    expect(unfilteredFareQuery(route, '2027-03-01', null)).toMatchObject({ type: 2, deep_search: true, show_hidden: true, stops: 0, bags: 0 })
  })

  it('keys unfiltered searches whatever their sort or language, and nothing else', () => {
    const filters = (over: Record<string, unknown>) => searchFiltersSchema.parse({ currency: 'EUR', ...over })
    expect(unfilteredFareKey(buildFlightQuery(params, filters({ sortBy: 2, hl: 'fr', gl: 'fr' })))).toEqual({
      from: 'LHR,LGW',
      to: 'JFK',
      departureDate: '2027-03-01',
      returnDate: '2027-03-08',
      cabin: 3,
      adults: 2,
      currency: 'EUR',
    })
    for (const over of [{ stops: 1 }, { bags: 1 }, { maxPrice: 500 }, { outboundTimes: [6, 12, 0, 23] }, { excludeAirlines: ['BA'] }, { deepSearch: false }, { lessEmissions: true }]) {
      expect(unfilteredFareKey(buildFlightQuery(params, filters(over))), JSON.stringify(over)).toBeNull()
    }
    expect(unfilteredFareKey(buildFlightQuery({ ...params, children: 1 }, filters({})))).toBeNull()
    expect(unfilteredFareKey(buildFlightQuery({ ...params, tripType: 'multi-city', multiCitySegments: [] }, filters({})))).toBeNull()
  })
})

describe('fareLevel', () => {
  it('is low below the range, high above it, typical inside (ends included), null without a price or range', () => {
    expect([99, 100, 150, 200, 201].map((p) => fareLevel(p, [100, 200]))).toEqual(['low', 'typical', 'typical', 'typical', 'high'])
    expect(fareLevel(null, [100, 200])).toBeNull()
    expect(fareLevel(150, null)).toBeNull()
  })
})
