import { describe, expect, it } from 'vitest'
import type { Itinerary } from '#shared/flights/model.ts'
import { FIXTURE_QUERIES, loadSerpFixture } from '#tests/fixtures/serpapi/index.ts'
import { airlineCode, localTime, mapPriceInsights, mapSearch } from './map-search.ts'
import type { SerpItinerary } from './serp-types.ts'

const byFlight = (list: Itinerary[], flightNumber: string) => {
  const found = list.find((it) => it.segments[0]?.flightNumber === flightNumber)
  if (!found) throw new Error(`no itinerary starting with ${flightNumber}`)
  return found
}

describe('mapSearch: one way', () => {
  const result = mapSearch(loadSerpFixture('one-way-lhr-jfk'), FIXTURE_QUERIES.oneWay)

  it('keeps the best/other split and marks the best ones', () => {
    expect(result.best.map((it) => it.segments[0]?.flightNumber)).toEqual(['BA 117', 'VS 3'])
    expect(result.other.map((it) => it.segments[0]?.flightNumber)).toEqual(['EI 151', 'AA 6135', 'FI 455'])
    expect(result.best.every((it) => it.isBest)).toBe(true)
    expect(result.other.some((it) => it.isBest)).toBe(false)
  })

  it('maps a nonstop fully', () => {
    const ba = byFlight(result.best, 'BA 117')
    expect(ba).toMatchObject({
      stops: 0,
      layovers: [],
      durationMinutes: 485,
      price: 412,
      currency: 'USD',
      priceIsTripTotal: false,
      type: 'One way',
      logoUrl: 'https://www.gstatic.com/flights/airline_logos/70px/BA.png',
      emissions: { grams: 403000, typicalGrams: 421000, differencePercent: -4 },
      fareNotes: ['Checked baggage for a fee', 'Free change, possible fare difference'],
      departureToken: null,
    })
    expect(ba.bookingToken).toMatch(/^[A-Za-z0-9+/=]{100,}$/)
    expect(ba.segments).toEqual([
      {
        departure: { airport: 'LHR', name: 'Heathrow Airport', time: '2026-12-10T11:20' },
        arrival: { airport: 'JFK', name: 'John F. Kennedy International Airport', time: '2026-12-10T14:25' },
        durationMinutes: 485,
        airline: { code: 'BA', name: 'British Airways', logoUrl: 'https://www.gstatic.com/flights/airline_logos/70px/BA.png' },
        flightNumber: 'BA 117',
        aircraft: 'Boeing 777',
        cabin: 'Economy',
        legroom: '31 in',
        amenities: ['Average legroom (31 in)', 'Wi-Fi for a fee', 'On-demand video', 'Carbon emissions estimate: 402 kg'],
        overnight: false,
        oftenDelayed: false,
        alsoSoldBy: ['American'],
        operatedBy: null,
      },
    ])
  })

  it('maps connections: stops, layovers, delays and overnight stays', () => {
    const ei = byFlight(result.other, 'EI 151')
    expect(ei.stops).toBe(1)
    expect(ei.layovers).toEqual([{ airport: 'DUB', name: 'Dublin Airport', durationMinutes: 155, overnight: false }])
    expect(ei.segments.map((s) => s.oftenDelayed)).toEqual([false, true])
    expect(ei.segments.map((s) => s.airline.code)).toEqual(['EI', 'EI'])

    const fi = byFlight(result.other, 'FI 455')
    expect(fi.stops).toBe(2)
    expect(fi.layovers.map((l) => [l.airport, l.durationMinutes, l.overnight])).toEqual([
      ['KEF', 475, true],
      ['BOS', 130, false],
    ])
    expect(fi.segments.map((s) => s.airline.code)).toEqual(['FI', 'FI', 'B6'])
    expect(fi.segments.at(-1)?.arrival.time).toBe('2026-12-11T11:45')
    expect(fi.logoUrl).toMatch(/multi\.png$/)
    expect(fi.durationMinutes).toBe(1205)
  })

  it('turns a missing price into null and keeps the itinerary', () => {
    expect(byFlight(result.other, 'FI 455').price).toBeNull()
  })

  it('names the operating carrier of a codeshare', () => {
    const aa = byFlight(result.other, 'AA 6135')
    expect(aa.segments[0]).toMatchObject({ operatedBy: 'British Airways', alsoSoldBy: ['British Airways'], airline: { code: 'AA' } })
  })

  it('gives every itinerary a short, stable, distinct id', () => {
    const all = [...result.best, ...result.other]
    const again = mapSearch(loadSerpFixture('one-way-lhr-jfk'), FIXTURE_QUERIES.oneWay)
    expect(all.every((it) => /^[0-9a-f]{16}$/.test(it.id))).toBe(true)
    expect(new Set(all.map((it) => it.id)).size).toBe(all.length)
    expect([...again.best, ...again.other].map((it) => it.id)).toEqual(all.map((it) => it.id))
  })

  it('maps price insights, history oldest first', () => {
    expect(result.priceInsights).toMatchObject({ lowest_price: 356, price_level: 'low', typical_price_range: [380, 640] })
    const history = result.priceInsights?.price_history ?? []
    expect(history).toHaveLength(60)
    expect(history.every((point, i) => i === 0 || point[0] > history[i - 1]![0])).toBe(true)
    expect(history.at(-1)).toEqual([1793516400, 356])
  })
})

