import { describe, expect, it } from 'vitest'
import { BASE_QUERY } from '#tests/fixtures/serpapi/index.ts'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { Itinerary } from '#shared/flights/model.ts'
import { ProviderError } from '../provider.ts'
import { createSerpProvider } from '../serpapi/create-serp-provider.ts'
import { createSimulatedMarket } from './simulated-market.ts'

/**
 * SerpApi's multi-step flows on the simulated market, wired as create-flight-provider.ts wires it
 * (createSerpProvider over the market, so every answer goes through the real SerpApi mapper).
 */

const SELLER_URL = 'https://faredrop.test/api/flights/simulated-seller'
const NOW = new Date('2026-11-02T09:30:00Z')

function setup(start = NOW) {
  let now = start
  const market = createSimulatedMarket({ now: () => now, bookingUrl: SELLER_URL })
  return { market, provider: createSerpProvider(market), setNow: (d: Date) => void (now = d) }
}


const ROUND_TRIP: FlightQuery = { ...BASE_QUERY, type: 1, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2026-12-08', return_date: '2026-12-15' }
const MULTI_CITY: FlightQuery = {
  ...BASE_QUERY,
  type: 3,
  multi_city_json: JSON.stringify([
    { departure_id: 'CDG', arrival_id: 'NRT', date: '2026-12-08' },
    { departure_id: 'NRT', arrival_id: 'LAX', date: '2026-12-14' },
    { departure_id: 'LAX', arrival_id: 'JFK', date: '2026-12-20' },
  ]),
}

const all = (r: { best: Itinerary[]; other: Itinerary[] }) => [...r.best, ...r.other]
const cheapest = (list: Itinerary[]) => Math.min(...list.map((it) => it.price!))

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const err: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ProviderError)
  return err as ProviderError
}

describe('simulated market: round trip, two steps then booking options', async () => {
  const { provider } = setup()
  const step1 = await provider.search(ROUND_TRIP)
  const outbound = step1.best[0]!
  const step2 = await provider.next(ROUND_TRIP, outbound.departureToken!)
  const chosenReturn = step2.best[0]!
  const booking = await provider.bookingOptions(ROUND_TRIP, chosenReturn.bookingToken!)

  it('step 1 lists outbounds priced as whole round trips, each with a departure token and no booking token', () => {
    expect(all(step1).length).toBeGreaterThan(5)
    for (const it of all(step1)) {
      expect(it.segments[0]!.departure.airport).toBe('JFK')
      expect(it.segments.at(-1)!.arrival.airport).toBe('LHR')
      expect(it.type).toBe('Round trip')
      expect(it.priceIsTripTotal).toBe(true)
      expect(it.departureToken).toEqual(expect.any(String))
      expect(it.bookingToken).toBeNull()
    }
    expect(step1.priceInsights).not.toBeNull()
  })

  it('step 2 lists returns LHR→JFK on the return date, each with a booking token', () => {
    expect(all(step2).length).toBeGreaterThan(5)
    for (const it of all(step2)) {
      expect(it.segments[0]!.departure.airport).toBe('LHR')
      expect(it.segments[0]!.departure.time.slice(0, 10)).toBe('2026-12-15')
      expect(it.segments.at(-1)!.arrival.airport).toBe('JFK')
      expect(it.bookingToken).toEqual(expect.any(String))
      expect(it.departureToken).toBeNull()
    }
  })

  it('prices an outbound at step 1 exactly as the cheapest round trip listed for it at step 2', () => {
    expect(cheapest(all(step2))).toBe(outbound.price)
  })

  it('costs more than a one way but less than two one ways bought separately', async () => {
    const out = await provider.search({ ...ROUND_TRIP, type: 2 })
    const back = await provider.search({ ...ROUND_TRIP, type: 2, departure_id: 'LHR', arrival_id: 'JFK', outbound_date: '2026-12-15' })
    const roundTrip = cheapest(all(step1))
    expect(roundTrip).toBeGreaterThan(cheapest(all(out)))
    expect(roundTrip).toBeLessThan(cheapest(all(out)) + cheapest(all(back)))
  })

  it('booking options repeat both chosen flights and list the airline at the listed price plus agencies', () => {
    expect(booking.selectedFlights.map((it) => it.id)).toEqual([outbound.id, chosenReturn.id])
    const together = booking.bookingOptions.filter((o) => o.together).map((o) => o.together!)
    const airline = together.filter((d) => d.isAirline)
    const agencies = together.filter((d) => !d.isAirline && d.request !== null)
    expect(airline).toHaveLength(1)
    expect(airline[0]!.price).toBe(chosenReturn.price)
    expect(agencies.length).toBeGreaterThanOrEqual(2)
    expect(new Set(together.map((d) => d.bookWith)).size).toBe(together.length)
    for (const agency of agencies) {
      expect(Math.abs(agency.price! - chosenReturn.price!)).toBeLessThanOrEqual(Math.ceil(0.06 * chosenReturn.price!))
    }
    const flightNumbers = [...booking.selectedFlights.flatMap((it) => it.segments.map((s) => s.flightNumber))]
    for (const d of [...airline, ...agencies]) {
      expect(d.marketedAs).toEqual(flightNumbers)
      expect(d.request?.url).toBe(SELLER_URL)
      expect(d.request?.postData).toMatch(/^u=[A-Za-z0-9_-]+$/)
      expect(d.optionTitle).toEqual(expect.any(String))
    }
  })

  it('tells the baggage prices, in the requested currency', () => {
    expect(booking.baggagePrices.together).toEqual(expect.arrayContaining([expect.stringMatching(/^1st checked bag: \d+ USD$/)]))
    for (const option of booking.bookingOptions) {
      const detail = option.together ?? option.departing
      if (detail?.isAirline) expect(detail.baggage.length).toBeGreaterThan(0)
    }
  })
})

