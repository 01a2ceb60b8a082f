import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeSerpApi, type FakeSerpApi, type FakeSerpRequest } from '#tests/fakes/serpapi-server.ts'
import { FIXTURE_QUERIES, loadSerpFixture } from '#tests/fixtures/serpapi/index.ts'
import { ProviderError, type SerpSource } from '../provider.ts'
import { createSerpProvider, type SerpProviderOptions } from './create-serp-provider.ts'
import { createSerpApiSource } from './serpapi-source.ts'
import type { SerpFlightsResponse } from './serp-types.ts'

const API_KEY = 'serp-test-key-0123456789'

let fake: FakeSerpApi
beforeAll(async () => {
  fake = await startFakeSerpApi()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const provider = (options?: SerpProviderOptions, timeoutMs = 2_000) =>
  createSerpProvider(createSerpApiSource({ apiKey: API_KEY, baseUrl: fake.url, timeoutMs }), options)

const has = (key: string) => (r: FakeSerpRequest) => key in r.params
const lacks = (...keys: string[]) => (r: FakeSerpRequest) => keys.every((key) => !(key in r.params))

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ProviderError)
  return err as ProviderError
}

describe('createSerpProvider over HTTP', () => {
  it('one way: sends the full query string and maps the answer', async () => {
    fake.respondWith({ fixture: 'one-way-lhr-jfk' })
    const p = provider()
    const result = await p.search({ ...FIXTURE_QUERIES.oneWay, adults: 2, stops: 1, max_price: 900, emissions: 1 })
    expect(p.id).toBe('serpapi')
    expect(fake.requests[0]?.params).toEqual({
      engine: 'google_flights',
      api_key: API_KEY,
      type: '2',
      departure_id: 'LHR',
      arrival_id: 'JFK',
      outbound_date: '2026-12-10',
      travel_class: '1',
      adults: '2',
      children: '0',
      infants_in_seat: '0',
      infants_on_lap: '0',
      sort_by: '1',
      stops: '1',
      bags: '0',
      max_price: '900',
      emissions: '1',
      currency: 'USD',
      hl: 'en',
      gl: 'us',
      deep_search: 'false',
      show_hidden: 'false',
    })
    expect(result.best).toHaveLength(2)
    expect(result.other).toHaveLength(3)
    expect(result.best[0]?.bookingToken).toBeTruthy()
    expect(result.priceInsights?.price_level).toBe('low')
  })

  it('round trip: step 2 repeats the same parameters plus the chosen departure_token', async () => {
    fake.respondWith({ fixture: 'round-trip-step1', when: lacks('departure_token') })
    fake.respondWith({ fixture: 'round-trip-step2', when: has('departure_token') })
    const p = provider()
    const outbound = await p.search(FIXTURE_QUERIES.roundTrip)
    const chosen = outbound.best[0]!
    expect(chosen.departureToken).toBeTruthy()

    const returns = await p.next(FIXTURE_QUERIES.roundTrip, chosen.departureToken!)
    expect(fake.requests).toHaveLength(2)
    expect(fake.requests[1]?.params).toEqual({ ...fake.requests[0]?.params, departure_token: chosen.departureToken })
    expect(fake.requests[1]?.params).toMatchObject({ departure_id: 'LHR', arrival_id: 'JFK', return_date: '2026-12-17' })
    expect([...returns.best, ...returns.other].every((it) => it.bookingToken && it.priceIsTripTotal)).toBe(true)
    expect(returns.best[0]?.segments[0]?.departure.airport).toBe('JFK')
  })

  it('multi-city: each departure_token call moves one leg on with the same multi_city_json', async () => {
    fake.respondWith({ fixture: 'multi-city-leg1', when: lacks('departure_token') })
    fake.respondWith({ fixture: 'multi-city-leg2', when: has('departure_token') })
    const p = provider()
    const leg1 = await p.search(FIXTURE_QUERIES.multiCity)
    const leg2 = await p.next(FIXTURE_QUERIES.multiCity, leg1.best[0]!.departureToken!)
    const [first, second] = fake.requests
    expect(first?.params).toMatchObject({ type: '3', multi_city_json: FIXTURE_QUERIES.multiCity.multi_city_json })
    expect(first?.params).not.toHaveProperty('departure_id')
    expect(second?.params).toEqual({ ...first?.params, departure_token: leg1.best[0]!.departureToken })
    expect(leg2.best[0]?.bookingToken).toBeTruthy()
    expect(leg2.best[0]?.segments[0]?.departure.airport).toBe('NRT')
  })

  it('booking options: the booking_token call carries gl, hl, currency and the passengers', async () => {
    fake.respondWith({ fixture: 'booking-options-round-trip' })
    const query = { ...FIXTURE_QUERIES.roundTrip, adults: 2, children: 1, currency: 'GBP', gl: 'uk' }
    const booking = await provider().bookingOptions(query, 'BOOKING-TOKEN')
    expect(fake.requests[0]?.params).toMatchObject({
      engine: 'google_flights',
      api_key: API_KEY,
      booking_token: 'BOOKING-TOKEN',
      gl: 'uk',
      hl: 'en',
      currency: 'GBP',
      adults: '2',
      children: '1',
      infants_in_seat: '0',
      infants_on_lap: '0',
    })
    expect(fake.requests[0]?.params).not.toHaveProperty('departure_token')
    expect(booking.selectedFlights).toHaveLength(2)
    expect(booking.bookingOptions.map((o) => o.together?.bookWith ?? o.departing?.bookWith)).toEqual([
      'British Airways',
      'Example OTA',
      'British Airways',
      'Phone-only Travel',
    ])
    expect(booking.selectedFlights[0]?.currency).toBe('GBP')
  })

  it('no results → empty lists, not an error', async () => {
    fake.respondWith({ fixture: 'no-results' })
    expect(await provider().search(FIXTURE_QUERIES.oneWay)).toEqual({ best: [], other: [], priceInsights: null })
  })

  it('price insights come from one search of the route and dates', async () => {
    fake.respondWith({ fixture: 'round-trip-step1' })
    const insights = await provider().priceInsights(FIXTURE_QUERIES.roundTrip)
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.params).toMatchObject({ type: '1', outbound_date: '2026-12-10', return_date: '2026-12-17' })
    expect(insights).toMatchObject({ lowest_price: 598, price_level: 'low', typical_price_range: [620, 980] })
  })
})