describe('mapSearch: round trips and multi-city', () => {
  it('round-trip step 1: outbounds priced as the trip, with departure tokens only', () => {
    const { best, other, priceInsights } = mapSearch(loadSerpFixture('round-trip-step1'), FIXTURE_QUERIES.roundTrip)
    const all = [...best, ...other]
    expect(all).toHaveLength(5)
    expect(all.every((it) => it.departureToken && it.bookingToken === null)).toBe(true)
    expect(all.every((it) => it.priceIsTripTotal && it.type === 'Round trip')).toBe(true)
    expect(byFlight(best, 'BA 117').price).toBe(689)
    expect(priceInsights?.lowest_price).toBe(598)
  })

  it('the same flights on the same date and cabin keep their id across searches; another cabin does not', () => {
    const oneWay = byFlight(mapSearch(loadSerpFixture('one-way-lhr-jfk'), FIXTURE_QUERIES.oneWay).best, 'BA 117')
    const roundTrip = byFlight(mapSearch(loadSerpFixture('round-trip-step1'), FIXTURE_QUERIES.roundTrip).best, 'BA 117')
    const business = byFlight(mapSearch(loadSerpFixture('round-trip-step1'), { ...FIXTURE_QUERIES.roundTrip, travel_class: 3 }).best, 'BA 117')
    expect(roundTrip.id).toBe(oneWay.id)
    expect(business.id).not.toBe(oneWay.id)
  })

  it('round-trip step 2: returns with booking tokens and overnight flights', () => {
    const { best, other } = mapSearch(loadSerpFixture('round-trip-step2'), FIXTURE_QUERIES.roundTrip)
    const all = [...best, ...other]
    expect(all.every((it) => it.bookingToken && it.departureToken === null)).toBe(true)
    const ba112 = byFlight(best, 'BA 112')
    expect(ba112.segments[0]).toMatchObject({ overnight: true, departure: { time: '2026-12-17T18:30' }, arrival: { time: '2026-12-18T06:35' } })
    expect(ba112.price).toBe(689)
  })

  it('multi-city leg 1 carries departure tokens, the last leg booking tokens', () => {
    const leg1 = mapSearch(loadSerpFixture('multi-city-leg1'), FIXTURE_QUERIES.multiCity)
    expect([...leg1.best, ...leg1.other].every((it) => it.departureToken && it.priceIsTripTotal && it.type === 'Multi-city')).toBe(true)
    expect(byFlight(leg1.best, 'AY 1574').layovers).toEqual([{ airport: 'HEL', name: 'Helsinki Airport', durationMinutes: 140, overnight: false }])
    expect(leg1.priceInsights).toEqual({ lowest_price: 1290, price_level: 'typical', typical_price_range: [1150, 1700], price_history: [] })

    const leg2 = mapSearch(loadSerpFixture('multi-city-leg2'), FIXTURE_QUERIES.multiCity)
    expect([...leg2.best, ...leg2.other].every((it) => it.bookingToken && !it.departureToken)).toBe(true)
    expect(leg2.priceInsights).toBeNull()
  })
})

