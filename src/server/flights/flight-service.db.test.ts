import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Itinerary } from '#shared/flights/model.ts'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, SEARCH_MESSAGES, type SearchRequest } from '#shared/flights/search-params.ts'
import { openTestDatabase } from '#tests/support/test-db.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import type { Database } from '../db/client.ts'
import { AppError } from '../lib/app-error.ts'
import { createFlightService } from './flight-service.ts'
import { ProviderError, type FlightProvider } from './providers/provider.ts'

function itinerary(flightNumber: string, tokens: { departureToken?: string; bookingToken?: string }): Itinerary {
  return {
    id: flightNumber,
    segments: [],
    layovers: [],
    durationMinutes: 420,
    stops: 0,
    price: 500,
    currency: 'USD',
    priceIsTripTotal: true,
    emissions: null,
    type: 'Round trip',
    logoUrl: null,
    fareNotes: [],
    isBest: true,
    departureToken: tokens.departureToken ?? null,
    bookingToken: tokens.bookingToken ?? null,
  }
}

/** A provider that counts its calls and answers after `delayMs`, or fails as told. */
function fakeProvider() {
  const calls: string[] = []
  const state = { delayMs: 0, fail: null as ProviderError | null }
  const wait = async (signal?: AbortSignal) => {
    await new Promise((resolve) => setTimeout(resolve, state.delayMs))
    signal?.throwIfAborted()
    if (state.fail) throw state.fail
  }
  const provider: FlightProvider = {
    id: 'fake',
    async search(query, ctx) {
      calls.push(`search:${query.departure_id}`)
      await wait(ctx?.signal)
      return { best: [itinerary('BA 117', { departureToken: 'raw-departure-token' })], other: [], priceInsights: null }
    },
    async next(_query, token, ctx) {
      calls.push(`next:${token}`)
      await wait(ctx?.signal)
      return { best: [itinerary('BA 118', { bookingToken: 'raw-booking-token' })], other: [], priceInsights: null }
    },
    async bookingOptions(_query, token, ctx) {
      calls.push(`booking:${token}`)
      await wait(ctx?.signal)
      return { selectedFlights: [], bookingOptions: [], baggagePrices: {} }
    },
    async priceInsights() {
      return null
    },
  }
  return { provider, calls, state }
}

const request = (from = 'JFK'): SearchRequest => ({
  params: { ...DEFAULT_SEARCH_PARAMS, from, to: 'LHR', departureDate: '2026-12-10', returnDate: '2026-12-17' },
  filters: DEFAULT_SEARCH_FILTERS,
})