describe('createSerpProvider: failures', () => {
  it('429 → rate_limited with retryAfterMs', async () => {
    fake.respondWith({ status: 429, headers: { 'retry-after': '45' }, body: { error: 'Your searches per hour limit has been reached.' } })
    const err = await failure(provider().search(FIXTURE_QUERIES.oneWay))
    expect(err).toMatchObject({ code: 'rate_limited', options: { retryAfterMs: 45_000 } })
  })

  it('500 → upstream, and the key is not in the message', async () => {
    fake.respondWith({ status: 500, body: { error: `Internal error for api_key=${API_KEY}` } })
    const err = await failure(provider().search(FIXTURE_QUERIES.oneWay))
    expect(err.code).toBe('upstream')
    expect(err.message).not.toContain(API_KEY)
    expect(String(err.stack)).not.toContain(API_KEY)
  })

  it('timeout → timeout within the configured time', async () => {
    fake.respondWith({ fixture: 'one-way-lhr-jfk', delayMs: 5_000 })
    const started = Date.now()
    const err = await failure(provider(undefined, 200).bookingOptions(FIXTURE_QUERIES.oneWay, 'tok'))
    expect(err.code).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(1_500)
  })

  it('a SerpApi-shaped error from any source (the simulated market) fails the same way', async () => {
    const answers: SerpFlightsResponse[] = [{ search_metadata: { status: 'Error' }, error: 'Proxy timeout' }, loadSerpFixture('no-results')]
    const inMemory: SerpSource = { id: 'simulated', fetch: async () => answers.shift()! }
    const p = createSerpProvider(inMemory)
    expect(p.id).toBe('simulated')
    expect(await failure(p.search(FIXTURE_QUERIES.oneWay))).toMatchObject({ code: 'upstream', provider: 'simulated' })
    expect((await p.search(FIXTURE_QUERIES.oneWay)).best).toEqual([])
  })
})

