import { describe, expect, it } from 'vitest'
import { BASE_QUERY } from '#tests/fixtures/serpapi/index.ts'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import { ProviderError } from '../provider.ts'
import { createSerpProvider } from '../serpapi/create-serp-provider.ts'
import { SERP_NO_RESULTS, type SerpFlightsResponse, type SerpItinerary, type SerpQuery } from '../serpapi/serp-types.ts'
import { createSimulatedMarket, type FailureSettings } from './simulated-market.ts'

/** "No results" answers, bad requests and the failure-injection modes. */

const NOW = new Date('2026-11-02T09:30:00Z')
const DATE = '2026-12-08'
const market = (failures?: FailureSettings, now: Date = NOW) =>
  createSimulatedMarket({ now: () => now, bookingUrl: 'https://faredrop.test/api/flights/simulated-seller', ...(failures ? { failures } : {}) })
const oneWay = (from: string, to: string, extra: SerpQuery = {}): SerpQuery => ({ type: 2, departure_id: from, arrival_id: to, outbound_date: DATE, ...extra })
const listed = (r: SerpFlightsResponse): SerpItinerary[] => [...(r.best_flights ?? []), ...(r.other_flights ?? [])]
const QUERY: FlightQuery = { ...BASE_QUERY, type: 2, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DATE }

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  )
}
async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await rejection(promise)
  expect(err).toBeInstanceOf(ProviderError)
  return err as ProviderError
}
const expectNoResults = (r: SerpFlightsResponse) => {
  expect(r.error).toBe(SERP_NO_RESULTS)
  expect(r.search_metadata?.status).toBe('Success')
  expect(listed(r)).toEqual([])
}

describe('simulated market: searches that find nothing', () => {
  it('answers an unknown airport with SerpApi’s "no results" (HTTP 200 shape), not a throw', async () => {
    expectNoResults(await market().fetch(oneWay('JFK', 'QQQ')))
    expectNoResults(await market().fetch(oneWay('ZZZ', 'LHR')))
  })

  it('maps "no results" to an empty list through the SerpApi provider', async () => {
    const result = await createSerpProvider(market()).search({ ...QUERY, arrival_id: 'QQQ' })
    expect(result).toEqual({ best: [], other: [], priceInsights: null })
  })

  it('ignores unknown codes in a comma list as long as one airport is known', async () => {
    const r = await market().fetch(oneWay('JFK', 'QQQ,LHR'))
    expect(listed(r).length).toBeGreaterThan(0)
    for (const it of listed(r)) expect(it.flights.at(-1)!.arrival_airport.id).toBe('LHR')
  })

  it('finds nothing for a date in the past or a return before the outbound', async () => {
    expectNoResults(await market().fetch(oneWay('JFK', 'LHR', { outbound_date: '2026-11-01' })))
    expectNoResults(await market().fetch({ type: 1, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DATE, return_date: '2026-12-01' }))
  })

  it('finds nothing under a max_price below every fare', async () => {
    expectNoResults(await market().fetch(oneWay('JFK', 'LHR', { max_price: 50 })))
  })

  it('rejects malformed queries as SerpApi does, with a 400 bad_request', async () => {
    for (const q of [oneWay('JFK', 'LHR', { outbound_date: '2026-02-30' }), oneWay('JFK', 'LHR', { travel_class: 7 }), oneWay('JFK', 'LHR', { adults: 0 })]) {
      const err = await providerError(market().fetch(q))
      expect(err.code).toBe('bad_request')
      expect(err.options.status).toBe(400)
    }
  })

  it('does not list flights that have already departed today', async () => {
    const date = { outbound_date: '2026-11-02' }
    const morning = listed(await market(undefined, new Date('2026-11-02T05:00:00Z')).fetch(oneWay('LHR', 'CDG', date)))
    const evening = new Date('2026-11-02T17:00:00Z') // 17:00 in London (GMT in November)
    const later = listed(await market(undefined, evening).fetch(oneWay('LHR', 'CDG', date)))
    expect(morning.filter((it) => it.flights[0]!.departure_airport.time < '2026-11-02 17:00').length).toBeGreaterThan(0)
    expect(later.length).toBeGreaterThan(0)
    // Nothing that has left, nor anything leaving within the hour: sales close 60 minutes before departure.
    for (const it of later) expect(it.flights[0]!.departure_airport.time >= '2026-11-02 18:00').toBe(true)
    // Once the day's last flight is gone, the day finds nothing.
    expectNoResults(await market(undefined, new Date('2026-11-02T22:00:00Z')).fetch(oneWay('LHR', 'CDG', date)))
  })

  it('stops listing a flight exactly 60 minutes before it leaves, and a listed one can still be booked', async () => {
    const date = { outbound_date: '2026-11-02' }
    const first = listed(await market(undefined, new Date('2026-11-02T17:00:00Z')).fetch(oneWay('LHR', 'CDG', date)))
      .map((it) => ({ it, leaves: Date.parse(`${it.flights[0]!.departure_airport.time.replace(' ', 'T')}:00Z`) }))
      .sort((a, b) => a.leaves - b.leaves)[0]!
    const numbers = (r: SerpFlightsResponse) => listed(r).map((it) => it.flights[0]!.flight_number)
    const atHourBefore = market(undefined, new Date(first.leaves - 60 * 60_000))
    expect(numbers(await atHourBefore.fetch(oneWay('LHR', 'CDG', date)))).toContain(first.it.flights[0]!.flight_number)
    const booking = await atHourBefore.fetch(oneWay('LHR', 'CDG', { ...date, booking_token: first.it.booking_token! }))
    expect(booking.selected_flights).toHaveLength(1)
    const aMinuteLater = await market(undefined, new Date(first.leaves - 59 * 60_000)).fetch(oneWay('LHR', 'CDG', date))
    expect(numbers(aMinuteLater)).not.toContain(first.it.flights[0]!.flight_number)
  })
})

