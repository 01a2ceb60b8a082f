import { describe, expect, it } from 'vitest'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import { dedupeKey, noticeChannels, noticePayload } from './notification-payload.ts'
import { alertSearchUrl } from './search-page-url.ts'

const all = { email: true, sms: true, whatsapp: true, push: true }

describe('notice channels', () => {
  it('uses only channels the user switched on and the plan includes', () => {
    expect(noticeChannels(all, 'free')).toEqual(['email'])
    expect(noticeChannels(all, 'premium')).toEqual(['email', 'whatsapp'])
    expect(noticeChannels(all, 'elite')).toEqual(['email', 'whatsapp', 'sms', 'push'])
    expect(noticeChannels({ ...all, email: false, whatsapp: false }, 'premium')).toEqual([])
    expect(dedupeKey('a1', 'obs9', 'sms')).toBe('a1:obs9:sms')
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
        flights: [{ airline: 'BA', flight_number: '117', departure_airport: 'JFK', arrival_airport: 'LHR', departure_time: 't', arrival_time: 't' }],
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
      bookingUrl: null,
    })
    expect(payload.searchUrl).toBe(
      'https://faredrop.example/search?trip=round-trip&from=JFK&to=LHR&depart=2027-03-01&return=2027-03-08&class=economy&adults=1&sort=2&max_price=900',
    )
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
    expect(payload).toMatchObject({ route: 'Multi-city route', dropPercent: null, itinerarySummary: null })
    expect(alertSearchUrl('http://localhost:3000', multi)).toBe(
      'http://localhost:3000/search?trip=multi-city&legs=JFK-LHR-2027-03-01_LHR-CDG-2027-03-05&class=economy&adults=1&sort=2&leg_times=6-10-0-23_0-23-0-23',
    )
  })
})
