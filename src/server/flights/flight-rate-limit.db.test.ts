/**
 * Decision 048: the public flight routes' per-address limit, tried the way an attacker would: a
 * flood from one address (cut before the provider is called), forged X-Forwarded-For values
 * without a trusted proxy and in front of the one a trusted proxy appended, the heavy routes'
 * weights, and the public API v1 beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedApiToken } from '#shared/api-tokens.ts'
import { readJson, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { startFakeSerpApi, type FakeSerpApi } from '#tests/fakes/serpapi-server.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { flightRateLimitMessage } from '#shared/flights/search-params.ts'
import { FLIGHT_REQUEST_WEIGHTS } from './flight-rate-limit.ts'

const BUDGET = 20
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
/** A one-way search on its own date: never answered from the search cache, so each is a provider call. */
const search = (client: TestClient, day: number, headers: Record<string, string> = {}) =>
  client.request('/api/flights/search', { method: 'POST', headers, json: { params: { tripType: 'one-way', from: 'LHR', to: 'JFK', departureDate: inDays(day) }, filters: {} } })

let serp: FakeSerpApi
beforeAll(async () => {
  serp = await startFakeSerpApi()
  serp.respondWith({ fixture: 'one-way-lhr-jfk' })
})
afterAll(async () => {
  await serp.close()
})

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ SERPAPI_API_KEY: 'test-key-123', SERPAPI_BASE_URL: serp.url, TRUST_PROXY: 'true', FLIGHT_REQUESTS_PER_MINUTE: String(BUDGET) })
  })
  afterAll(async () => {
    await t.close()
  })

  it('cuts a flood from one address before the provider is called, and leaves other addresses alone', async () => {
    const attacker = t.client()
    const from = { 'x-forwarded-for': '203.0.113.10' }
    const callsBefore = serp.requests.length
    const allowed = BUDGET / FLIGHT_REQUEST_WEIGHTS['POST /api/flights/search']!
    for (let i = 0; i < allowed; i++) {
      const res = await search(attacker, 30 + i, from)
      expect(res.status, await res.clone().text()).toBe(200)
      expect(res.headers.get('ratelimit-remaining')).toBe(String(BUDGET - 2 * (i + 1)))
    }
    expect(serp.requests.length - callsBefore).toBe(allowed)

    for (let i = 0; i < 5; i++) {
      const refused = await search(attacker, 60 + i, from)
      const body = await readJson<{ error: { code: string; message: string } }>(refused, 429)
      const wait = Number(refused.headers.get('retry-after'))
      expect(wait).toBeGreaterThanOrEqual(1)
      expect(wait).toBeLessThanOrEqual(60)
      expect(body.error).toMatchObject({ code: 'rate_limited', message: flightRateLimitMessage(wait) })
    }
    expect(serp.requests.length - callsBefore, 'refused searches reach no provider').toBe(allowed)
    // The other flight routes share the address's budget.
    expect((await t.client().request(`/api/flights/calendar?from=LHR&to=JFK&start=${inDays(30)}&days=5`, { headers: from })).status).toBe(429)

    // Another traveller (another address behind the proxy) searches as usual.
    expect((await search(t.client(), 90, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200)
  })

  it('counts the address our proxy appended: a forged entry in front of it is the same client, so the flood is still cut', async () => {
    // An appending proxy (nginx's $proxy_add_x_forwarded_for, a cloud load balancer) writes what
    // the client sent, then the peer it saw: here always 203.0.113.20.
    const forged = (i: number) => ({ 'x-forwarded-for': `10.9.${i}.${i}, 203.0.113.20` })
    const attacker = t.client()
    const callsBefore = serp.requests.length
    for (let i = 0; i < BUDGET / 2; i++) expect((await search(attacker, 140 + i, forged(i))).status).toBe(200)
    for (let i = 0; i < 10; i++) expect((await search(attacker, 160 + i, forged(100 + i))).status).toBe(429)
    expect(serp.requests.length - callsBefore, 'refused searches reach no provider').toBe(BUDGET / 2)
    // The real client's own requests, with nothing forged, share that one bucket.
    expect((await search(attacker, 170, { 'x-forwarded-for': '203.0.113.20' })).status).toBe(429)
  })

  it('weighs each route by its cost, and keeps the airport typeahead out of it', async () => {
    const from = { 'x-forwarded-for': '192.0.2.44' }
    const client = t.client()
    const flexible = await client.request(`/api/flights/flexible?from=LHR&to=JFK&flex=month&month=${inDays(60).slice(0, 7)}&minNights=1&maxNights=30`, { headers: from })
    expect(flexible.status, await flexible.clone().text()).toBe(200)
    expect(flexible.headers.get('ratelimit-remaining')).toBe(String(BUDGET - 10))
    const calendar = await client.request(`/api/flights/calendar?from=LHR&to=JFK&start=${inDays(30)}&days=62`, { headers: from })
    expect(calendar.headers.get('ratelimit-remaining')).toBe(String(BUDGET - 14))
    for (let i = 0; i < 30; i++) {
      const airports = await client.request('/api/airports?q=lon', { headers: from })
      expect(airports.status).toBe(200)
      expect(airports.headers.get('ratelimit-remaining')).toBeNull()
    }
    const grid = await client.request(`/api/flights/date-grid?from=LHR&to=JFK&departureDate=${inDays(30)}&returnDate=${inDays(37)}`, { headers: from })
    expect(grid.headers.get('ratelimit-remaining')).toBe(String(BUDGET - 17))
  })

  it('counts a HEAD request as the GET it runs (Hono answers HEAD with the GET route)', async () => {
    const from = { 'x-forwarded-for': '192.0.2.45' }
    const client = t.client()
    const calendar = `/api/flights/calendar?from=LHR&to=JFK&start=${inDays(30)}&days=62`
    for (let i = 1; i <= BUDGET / 4; i++) {
      const head = await client.request(calendar, { method: 'HEAD', headers: from })
      expect(head.status).toBe(200)
      expect(head.headers.get('ratelimit-remaining')).toBe(String(BUDGET - 4 * i))
    }
    expect((await client.request(calendar, { method: 'HEAD', headers: from })).status).toBe(429)
    expect((await client.request(calendar, { headers: from })).status).toBe(429)
  })

  it('counts a route however its path is spelled: percent-encoded, doubled slashes, another case', async () => {
    const from = { 'x-forwarded-for': '192.0.2.46' }
    const client = t.client()
    const query = `?from=LHR&to=JFK&start=${inDays(30)}&days=62`
    for (const path of ['/api/flights/%63alendar', '/api/flights//calendar', '/api/Flights/calendar', '/api/flights/calendar/', '/api/flights/calendar%00']) {
      const res = await client.request(`${path}${query}`, { headers: from })
      // Either the route ran and was counted, or no route ran at all.
      if (res.status === 200) expect(res.headers.get('ratelimit-remaining'), path).not.toBeNull()
      else expect(res.status, path).toBeGreaterThanOrEqual(400)
    }
  })

  it('counts every address of one IPv6 /64 as one client', async () => {
    const client = t.client()
    for (let i = 0; i < BUDGET / 2; i++) expect((await search(client, 100 + (i % 3), { 'x-forwarded-for': `2001:db8:1:2::${(i + 1).toString(16)}` })).status).toBe(200)
    expect((await search(client, 100, { 'x-forwarded-for': '2001:db8:1:2:ffff:ffff:ffff:ffff' })).status).toBe(429)
    expect((await search(client, 100, { 'x-forwarded-for': '2001:db8:1:3::1' })).status).toBe(200)
  })

  it('does not count the public API v1, which has its own limit per token', async () => {
    const user = await signedInUser(t, 'flight-limit')
    await setPlan(t, user.userId, 'unlimited')
    const { token } = await readJson<CreatedApiToken>(await user.client.request('/api/me/api-tokens', { method: 'POST', json: { name: 'Agency CRM', scopes: ['read'] } }), 201)
    // The address the API's calls come from has spent its public budget.
    const noSocket = t.client()
    for (let i = 0; i < BUDGET / 2; i++) await search(noSocket, 120 + (i % 2))
    expect((await search(noSocket, 120)).status).toBe(429)
    for (let i = 0; i < 15; i++) {
      const res = await t.app.request('/api/v1/flights/search', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ params: { tripType: 'one-way', from: 'LHR', to: 'JFK', departureDate: inDays(120) }, filters: {} }),
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }
  })
})

describe('without a trusted proxy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ SERPAPI_API_KEY: 'test-key-123', SERPAPI_BASE_URL: serp.url, FLIGHT_REQUESTS_PER_MINUTE: String(BUDGET) })
  })
  afterAll(async () => {
    await t.close()
  })

  it('ignores forged X-Forwarded-For values: a new one per request is still the same client', async () => {
    const attacker = t.clientAt('203.0.113.99')
    const forged = (i: number) => ({ 'x-forwarded-for': `10.0.${i}.${i}` })
    for (let i = 0; i < BUDGET / 2; i++) expect((await search(attacker, 30 + (i % 3), forged(i))).status).toBe(200)
    for (let i = 0; i < 20; i++) expect((await search(attacker, 30, forged(100 + i))).status).toBe(429)
    // The socket address decides: another client still searches.
    expect((await search(t.clientAt('198.51.100.8'), 30)).status).toBe(200)
  })
})
