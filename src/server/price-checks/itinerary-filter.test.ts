import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ItineraryFilter } from '../alerts/search-key.ts'
import type { ObservedFlight, ObservedItinerary } from '../db/schema.ts'
import { itineraryMatcher, narrowAnswer } from './itinerary-filter.ts'
import { cheapestWithin } from './observed-itinerary.ts'

const flight = (airline: string, departs: string, arrives: string): ObservedFlight => ({
  airline,
  flight_number: '1',
  departure_airport: 'JFK',
  arrival_airport: 'LAX',
  departure_time: `2027-03-01T${departs}`,
  arrival_time: `2027-03-01T${arrives}`,
})
const itinerary = (id: string, price: number, flights: ObservedFlight[]): ObservedItinerary => ({ id, price, flights, stops: flights.length - 1, total_duration: 400 })

describe('itinerary filters', () => {
  const nonstopAA = itinerary('a', 300, [flight('AA', '07:15', '10:40')])
  const viaBA = itinerary('b', 250, [flight('BA', '18:05', '23:10'), flight('AA', '23:59', '05:30')])
  const twoStopsDL = itinerary('c', 200, [flight('DL', '05:00', '06:00'), flight('DL', '07:00', '08:00'), flight('DL', '09:00', '11:00')])
  const matches = (filter: ItineraryFilter) => [nonstopAA, viaBA, twoStopsDL].filter(itineraryMatcher(filter)).map((it) => it.id)

  it('reads stops as SerpApi does: 1 nonstop, 2 at most one stop, 3 at most two', () => {
    expect(matches({ stops: 1 })).toEqual(['a'])
    expect(matches({ stops: 2 })).toEqual(['a', 'b'])
    expect(matches({ stops: 3 })).toEqual(['a', 'b', 'c'])
    expect(matches({})).toEqual(['a', 'b', 'c'])
  })

  it('wants every flight by an included airline (alliances expanded) and none by an excluded one', () => {
    expect(matches({ includeAirlines: ['AA'] })).toEqual(['a'])
    expect(matches({ includeAirlines: ['ONEWORLD'] })).toEqual(['a', 'b'])
    expect(matches({ includeAirlines: ['SKYTEAM'] })).toEqual(['c'])
    expect(matches({ excludeAirlines: ['AA'] })).toEqual(['c'])
    expect(matches({ excludeAirlines: ['SKYTEAM'] })).toEqual(['a', 'b'])
  })

  it('reads a window on the first departure hour and the last arrival hour, over midnight when it wraps', () => {
    expect(matches({ times: [6, 11, 0, 23] })).toEqual(['a'])
    expect(matches({ times: [18, 23, 0, 23] })).toEqual(['b'])
    expect(matches({ times: [0, 23, 5, 6] })).toEqual(['b'])
    expect(matches({ times: [22, 5, 0, 23] })).toEqual(['c'])
    expect(matches({ times: [0, 23, 10, 11] })).toEqual(['a', 'c'])
  })

  it('proves a narrower answer only from a complete list, or from a match when the list may be cut short', () => {
    const list = [twoStopsDL, viaBA, nonstopAA]
    expect(narrowAnswer(list, { stops: 1 }, true)?.map((it) => it.id)).toEqual(['a'])
    expect(narrowAnswer(list, { stops: 1 }, false)?.map((it) => it.id)).toEqual(['a'])
    expect(narrowAnswer(list, { includeAirlines: ['LH'] }, true)).toEqual([])
    expect(narrowAnswer(list, { includeAirlines: ['LH'] }, false)).toBeNull()
  })
})

// Random answers: sorted by price, as the engine asks; a flight is (airline, departure hour, arrival hour).
const AIRLINES = ['AA', 'BA', 'DL', 'LH', 'UA', 'AF', 'B6', 'FR']
const arbFlight = fc.record({ airline: fc.constantFrom(...AIRLINES), dep: fc.integer({ min: 0, max: 23 }), arr: fc.integer({ min: 0, max: 23 }) })
const hh = (h: number) => `${String(h).padStart(2, '0')}:30`
const arbAnswer = fc
  .array(fc.record({ price: fc.integer({ min: 50, max: 900 }), flights: fc.array(arbFlight, { minLength: 1, maxLength: 3 }) }), { maxLength: 25 })
  .map((list) =>
    list
      .map((x, i) => itinerary(`i${i}`, x.price, x.flights.map((f) => flight(f.airline, hh(f.dep), hh(f.arr)))))
      .sort((a, b) => a.price - b.price),
  )
const arbWindow = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }))
const arbFilter: fc.Arbitrary<ItineraryFilter> = fc.record(
  {
    stops: fc.constantFrom(1 as const, 2 as const, 3 as const),
    includeAirlines: fc.subarray([...AIRLINES, 'ONEWORLD', 'SKYTEAM', 'STAR_ALLIANCE'], { minLength: 1 }),
    times: arbWindow,
  },
  { requiredKeys: [] },
)

describe('narrower answers (properties)', () => {
  it('from a complete answer: exactly the matching itineraries, in the same order', () => {
    fc.assert(
      fc.property(arbAnswer, arbFilter, (answer, filter) => {
        const matches = itineraryMatcher(filter)
        expect(narrowAnswer(answer, filter, true)).toEqual(answer.filter(matches))
      }),
    )
  })

  it('from an answer cut short after any itinerary: when it proves an answer, the cheapest (under any ceiling) is the one of the full list', () => {
    fc.assert(
      fc.property(arbAnswer, arbFilter, fc.nat(), fc.option(fc.integer({ min: 50, max: 900 }), { nil: undefined }), (full, filter, cut, maxPrice) => {
        const listed = full.slice(0, full.length === 0 ? 0 : cut % (full.length + 1))
        const proven = narrowAnswer(listed, filter, false)
        const truth = full.filter(itineraryMatcher(filter))
        if (proven === null) {
          // No proof only when nothing listed matches.
          expect(listed.some(itineraryMatcher(filter))).toBe(false)
          return
        }
        expect(cheapestWithin(proven, maxPrice)?.price).toBe(cheapestWithin(truth, maxPrice)?.price)
      }),
    )
  })
})