describe('flight service', () => {
  let database: Database
  const clock = { now: new Date('2026-11-22T10:00:00Z') }

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  const service = (fake: ReturnType<typeof fakeProvider>, overrides: { timeoutMs?: number; maxConcurrentCalls?: number } = {}) =>
    createFlightService({
      provider: fake.provider,
      db: database.db,
      logger: silentLogger,
      now: () => clock.now,
      cacheTtlMs: 15 * 60 * 1000,
      timeoutMs: overrides.timeoutMs ?? 5000,
      maxConcurrentCalls: overrides.maxConcurrentCalls ?? 4,
    })

  it('makes one provider call for identical concurrent searches, and answers later ones from the cache with their age', async () => {
    const fake = fakeProvider()
    fake.state.delayMs = 50
    const flights = service(fake)
    const answers = await Promise.all(Array.from({ length: 10 }, () => flights.search(request())))
    expect(fake.calls).toEqual(['search:JFK'])
    expect(answers.filter((a) => !a.fromCache)).toHaveLength(1)

    clock.now = new Date(clock.now.getTime() + 60_000)
    const later = await flights.search(request())
    expect(later.fromCache).toBe(true)
    expect(later.fetchedAt).toBe(answers[0]!.fetchedAt)
    expect(fake.calls).toHaveLength(1)

    clock.now = new Date(clock.now.getTime() + 15 * 60_000)
    expect((await flights.search(request())).fromCache).toBe(false)
    expect(fake.calls).toHaveLength(2)
  })

  it('never shows provider tokens to the browser, and serves the next steps from its handles', async () => {
    const fake = fakeProvider()
    const flights = service(fake)
    const outbound = await flights.search(request('BOS'))
    expect(JSON.stringify(outbound)).not.toContain('raw-departure-token')
    expect(outbound.legIndex).toBe(0)
    expect(outbound.legCount).toBe(2)

    const returns = await flights.next(outbound.best[0]!.departureToken!)
    expect(fake.calls).toContain('next:raw-departure-token')
    expect(returns.legIndex).toBe(1)
    expect(JSON.stringify(returns)).not.toContain('raw-booking-token')

    await flights.bookingOptions(returns.best[0]!.bookingToken!)
    expect(fake.calls).toContain('booking:raw-booking-token')
  })

  it('refuses unknown, mistyped and wrong-kind handles with "please search again"', async () => {
    const fake = fakeProvider()
    const flights = service(fake)
    const outbound = await flights.search(request('ORD'))
    const expired = { code: 'not_found', message: 'This result has expired. Please search again.' }
    await expect(flights.next('00000000-0000-0000-0000-000000000000.0')).rejects.toMatchObject(expired)
    await expect(flights.bookingOptions(outbound.best[0]!.departureToken!)).rejects.toMatchObject(expired)
    await expect(flights.next(`${outbound.searchId}.99`)).rejects.toMatchObject(expired)
  })

  it('turns provider failures into "Failed to retrieve search results"', async () => {
    const fake = fakeProvider()
    fake.state.fail = new ProviderError('rate_limited', 'fake', 'HTTP 429 from provider')
    const error = await service(fake)
      .search(request('SFO'))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'upstream_failed', status: 502, message: SEARCH_MESSAGES.failed })
  })

  it('gives up on a provider that does not answer within the timeout', async () => {
    const fake = fakeProvider()
    fake.state.delayMs = 2000
    const started = Date.now()
    await expect(service(fake, { timeoutMs: 150 }).search(request('SEA'))).rejects.toMatchObject({ message: SEARCH_MESSAGES.failed })
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('keeps at most the configured number of provider calls in flight', async () => {
    const fake = fakeProvider()
    fake.state.delayMs = 30
    let inFlight = 0
    let peak = 0
    const search = fake.provider.search.bind(fake.provider)
    fake.provider.search = async (query, ctx) => {
      peak = Math.max(peak, ++inFlight)
      try {
        return await search(query, ctx)
      } finally {
        inFlight--
      }
    }
    const flights = service(fake, { maxConcurrentCalls: 2 })
    await Promise.all(['ATL', 'DFW', 'DEN', 'LAX', 'MIA', 'IAD'].map((from) => flights.search(request(from))))
    expect(fake.calls).toHaveLength(6)
    expect(peak).toBe(2)
  })

  it('rejects searches that are not searchable with every problem on its field', async () => {
    const flights = service(fakeProvider())
    const bad: SearchRequest = {
      params: { ...DEFAULT_SEARCH_PARAMS, from: 'JFK', to: 'JFK', departureDate: '2020-01-01', returnDate: '', adults: 5, children: 4 },
      filters: { ...DEFAULT_SEARCH_FILTERS, infants_on_lap: 1 },
    }
    const error = (await flights.search(bad).catch((e: unknown) => e)) as AppError
    expect(error.fieldErrors).toEqual({
      'params.to': [SEARCH_MESSAGES.sameAirports],
      'params.departureDate': [SEARCH_MESSAGES.pastDate],
      'params.returnDate': [SEARCH_MESSAGES.returnRequired],
      'params.adults': [SEARCH_MESSAGES.tooManyPassengers],
    })
    const unknown = (await flights.search({ ...request(), params: { ...request().params, from: 'QQQ' } }).catch((e: unknown) => e)) as AppError
    expect(unknown.fieldErrors).toEqual({ 'params.from': [SEARCH_MESSAGES.unknownAirport] })
  })
})
