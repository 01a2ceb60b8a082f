import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AirportSearchResponse, BookingOptionsResponse, PriceInsights, SearchResponse } from '#shared/flights/model.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { startFakeSerpApi, type FakeSerpApi } from '#tests/fakes/serpapi-server.ts'
import { createTestApp, uniqueEmail, type TestApp, type TestClient } from '#tests/support/test-app.ts'

/** A date `days` from now, as the search form sends it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const roundTrip = (from = 'JFK', to = 'LHR') => ({
  params: { tripType: 'round-trip', from, to, departureDate: inDays(30), returnDate: inDays(37) },
  filters: {},
})

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

describe('flight API on the simulated market', () => {
  let t: TestApp
  let browser: TestClient

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'ops@example.com' })
    browser = t.client()
  })
  afterAll(async () => {
    await t.close()
  })

  it('reports the simulated market in /api/health', async () => {
    const health = await json<{ drivers: { flights: string } }>(await browser.request('/api/health'))
    expect(health.drivers.flights).toBe('simulated')
  })

  it('autocompletes airports: exact code first, a city groups its airports', async () => {
    const byCode = await json<AirportSearchResponse>(await browser.request('/api/airports?q=lhr'))
    expect(byCode.results[0]).toMatchObject({ kind: 'airport', code: 'LHR', city: 'London' })

    const byCity = await json<AirportSearchResponse>(await browser.request('/api/airports?q=london'))
    expect(byCity.results[0]).toMatchObject({ kind: 'city', name: 'London (all airports)' })
    expect(byCity.results[0]!.code.split(',')).toEqual(expect.arrayContaining(['LHR', 'LGW', 'LCY']))
    expect(byCity.results[0]!.airports!.map((a) => a.code)).toContain('LHR')

    expect((await json<AirportSearchResponse>(await browser.request('/api/airports?q='))).results).toEqual([])
  })

  it('searches a round trip without signing in, then lists returns and where to book', async () => {
    const outbound = await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: roundTrip() }))
    const options = [...outbound.best, ...outbound.other]
    expect(options.length).toBeGreaterThan(3)
    expect(outbound).toMatchObject({ legIndex: 0, legCount: 2, provider: 'simulated', currency: 'USD', fromCache: false })
    expect(options.every((o) => o.segments[0]!.departure.airport === 'JFK' && o.segments.at(-1)!.arrival.airport === 'LHR')).toBe(true)
    expect(options.every((o) => o.departureToken && !o.bookingToken)).toBe(true)
    expect(outbound.priceInsights?.price_history.length).toBeGreaterThanOrEqual(50)

    const returns = await json<SearchResponse>(
      await browser.request('/api/flights/next', { method: 'POST', json: { token: options[0]!.departureToken } }),
    )
    expect(returns.legIndex).toBe(1)
    const chosen = [...returns.best, ...returns.other][0]!
    expect(chosen.segments[0]!.departure.airport).toBe('LHR')
    expect(chosen.bookingToken).toBeTruthy()

    const booking = await json<BookingOptionsResponse>(
      await browser.request('/api/flights/booking-options', { method: 'POST', json: { token: chosen.bookingToken } }),
    )
    expect(booking.bookingOptions.length).toBeGreaterThanOrEqual(2)
    const sellers = booking.bookingOptions.map((o) => o.together ?? o.departing)
    expect(sellers.some((s) => s?.isAirline)).toBe(true)
    const request = sellers.find((s) => s?.request)!.request!
    expect(request.url).toMatch(/\/api\/flights\/simulated-seller$/)

    // "Book" posts the seller's form from a noreferrer new tab, which browsers send with Origin: null.
    const seller = await browser.request('/api/flights/simulated-seller', {
      method: 'POST',
      headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData!,
    })
    expect(seller.status).toBe(200)
    expect(await seller.text()).toContain(chosen.segments[0]!.flightNumber)
  })

  it('answers a repeated search from its cache, with the original time', async () => {
    const first = await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: roundTrip('BOS', 'CDG') }))
    const second = await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: roundTrip('BOS', 'CDG') }))
    expect(second.fromCache).toBe(true)
    expect(second.fetchedAt).toBe(first.fetchedAt)
  })

  it('returns price insights for a route and dates', async () => {
    const insights = await json<PriceInsights>(
      await browser.request(`/api/flights/price-insights?from=LHR&to=CDG&departureDate=${inDays(20)}`),
    )
    expect(['low', 'typical', 'high']).toContain(insights.price_level)
    expect(insights.typical_price_range![0]).toBeLessThan(insights.typical_price_range![1])
  })

  it('refuses bad searches with field errors, never a 500', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ params: { ...roundTrip().params, from: 'XX1' } }, 'params.from', SEARCH_MESSAGES.airportCode],
      [{ params: { ...roundTrip().params, to: 'JFK' } }, 'params.to', SEARCH_MESSAGES.sameAirports],
      [{ params: { ...roundTrip().params, departureDate: '2020-02-02' } }, 'params.departureDate', SEARCH_MESSAGES.pastDate],
      [{ params: { ...roundTrip().params, adults: 6, children: 4 } }, 'params.adults', SEARCH_MESSAGES.tooManyPassengers],
      [{ params: { ...roundTrip().params, from: 'QQQ' } }, 'params.from', SEARCH_MESSAGES.unknownAirport],
      [{ params: { ...roundTrip().params, departureDate: '2026-02-30' } }, 'params.departureDate', SEARCH_MESSAGES.dateFormat],
    ]
    for (const [body, field, message] of cases) {
      const res = await browser.request('/api/flights/search', { method: 'POST', json: body })
      const error = await json<{ error: { fieldErrors: Record<string, string[]> } }>(res, 400)
      expect(error.error.fieldErrors[field], JSON.stringify(error)).toContain(message)
    }
    expect((await browser.request('/api/flights/search', { method: 'POST', body: 'not json', headers: { 'content-type': 'application/json' } })).status).toBe(400)
    for (const token of ['', 'x', 'not-a-handle', '../../etc/passwd.1', `${'a'.repeat(100)}.1`]) {
      expect((await browser.request('/api/flights/next', { method: 'POST', json: { token } })).status).toBe(400)
    }
    const expired = await browser.request('/api/flights/booking-options', { method: 'POST', json: { token: 'a1b2c3d4-0000-0000-0000-000000000000.3' } })
    expect((await json<{ error: { message: string } }>(expired, 404)).error.message).toBe('This result has expired. Please search again.')
  })

  it('shows "Failed to retrieve search results" when the provider fails', async () => {
    t.services.simulatedMarket!.setFailureMode('error')
    try {
      const res = await browser.request('/api/flights/search', { method: 'POST', json: roundTrip('SEA', 'NRT') })
      expect((await json<{ error: { message: string } }>(res, 502)).error.message).toBe(SEARCH_MESSAGES.failed)
    } finally {
      t.services.simulatedMarket!.setFailureMode('none')
    }
  })

  it('lets only admins apply a price shock, which moves that route at once', async () => {
    const shock = { from: 'LAX', to: 'HNL', factor: 0.5, hours: 2 }
    expect((await t.client().request('/api/admin/simulator/shocks', { method: 'POST', json: shock })).status).toBe(401)

    const member = t.client()
    const memberEmail = uniqueEmail('member')
    await t.signUp(member, memberEmail)
    await t.verifyFromEmail(member, memberEmail)
    expect((await member.request('/api/admin/simulator/shocks', { method: 'POST', json: shock })).status).toBe(403)

    const admin = t.client()
    await t.signUp(admin, 'ops@example.com')
    await t.verifyFromEmail(admin, 'ops@example.com')
    const oneWay = { params: { tripType: 'one-way', from: 'LAX', to: 'HNL', departureDate: inDays(25) } }
    const cheapest = (r: SearchResponse) => Math.min(...[...r.best, ...r.other].map((o) => o.price ?? Infinity))
    const before = cheapest(await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: oneWay })))

    await json(await admin.request('/api/admin/simulator/shocks', { method: 'POST', json: shock }), 201)
    const after = cheapest(await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: oneWay })))
    expect(after).toBeLessThan(before * 0.6)

    const bad = await admin.request('/api/admin/simulator/shocks', { method: 'POST', json: { ...shock, factor: 0 } })
    expect(bad.status).toBe(400)
  })

  it('lets admins break searches on one route only, then heal it', async () => {
    const admin = t.client()
    await t.signIn(admin, 'ops@example.com')
    const broken = { mode: 'error', from: 'BOS', to: 'MIA' }
    expect((await t.client().request('/api/admin/simulator/failures', { method: 'PUT', json: broken })).status).toBe(401)
    await json(await admin.request('/api/admin/simulator/failures', { method: 'PUT', json: broken }))
    try {
      const failed = await browser.request('/api/flights/search', { method: 'POST', json: roundTrip('BOS', 'MIA') })
      expect((await json<{ error: { message: string } }>(failed, 502)).error.message).toBe(SEARCH_MESSAGES.failed)
      // Every other route, the reverse direction included, still answers.
      await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: roundTrip('MIA', 'BOS') }))
      await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: roundTrip('BOS', 'ORD') }))
      const half = await admin.request('/api/admin/simulator/failures', { method: 'PUT', json: { mode: 'error', from: 'BOS' } })
      expect(half.status).toBe(400)
    } finally {
      await json(await admin.request('/api/admin/simulator/failures', { method: 'PUT', json: { mode: 'none' } }))
    }
    await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: roundTrip('BOS', 'MIA') }))
  })
})

describe('flight API on SerpApi (a local fake of serpapi.com)', () => {
  let serp: FakeSerpApi
  let t: TestApp

  beforeAll(async () => {
    serp = await startFakeSerpApi()
    t = await createTestApp({ SERPAPI_API_KEY: 'test-key-123', SERPAPI_BASE_URL: serp.url })
  })
  afterAll(async () => {
    await t.close()
    await serp.close()
  })

  it('reports serpapi in /api/health and runs the same searches through it', async () => {
    expect((await json<{ drivers: { flights: string } }>(await t.client().request('/api/health'))).drivers.flights).toBe('serpapi')
    serp.respondWith({ when: (r) => !r.params.departure_token, fixture: 'round-trip-step1' })
    serp.respondWith({ when: (r) => !!r.params.departure_token, fixture: 'round-trip-step2' })

    const browser = t.client()
    const outbound = await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: roundTrip('LHR', 'JFK') }))
    expect(outbound.provider).toBe('serpapi')
    expect(serp.requests[0]!.params).toMatchObject({ engine: 'google_flights', api_key: 'test-key-123', type: '1', departure_id: 'LHR', arrival_id: 'JFK' })
    const first = [...outbound.best, ...outbound.other][0]!

    const returns = await json<SearchResponse>(await browser.request('/api/flights/next', { method: 'POST', json: { token: first.departureToken } }))
    expect(returns.legIndex).toBe(1)
    const step2 = serp.requests.at(-1)!.params
    expect(step2.departure_token).toBeTruthy()
    expect(step2).toMatchObject({ departure_id: 'LHR', arrival_id: 'JFK' })
  })

  it('shows the failure message on a 429 and does not leak the key', async () => {
    serp.reset()
    serp.respondWith({ status: 429, body: { error: 'Your account has run out of searches.' } })
    const res = await t.client().request('/api/flights/search', { method: 'POST', json: roundTrip('LHR', 'SFO') })
    const text = await res.text()
    expect(res.status).toBe(502)
    expect(text).toContain(SEARCH_MESSAGES.failed)
    expect(text).not.toContain('test-key-123')
  })
})