describe('createSerpProvider: fresh calls', () => {
  it('asks SerpApi to skip its cache (no_cache) only when the caller wants a fresh answer', async () => {
    fake.respondWith({ fixture: 'round-trip-step1', when: lacks('departure_token') })
    fake.respondWith({ fixture: 'round-trip-step2', when: has('departure_token') })
    const p = provider({ retryInflatedReturns: false })
    const outbound = await p.search(FIXTURE_QUERIES.roundTrip)
    await p.search(FIXTURE_QUERIES.roundTrip, { fresh: true })
    await p.next(FIXTURE_QUERIES.roundTrip, outbound.best[0]!.departureToken!, { fresh: true })
    expect(fake.requests.map((r) => r.params.no_cache)).toEqual([undefined, 'true', 'true'])
  })
})

describe('createSerpProvider: SerpApi bug #4055 (step-2 prices ~3× step 1)', () => {
  const inflated = () => {
    const answer = loadSerpFixture('round-trip-step2')
    for (const it of [...answer.best_flights!, ...answer.other_flights!]) it.price = it.price! * 3
    return answer
  }
  const setUp = () => {
    fake.respondWith({ fixture: 'round-trip-step1', when: lacks('departure_token') })
    fake.respondWith({ fixture: 'round-trip-step2', when: (r) => has('departure_token')(r) && r.params.no_cache === 'true' })
    fake.respondWith({ body: inflated(), when: (r) => has('departure_token')(r) && !('no_cache' in r.params) })
  }

  it('retries once, bypassing the cache, when every return costs > 2.5× the outbound', async () => {
    setUp()
    const p = provider()
    const outbound = await p.search(FIXTURE_QUERIES.roundTrip)
    const returns = await p.next(FIXTURE_QUERIES.roundTrip, outbound.best[0]!.departureToken!)
    expect(fake.requests).toHaveLength(3)
    expect(fake.requests[2]?.params).toEqual({ ...fake.requests[1]?.params, no_cache: 'true' })
    expect(returns.best[0]?.price).toBe(689)
  })

  it('does not retry a plausible answer, an unknown outbound, or when switched off', async () => {
    fake.respondWith({ fixture: 'round-trip-step1', when: lacks('departure_token') })
    fake.respondWith({ fixture: 'round-trip-step2', when: has('departure_token') })
    const p = provider()
    const outbound = await p.search(FIXTURE_QUERIES.roundTrip)
    await p.next(FIXTURE_QUERIES.roundTrip, outbound.best[0]!.departureToken!)
    expect(fake.requests).toHaveLength(2)

    fake.reset()
    setUp()
    await provider().next(FIXTURE_QUERIES.roundTrip, outbound.best[0]!.departureToken!)
    expect(fake.requests).toHaveLength(1)

    fake.reset()
    setUp()
    const off = provider({ retryInflatedReturns: false })
    const again = await off.search(FIXTURE_QUERIES.roundTrip)
    const returns = await off.next(FIXTURE_QUERIES.roundTrip, again.best[0]!.departureToken!)
    expect(fake.requests).toHaveLength(2)
    expect(returns.best[0]?.price).toBe(689 * 3)
  })

  it('keeps the first answer when the retry fails', async () => {
    fake.respondWith({ fixture: 'round-trip-step1', when: lacks('departure_token') })
    fake.respondWith({ body: inflated(), when: has('departure_token') })
    fake.respondWith({ status: 503, body: { error: 'busy' }, when: (r) => r.params.no_cache === 'true' })
    const p = provider()
    const outbound = await p.search(FIXTURE_QUERIES.roundTrip)
    const returns = await p.next(FIXTURE_QUERIES.roundTrip, outbound.best[0]!.departureToken!)
    expect(fake.requests).toHaveLength(3)
    expect(returns.best[0]?.price).toBe(689 * 3)
  })
})
