import { describe, expect, it } from 'vitest'
import type { TrackedFlight } from '#shared/alerts/alert.ts'
import type { Itinerary } from '#shared/flights/model.ts'
import type { ObservedFlight, ObservedItinerary } from '../db/schema.ts'
import { cheapestWithin, flightNumberDigits, itinerarySummary, matchTrackedStep, observedItineraries } from './observed-itinerary.ts'

const flight = (airline: string, number: string, from: string, to: string, time: string): ObservedFlight => ({
  airline,
  flight_number: number,
  departure_airport: from,
  arrival_airport: to,
  departure_time: time,
  arrival_time: time,
})
const itinerary = (price: number, flights: ObservedFlight[]): ObservedItinerary => ({ id: `${price}`, price, flights, stops: flights.length - 1, total_duration: 430 })
const tracked = (airline: string, number: string, from: string, to: string, time: string): TrackedFlight => ({
  marketing_airline: airline,
  marketing_flight_number: number,
  departure_airport_id: from,
  arrival_airport_id: to,
  departure_local_time: time,
  arrival_local_time: time,
})

describe('observed itineraries', () => {
  it('keeps priced itineraries, cheapest first, with flight numbers as digits', () => {
    const segment = (flightNumber: string) => ({
      departure: { airport: 'JFK', name: '', time: '2027-03-01T08:00' },
      arrival: { airport: 'LAX', name: '', time: '2027-03-01T11:00' },
      airline: { code: 'AA', name: 'American', logoUrl: null },
      flightNumber,
    })
    const it = (id: string, price: number | null) =>
      ({ id, price, segments: [segment('AA 0017')], stops: 0, durationMinutes: 360, bookingToken: 'b', departureToken: null }) as unknown as Itinerary
    const observed = observedItineraries({ best: [it('x', 300)], other: [it('y', null), it('z', 250)], priceInsights: null })
    expect(observed.map((o) => o.id)).toEqual(['z', 'x'])
    expect(observed[0]).toEqual({
      id: 'z',
      price: 250,
      flights: [flight('AA', '17', 'JFK', 'LAX', '2027-03-01T08:00')].map((f) => ({ ...f, arrival_time: '2027-03-01T11:00' })),
      stops: 0,
      total_duration: 360,
      booking_token: 'b',
    })
    expect(flightNumberDigits('BA 117')).toBe('117')
    expect(flightNumberDigits('U2 8001A')).toBe('8001A')
  })

  it('gives a route alert the cheapest itinerary under its own ceiling', () => {
    const list = [itinerary(250, []), itinerary(199, []), itinerary(320, [])]
    expect(cheapestWithin(list, undefined)?.price).toBe(199)
    expect(cheapestWithin(list, 200)?.price).toBe(199)
    expect(cheapestWithin(list, 150)).toBeNull()
    expect(cheapestWithin([], undefined)).toBeNull()
  })

  it('matches tracked flights by carrier, number, airports and local departure time, step by step', () => {
    const out = [flight('AA', '1', 'JFK', 'ORD', '2027-03-01T08:00'), flight('AA', '22', 'ORD', 'LAX', '2027-03-01T12:00')]
    const back = [flight('AA', '3', 'LAX', 'JFK', '2027-03-08T09:00')]
    const trackedTrip = [
      tracked('AA', '1', 'JFK', 'ORD', '2027-03-01T08:00'),
      tracked('aa', '022', 'ORD', 'LAX', '2027-03-01T12:00'),
      tracked('AA', '3', 'LAX', 'JFK', '2027-03-08T09:00'),
    ]
    const step1 = [itinerary(100, [out[0]!]), itinerary(300, out)]
    expect(matchTrackedStep(step1, trackedTrip, 0)?.price).toBe(300)
    expect(matchTrackedStep([itinerary(400, back)], trackedTrip, 2)?.price).toBe(400)
    // Retimed, renumbered or gone: no match.
    const retimed = [flight('AA', '1', 'JFK', 'ORD', '2027-03-01T08:05'), out[1]!]
    expect(matchTrackedStep([itinerary(300, retimed)], trackedTrip, 0)).toBeNull()
    expect(matchTrackedStep([itinerary(300, [flight('UA', '1', 'JFK', 'ORD', '2027-03-01T08:00'), out[1]!])], trackedTrip, 0)).toBeNull()
    // More flights than are left to match can't be the tracked combination.
    expect(matchTrackedStep([itinerary(300, [...out, ...back, ...back])], trackedTrip, 0)).toBeNull()
  })

  it('sums an itinerary up for a notice', () => {
    expect(itinerarySummary(itinerary(1, [flight('BA', '117', 'JFK', 'LHR', 't')]))).toBe('BA 117 · nonstop · 7h 10m')
    expect(itinerarySummary({ ...itinerary(1, [flight('AA', '1', 'a', 'b', 't'), flight('AA', '2', 'b', 'c', 't')]), total_duration: 45 })).toBe(
      'AA 1 + AA 2 · 1 stop · 45m',
    )
  })
})