describe('simulated market: "today" is the date at the origin airport', () => {
  it('west of UTC: late on 2 Nov in New York (3 Nov in UTC) still lists that evening’s JFK departures', async () => {
    const lateInNewYork = new Date('2026-11-03T02:00:00Z') // 21:00 on 2 Nov (EST)
    const found = listed(await market(undefined, lateInNewYork).fetch(oneWay('JFK', 'LHR', { outbound_date: '2026-11-02' })))
    expect(found.length).toBeGreaterThan(0)
    for (const it of found) {
      expect(it.flights[0]!.departure_airport.time.slice(0, 10)).toBe('2026-11-02')
      expect(it.flights[0]!.departure_airport.time >= '2026-11-02 22:00').toBe(true) // an hour from now
    }
    expectNoResults(await market(undefined, lateInNewYork).fetch(oneWay('JFK', 'LHR', { outbound_date: '2026-11-01' })))
  })

  it('east of UTC: early on 3 Nov in Sydney (still 2 Nov in UTC) finds nothing on the 2nd and lists the 3rd', async () => {
    const morningInSydney = new Date('2026-11-02T20:00:00Z') // 07:00 on 3 Nov (AEDT)
    expectNoResults(await market(undefined, morningInSydney).fetch(oneWay('SYD', 'MEL', { outbound_date: '2026-11-02' })))
    const found = listed(await market(undefined, morningInSydney).fetch(oneWay('SYD', 'MEL', { outbound_date: '2026-11-03' })))
    expect(found.length).toBeGreaterThan(0)
    for (const it of found) expect(it.flights[0]!.departure_airport.time >= '2026-11-03 08:00').toBe(true)
  })
})

describe('simulated market: failure injection', () => {
  it('"no-results" answers every search with SerpApi’s no-results text', async () => {
    const r = await market({ mode: 'no-results' }).fetch(oneWay('JFK', 'LHR'))
    expectNoResults(r)
    expect(r.price_insights).toBeUndefined()
  })

  it('"error" fails with a retryable upstream error (HTTP 500)', async () => {
    const err = await providerError(createSerpProvider(market({ mode: 'error' })).search(QUERY))
    expect(err.code).toBe('upstream')
    expect(err.options.status).toBe(500)
    expect(err.retryable).toBe(true)
  })

  it('"rate-limited" fails like a SerpApi 429 and says when to retry', async () => {
    const err = await providerError(market({ mode: 'rate-limited' }).fetch(oneWay('JFK', 'LHR')))
    expect(err.code).toBe('rate_limited')
    expect(err.options.status).toBe(429)
    expect(err.options.retryAfterMs).toBe(60_000)
    expect(err.retryable).toBe(true)
  })

  it('"missing-price" leaves the price off some itineraries but keeps the others and the lowest price', async () => {
    const normal = await market().fetch(oneWay('JFK', 'LHR'))
    const r = await market({ mode: 'missing-price' }).fetch(oneWay('JFK', 'LHR'))
    const withoutPrice = listed(r).filter((it) => it.price === undefined)
    expect(withoutPrice.length).toBeGreaterThan(0)
    expect(withoutPrice.length).toBeLessThan(listed(r).length)
    expect(r.price_insights?.lowest_price).toBe(normal.price_insights?.lowest_price)
    const mapped = await createSerpProvider(market({ mode: 'missing-price' })).search(QUERY)
    const all = [...mapped.best, ...mapped.other]
    expect(all.filter((it) => it.price === null)).toHaveLength(withoutPrice.length)
    for (const it of all) expect(it.bookingToken).toEqual(expect.any(String))
  })

  it('"slow" with a short delay still answers normally', async () => {
    const r = await market({ mode: 'slow', delayMs: 5 }).fetch(oneWay('JFK', 'LHR'))
    expect(r).toEqual(await market().fetch(oneWay('JFK', 'LHR')))
  })

  it('"slow" gives up when the caller aborts, with the caller’s reason', async () => {
    const controller = new AbortController()
    const pending = market({ mode: 'slow', delayMs: 60_000 }).fetch(oneWay('JFK', 'LHR'), { signal: controller.signal })
    const reason = new Error('user went away')
    controller.abort(reason)
    expect(await rejection(pending)).toBe(reason)
  })

  it('"slow" turns a caller’s deadline into a retryable timeout error', async () => {
    const controller = new AbortController()
    const pending = market({ mode: 'slow', delayMs: 60_000 }).fetch(oneWay('JFK', 'LHR'), { signal: controller.signal })
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'))
    const err = await providerError(pending)
    expect(err.code).toBe('timeout')
    expect(err.retryable).toBe(true)
  })

  it('refuses at once a call whose signal is already aborted, in any mode', async () => {
    const reason = new Error('cancelled')
    expect(await rejection(market().fetch(oneWay('JFK', 'LHR'), { signal: AbortSignal.abort(reason) }))).toBe(reason)
  })

  it('switches modes at runtime with setFailureMode', async () => {
    const m = market()
    expect(m.failures).toEqual({ mode: 'none' })
    m.setFailureMode('rate-limited')
    expect((await providerError(m.fetch(oneWay('JFK', 'LHR')))).code).toBe('rate_limited')
    m.setFailureMode('slow', 10)
    expect(m.failures).toEqual({ mode: 'slow', delayMs: 10 })
    m.setFailureMode('none')
    expect(listed(await m.fetch(oneWay('JFK', 'LHR'))).length).toBeGreaterThan(0)
  })
})
