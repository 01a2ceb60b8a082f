import { describe, expect, it } from 'vitest'
import { alertLegs, alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { FlightSegment, Itinerary } from '#shared/flights/model.ts'
import { decodePick, segmentPick } from '#shared/flights/search-url.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import type { ObservedFlight } from '../db/schema.ts'
import type { ProviderSearchResult } from '../flights/providers/provider.ts'
import { noticeChannels, noticePayload } from './notification-payload.ts'
import { observedItineraries } from './observed-itinerary.ts'
import { alertFareUrl, alertSearchUrl, noticePick } from './search-page-url.ts'

/** A flight as observations keep it: "BA117 JFK-LHR 2027-03-01T18:30". */
function flight(text: string): ObservedFlight {
  const [, airline, number, from, to, time] = /^([A-Z0-9]{2})(\d+) ([A-Z]{3})-([A-Z]{3}) (\S+)$/.exec(text)!
  return { airline: airline!, flight_number: number!, departure_airport: from!, arrival_airport: to!, departure_time: time!, arrival_time: time! }
}

const all = { email: true, sms: true, whatsapp: true, push: true }

describe('notice channels', () => {
  it('uses only channels the user switched on and the plan includes', () => {
    expect(noticeChannels(all, 'free')).toEqual(['email'])
    expect(noticeChannels(all, 'premium')).toEqual(['email', 'whatsapp'])
    expect(noticeChannels(all, 'elite')).toEqual(['email', 'whatsapp', 'sms', 'push'])
    expect(noticeChannels({ ...all, email: false, whatsapp: false }, 'premium')).toEqual([])
  })
})

describe('notice payload', () => {
  const params = alertSearchParamsSchema.parse({
    type: 1,
    departure_id: 'JFK',
    arrival_id: 'LHR',
    outbound_date: '2027-03-01',
    return_date: '2027-03-08',
    sort_by: 1,
    max_price: 900,
  })
  const alert = {
    id: 'a1',
    name: 'NYC ↔ London',
    searchParameters: params,
    originAirport: 'JFK',
    destinationAirport: 'LHR',
    departureDate: '2027-03-01',
    returnDate: '2027-03-08',
    targetPrice: 500,
    currency: 'USD',
  } as AlertRow

  it('carries route, dates, price, drop, itinerary, links and recent history', () => {
    const history = Array.from({ length: 25 }, (_, i) => ({ price: 600 - i, recordedAt: new Date(Date.UTC(2027, 0, 1, i)) }))
    const payload = noticePayload({
      alert,
      price: 430,
      itinerary: {
        id: 'x',
        price: 430,
        stops: 0,
        total_duration: 430,
        flights: [flight('BA117 JFK-LHR 2027-03-01T18:30')],
      },
      history,
      publicUrl: 'https://faredrop.example',
    })
    expect(payload).toMatchObject({
      alertName: 'NYC ↔ London',
      route: 'JFK → LHR',
      departureDate: '2027-03-01',
      returnDate: '2027-03-08',
      price: 430,
      targetPrice: 500,
      currency: 'USD',
      dropPercent: 14,
      itinerarySummary: 'BA 117 · nonstop · 7h 10m',
    })
    expect(payload.searchUrl).toBe(
      'https://faredrop.example/search?trip=round-trip&from=JFK&to=LHR&depart=2027-03-01&return=2027-03-08&class=economy&adults=1&sort=2&max_price=900',
    )
    // A tapped push notice opens the alert itself.
    expect(payload.alertUrl).toBe(`https://faredrop.example/alerts?alert=${encodeURIComponent(alert.id)}`)
    // A round-trip route alert's price names its outbound: the link chooses it and leaves the return open.
    expect(payload.bookingUrl).toBe(`${payload.searchUrl}&pick=BA117.2027-03-01`)
    expect(payload.history).toHaveLength(20)
    expect(payload.history[0]).toEqual({ price: 595, recordedAt: '2027-01-01T05:00:00.000Z' })
  })

  it('names a multi-city trip as such and links its legs', () => {
    const legs = [
      { departure_id: 'JFK', arrival_id: 'LHR', date: '2027-03-01', times: '6,10' },
      { departure_id: 'LHR', arrival_id: 'CDG', date: '2027-03-05' },
    ]
    const multi = alertSearchParamsSchema.parse({ type: 3, multi_city_json: JSON.stringify(legs) })
    const payload = noticePayload({ alert: { ...alert, searchParameters: multi }, price: 600, itinerary: { id: 'x', price: 600, stops: 0, total_duration: 0, flights: [] }, history: [], publicUrl: 'http://localhost:3000' })
    expect(payload).toMatchObject({ route: 'Multi-city route', dropPercent: null, itinerarySummary: null, bookingUrl: null })
    expect(alertSearchUrl('http://localhost:3000', multi)).toBe(
      'http://localhost:3000/search?trip=multi-city&legs=JFK-LHR-2027-03-01_LHR-CDG-2027-03-05&class=economy&adults=1&sort=2&leg_times=6-10-0-23_0-23-0-23',
    )
  })
})

describe('"Book this fare" link', () => {
  const roundTrip = alertSearchParamsSchema.parse({ type: 1, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2027-03-01', return_date: '2027-03-08' })
  const base = alertSearchUrl('https://faredrop.example', roundTrip)

  it('names a flight alert\'s whole tracked round trip, outbound and return as two steps', () => {
    const flights = ['BA117 JFK-LHR 2027-03-01T18:30', 'BA112 LHR-JFK 2027-03-08T09:10'].map(flight)
    expect(alertFareUrl('https://faredrop.example', roundTrip, { flights })).toBe(`${base}&pick=BA117.2027-03-01~BA112.2027-03-08`)
  })

  it('keeps connections in their step, overnight ones and same-day returns included', () => {
    const connections = ['EI104 JFK-DUB 2027-03-01T22:00', 'EI152 DUB-LHR 2027-03-02T11:00', 'BA173 LHR-JFK 2027-03-08T08:00'].map(flight)
    expect(noticePick(connections, alertLegs(roundTrip)).map((step) => step.map((f) => f.number))).toEqual([['104', '152'], ['173']])

    const dayTrip = alertSearchParamsSchema.parse({ type: 1, departure_id: 'JFK', arrival_id: 'BOS', outbound_date: '2027-03-01', return_date: '2027-03-01' })
    const flights = ['AA1 JFK-PHL 2027-03-01T06:00', 'AA2 PHL-BOS 2027-03-01T08:00', 'AA3 BOS-JFK 2027-03-01T19:00'].map(flight)
    expect(noticePick(flights, alertLegs(dayTrip)).map((step) => step.length)).toEqual([2, 1])
  })

  it('splits multi-city legs by their airports, city lists included', () => {
    const legs = [
      { departure_id: 'JFK', arrival_id: 'LHR,LGW', date: '2027-03-01' },
      { departure_id: 'LHR,LGW', arrival_id: 'CDG', date: '2027-03-05' },
    ]
    const multi = alertSearchParamsSchema.parse({ type: 3, multi_city_json: JSON.stringify(legs) })
    const flights = ['DL1 JFK-LGW 2027-03-01T19:00', 'BA304 LGW-CDG 2027-03-05T07:15'].map(flight)
    const url = alertFareUrl('http://localhost:3000', multi, { flights })!
    expect(url).toBe(`${alertSearchUrl('http://localhost:3000', multi)}&pick=DL1.2027-03-01~BA304.2027-03-05`)
    expect(decodePick(url.split('?')[1]!)).toHaveLength(2)
  })

  it('is null without flights, and never more steps than the trip has', () => {
    expect(alertFareUrl('http://localhost:3000', roundTrip, { flights: [] })).toBeNull()
    const oneWay = alertSearchParamsSchema.parse({ type: 2, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2027-03-01' })
    const flights = ['BA117 JFK-LHR 2027-03-01T18:30', 'BA112 LHR-JFK 2027-03-01T22:10'].map(flight)
    expect(alertFareUrl('http://localhost:3000', oneWay, { flights })).toMatch(/&pick=BA117\.2027-03-01,BA112\.2027-03-01$/)
  })

  it('names flights exactly as the search page reads them from its results', () => {
    const segment = (flightNumber: string, code: string | null, time: string): FlightSegment =>
      ({
        flightNumber,
        airline: { code, name: 'x', logoUrl: null },
        departure: { airport: 'JFK', name: 'x', time },
        arrival: { airport: 'LHR', name: 'x', time },
      }) as FlightSegment
    const itinerary = {
      id: 'x',
      price: 400,
      segments: [segment('BA 0117', 'BA', '2027-03-01T18:30'), segment('ei 104A', null, '2027-03-02T06:00')],
      stops: 1,
      durationMinutes: 600,
      bookingToken: null,
      departureToken: null,
    } as unknown as Itinerary
    const [observed] = observedItineraries({ best: [itinerary], other: [] } as unknown as ProviderSearchResult)
    expect(noticePick(observed!.flights, [])).toEqual([itinerary.segments.map(segmentPick)])
  })
})
