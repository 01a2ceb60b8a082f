import { describe, expect, it } from 'vitest'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, type SearchParams } from '#shared/flights/search-params.ts'
import { itinerary, roundTripOutbound, roundTripReturn, segment } from '../search/results/fixtures.ts'
import { defaultNameForDraft, draftAlertType, searchParametersForDraft, trackedFlightsOf } from './draft-payload.ts'

const draftFor = (params: Partial<SearchParams>, flights: ReturnType<typeof itinerary>[] = []) => ({
  search: { params: { ...DEFAULT_SEARCH_PARAMS, ...params }, filters: DEFAULT_SEARCH_FILTERS },
  ...(flights[0] ? { flight: flights[0] } : {}),
  ...(flights.length > 1 ? { selectedFlights: flights } : {}),
})

const multiCity: Partial<SearchParams> = {
  tripType: 'multi-city',
  multiCitySegments: [
    { id: 's1', from: 'JFK', to: 'LHR', departureDate: '2030-01-01' },
    { id: 's2', from: 'LHR', to: 'CDG', departureDate: '2030-01-05' },
  ],
}

describe('draft → alert', () => {
  it('names alerts as section 9 does', () => {
    const roundTrip = { tripType: 'round-trip' as const, from: 'LHR', to: 'JFK', departureDate: '2030-01-01', returnDate: '2030-01-08' }
    expect(defaultNameForDraft(draftFor(roundTrip))).toBe('LHR ↔ JFK Round-Trip Alert')
    expect(defaultNameForDraft(draftFor(multiCity))).toBe('JFK Multi-City Route Alert')
    const flights = [roundTripOutbound().best[0]!, roundTripReturn().best[0]!]
    expect(defaultNameForDraft(draftFor(roundTrip, flights))).toBe('LHR → JFK Journey Alert')
    expect(draftAlertType(draftFor(roundTrip, flights))).toBe('flight')
    expect(draftAlertType(draftFor(roundTrip))).toBe('route')
  })

  it('tracks every segment with the flight number digits and local times', () => {
    const flight = itinerary([segment({ from: 'SFO', to: 'HNL', departs: '2030-02-01T08:05', arrives: '2030-02-01T10:55', minutes: 350, airline: 'UA', number: 1175 })])
    expect(trackedFlightsOf([flight])).toEqual([
      { marketing_airline: 'UA', marketing_flight_number: '1175', departure_airport_id: 'SFO', arrival_airport_id: 'HNL', departure_local_time: '2030-02-01T08:05', arrival_local_time: '2030-02-01T10:55' },
    ])
    const noCode = itinerary([segment({ from: 'LGW', to: 'BCN', departs: '2030-02-01T06:00', arrives: '2030-02-01T09:00', minutes: 120, overrides: { airline: { code: null, name: 'easyJet', logoUrl: null }, flightNumber: 'U2 8001' } })])
    expect(trackedFlightsOf([noCode])[0]).toMatchObject({ marketing_airline: 'U2', marketing_flight_number: '8001' })
  })

  it('builds the search parameters, or lists what is missing', () => {
    const built = searchParametersForDraft(draftFor(multiCity))
    expect(built.ok && built.params).toMatchObject({ type: 3, multi_city_json: expect.stringContaining('"departure_id":"JFK"') })
    expect(searchParametersForDraft(draftFor({ tripType: 'one-way', from: 'LHR', to: '', departureDate: '' }))).toEqual({
      ok: false,
      problems: ['Missing arrival airport, departure date'],
    })
  })
})