describe('simulated market: multi-city with three legs, step by step', () => {
  it('lists each leg in turn, keeps the trip price consistent across steps, and ends with booking options', async () => {
    const { provider } = setup()
    const legs = [
      ['CDG', 'NRT', '2026-12-08'],
      ['NRT', 'LAX', '2026-12-14'],
      ['LAX', 'JFK', '2026-12-20'],
    ] as const
    let step = await provider.search(MULTI_CITY)
    let listedPrice: number | null = null
    for (let i = 0; i < legs.length; i++) {
      const [from, to, date] = legs[i]!
      const options = all(step)
      expect(options.length).toBeGreaterThan(3)
      for (const it of options) {
        expect(it.segments[0]!.departure.airport).toBe(from)
        expect(it.segments[0]!.departure.time.slice(0, 10)).toBe(date)
        expect(it.segments.at(-1)!.arrival.airport).toBe(to)
        expect(it.type).toBe('Multi-city')
        expect(it.priceIsTripTotal).toBe(true)
        expect(it.departureToken !== null).toBe(i < legs.length - 1)
        expect(it.bookingToken !== null).toBe(i === legs.length - 1)
      }
      // The option chosen at the previous step was priced as the cheapest trip that starts with it.
      if (listedPrice !== null) expect(cheapest(options)).toBe(listedPrice)
      const chosen = step.best[0]!
      listedPrice = chosen.price
      if (i < legs.length - 1) step = await provider.next(MULTI_CITY, chosen.departureToken!)
      else {
        const booking = await provider.bookingOptions(MULTI_CITY, chosen.bookingToken!)
        expect(booking.selectedFlights.map((it) => it.segments[0]!.departure.airport)).toEqual(['CDG', 'NRT', 'LAX'])
        const airline = booking.bookingOptions.find((o) => o.together?.isAirline)?.together
        expect(airline?.price).toBe(chosen.price)
        expect(booking.bookingOptions.filter((o) => o.together && !o.together.isAirline).length).toBeGreaterThanOrEqual(2)
      }
    }
  })
})

describe('simulated market: tokens', () => {
  it('refuses a token that was tampered with', async () => {
    const { provider } = setup()
    const token = (await provider.search(ROUND_TRIP)).best[0]!.departureToken!
    const [seed, flights] = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as [string, string[][]]
    flights[0]![5] = String(Number(flights[0]![5]) + 2)
    const forged = Buffer.from(JSON.stringify([seed, flights])).toString('base64')
    expect((await rejection(provider.next(ROUND_TRIP, forged))).code).toBe('bad_request')
    expect((await rejection(provider.next(ROUND_TRIP, 'not-a-token!'))).code).toBe('bad_request')
  })

  it('refuses a departure token from another search', async () => {
    const { provider } = setup()
    const token = (await provider.search(ROUND_TRIP)).best[0]!.departureToken!
    const other = { ...ROUND_TRIP, departure_id: 'BOS' }
    expect((await rejection(provider.next(other, token))).code).toBe('bad_request')
    expect((await rejection(provider.next({ ...ROUND_TRIP, travel_class: 3 }, token))).code).toBe('bad_request')
  })

  it('refuses a departure token used as a booking token', async () => {
    const { provider } = setup()
    const token = (await provider.search(ROUND_TRIP)).best[0]!.departureToken!
    expect((await rejection(provider.bookingOptions(ROUND_TRIP, token))).code).toBe('bad_request')
  })

  it('expires a token once its first flight has left, by the injected clock', async () => {
    const { provider, setNow } = setup()
    const outbound = (await provider.search(ROUND_TRIP)).best[0]!
    setNow(new Date('2026-12-09T12:00:00Z'))
    const err = await rejection(provider.next(ROUND_TRIP, outbound.departureToken!))
    expect(err.code).toBe('token_expired')
    expect(err.options.status).toBe(410)
  })
})