describe('mapSearch: odd answers', () => {
  it('no results → empty lists', () => {
    expect(mapSearch(loadSerpFixture('no-results'), FIXTURE_QUERIES.oneWay)).toEqual({ best: [], other: [], priceInsights: null })
  })

  it('everything in other_flights when SerpApi does not split', () => {
    const response = loadSerpFixture('one-way-lhr-jfk')
    delete response.best_flights
    const { best, other } = mapSearch(response, FIXTURE_QUERIES.oneWay)
    expect(best).toEqual([])
    expect(other).toHaveLength(3)
  })

  it('the same flights listed twice appear once (best wins)', () => {
    const response = loadSerpFixture('one-way-lhr-jfk')
    response.other_flights!.push(structuredClone(response.best_flights![0]!))
    const { best, other } = mapSearch(response, FIXTURE_QUERIES.oneWay)
    expect(best).toHaveLength(2)
    expect(other.map((it) => it.segments[0]?.flightNumber)).not.toContain('BA 117')
  })

  it('counts stops from the segments when layovers are missing, and survives missing fields', () => {
    const response = loadSerpFixture('one-way-lhr-jfk')
    const ei = response.other_flights![0]!
    delete ei.layovers
    const bare = { flights: [{ flight_number: '1618', airline_logo: 'https://x/70px/B6.png' }], type: 'One way' } as unknown as SerpItinerary
    response.other_flights = [ei, bare]
    const [connection, minimal] = mapSearch(response, FIXTURE_QUERIES.oneWay).other
    expect(connection?.stops).toBe(1)
    expect(minimal).toMatchObject({ stops: 0, price: null, emissions: null, fareNotes: [], durationMinutes: 0, bookingToken: null })
    expect(minimal?.segments[0]).toMatchObject({ airline: { code: 'B6', name: '' }, departure: { airport: '', time: '' }, aircraft: null })
  })
})

describe('helpers', () => {
  it('localTime normalises SerpApi times', () => {
    expect(localTime('2026-12-10 11:20')).toBe('2026-12-10T11:20')
    expect(localTime('2026-12-10 9:05')).toBe('2026-12-10T09:05')
    expect(localTime('2026-12-10T23:59')).toBe('2026-12-10T23:59')
    expect(localTime(undefined)).toBe('')
  })

  it('airlineCode reads the flight number, then the logo file name', () => {
    expect(airlineCode('BA 117', null)).toBe('BA')
    expect(airlineCode('U2 8021', null)).toBe('U2')
    expect(airlineCode('3K 512', null)).toBe('3K')
    expect(airlineCode('117', 'https://www.gstatic.com/flights/airline_logos/70px/BA.png')).toBe('BA')
    expect(airlineCode('', 'https://www.gstatic.com/flights/airline_logos/70px/multi.png')).toBeNull()
    expect(airlineCode(undefined, null)).toBeNull()
  })

  it('mapPriceInsights keeps only known levels and well-formed data', () => {
    expect(mapPriceInsights(undefined)).toBeNull()
    expect(mapPriceInsights({})).toEqual({ lowest_price: null, price_level: null, typical_price_range: null, price_history: [] })
    expect(
      mapPriceInsights({
        lowest_price: 300,
        price_level: 'very high',
        typical_price_range: [200] as unknown as [number, number],
        price_history: [[20, 310], [10, 320], ['x', 1] as unknown as [number, number]],
      }),
    ).toEqual({ lowest_price: 300, price_level: null, typical_price_range: null, price_history: [[10, 320], [20, 310]] })
  })
})
