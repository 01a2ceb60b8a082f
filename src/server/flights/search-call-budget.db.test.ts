/**
 * Decision 050: the provider calls the public flight routes make draw on a global budget of their
 * own, tried against a fake SerpApi on loopback: a spent budget refuses a search before any call,
 * the cache still answers, the simulated market never counts, and the price checks keep theirs.
 */
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchResponse } from '#shared/flights/model.ts'
import { flightSearchBusyMessage } from '#shared/flights/search-params.ts'
import { createAlertVia, readJson, routeAlert, signedInUser } from '#tests/support/alert-fixtures.ts'
import { startFakeSerpApi, type FakeSerpApi } from '#tests/fakes/serpapi-server.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { providerBudget } from '../db/schema.ts'
import { providerCallsUsed } from '../provider-budget/provider-budget.ts'
import { runPriceChecks } from '../price-checks/run-price-checks.ts'
import { searchBudgetKey } from './search-call-budget.ts'

const PER_MINUTE = 3
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
/** A one-way search on its own date: never answered from the search cache, so each is a provider call. */
const search = (client: TestClient, day: number) =>
  client.request('/api/flights/search', { method: 'POST', json: { params: { tripType: 'one-way', from: 'LHR', to: 'JFK', departureDate: inDays(day) }, filters: {} } })
/** Early in a calendar minute (the budget's window), so a test never straddles two. */
const earlyInMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000)

let serp: FakeSerpApi
beforeAll(async () => {
  serp = await startFakeSerpApi()
  serp.respondWith({ fixture: 'one-way-lhr-jfk' })
})
afterAll(async () => {
  await serp.close()
})

describe('with SerpApi', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ SERPAPI_API_KEY: 'test-key-123', SERPAPI_BASE_URL: serp.url, SEARCH_PROVIDER_CALLS_PER_MINUTE: String(PER_MINUTE), SEARCH_PROVIDER_CALLS_PER_DAY: '1000' })
    t.now.value = earlyInMinute()
  })
  afterAll(async () => {
    await t.close()
    t.now.value = null
  })

  it('refuses a search once the budget is spent, with 503 search_busy and Retry-After, before SerpApi is called; the cache still answers', async () => {
    const client = t.client()
    const callsBefore = serp.requests.length
    const answers: SearchResponse[] = []
    for (let i = 0; i < PER_MINUTE; i++) answers.push(await readJson<SearchResponse>(await search(client, 30 + i), 200))
    expect(serp.requests.length - callsBefore).toBe(PER_MINUTE)

    const refused = await search(client, 40)
    const body = await readJson<{ error: { code: string; message: string } }>(refused, 503)
    const wait = Number(refused.headers.get('retry-after'))
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)
    expect(body.error).toMatchObject({ code: 'search_busy', message: flightSearchBusyMessage(wait) })
    // The other routes that call the provider are refused alike.
    const bookingToken = answers[0]!.best.concat(answers[0]!.other).find((it) => it.bookingToken)?.bookingToken
    expect(bookingToken).toBeTruthy()
    expect((await client.request('/api/flights/booking-options', { method: 'POST', json: { token: bookingToken } })).status).toBe(503)
    expect((await client.request(`/api/flights/price-insights?from=LHR&to=JFK&departureDate=${inDays(41)}`)).status).toBe(503)
    expect(serp.requests.length - callsBefore, 'refused searches reach no provider').toBe(PER_MINUTE)

    // An answer already in the cache costs nothing and is still served.
    const cached = await readJson<SearchResponse>(await search(client, 30), 200)
    expect(cached.fromCache).toBe(true)
    expect(serp.requests.length - callsBefore).toBe(PER_MINUTE)
    expect(await providerCallsUsed(t.database.db, searchBudgetKey('serpapi'), t.now.value!)).toEqual({ minute: PER_MINUTE, day: PER_MINUTE })

    // The next minute's budget lets searches through again.
    t.now.value = new Date(t.now.value!.getTime() + 60_000)
    expect((await search(client, 40)).status).toBe(200)
    expect(serp.requests.length - callsBefore).toBe(PER_MINUTE + 1)
  })

  it('leaves the price checks their own budget: a check runs while searches are refused', async () => {
    const client = t.client()
    t.now.value = new Date(t.now.value!.getTime() + 60_000)
    for (let i = 0; i < PER_MINUTE; i++) await search(client, 50 + i)
    expect((await search(client, 60)).status).toBe(503)
    expect(await providerCallsUsed(t.database.db, 'serpapi', t.now.value), 'searches take nothing from the price checks').toEqual({ minute: 0, day: 0 })

    const user = await signedInUser(t, 'search-budget')
    await createAlertVia(user.client, routeAlert({ target_price: 1 }))
    const callsBefore = serp.requests.length
    const run = await runPriceChecks({ db: t.database.db, now: () => t.now.value!, provider: t.services.flightProvider, logger: silentLogger, config: t.services.priceCheckConfig, random: () => 0.5 })
    expect(run).toMatchObject({ claimed: 1 })
    expect(serp.requests.length - callsBefore).toBe(1)
    expect(await providerCallsUsed(t.database.db, 'serpapi', t.now.value)).toMatchObject({ minute: 1 })
    expect((await providerCallsUsed(t.database.db, searchBudgetKey('serpapi'), t.now.value)).minute).toBe(PER_MINUTE)
  })

  it('shows the searches’ budget and calls beside the price checks’ in /metrics', async () => {
    const text = await (await t.clientAt('127.0.0.1').request('/metrics')).text()
    expect(text).toContain(`faredrop_provider_call_budget{provider="serpapi:search",window="minute"} ${PER_MINUTE}`)
    expect(text).toContain('faredrop_provider_call_budget{provider="serpapi:search",window="day"} 1000')
    expect(text).toMatch(/faredrop_provider_calls\{provider="serpapi:search",window="day"\} \d+/)
    expect(text).toContain(`faredrop_provider_call_budget{provider="serpapi",window="minute"} ${t.services.priceCheckConfig.budget.perMinute}`)
  })
})

describe('with SerpApi, a day’s budget spent', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ SERPAPI_API_KEY: 'test-key-123', SERPAPI_BASE_URL: serp.url, SEARCH_PROVIDER_CALLS_PER_MINUTE: '100', SEARCH_PROVIDER_CALLS_PER_DAY: '2' })
  })
  afterAll(async () => {
    await t.close()
  })

  it('asks the traveller to come back when the day’s budget renews, in hours rather than seconds', async () => {
    const client = t.client()
    for (let i = 0; i < 2; i++) expect((await search(client, 70 + i)).status).toBe(200)
    const refused = await search(client, 72)
    const body = await readJson<{ error: { code: string; message: string } }>(refused, 503)
    const wait = Number(refused.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(86_400)
    expect(body.error).toMatchObject({ code: 'search_busy', message: flightSearchBusyMessage(wait) })
  })
})

describe('on the simulated market', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_PROVIDER_CALLS_PER_MINUTE: '1', SEARCH_PROVIDER_CALLS_PER_DAY: '1' })
  })
  afterAll(async () => {
    await t.close()
  })

  it('never counts: it costs nothing', async () => {
    expect(t.services.searchCallLimits).toBeNull()
    const client = t.client()
    for (let i = 0; i < 5; i++) expect((await search(client, 30 + i)).status).toBe(200)
    expect((await client.request(`/api/flights/calendar?from=LHR&to=JFK&start=${inDays(30)}&days=31`)).status).toBe(200)
    expect((await client.request(`/api/flights/flexible?from=LHR&to=JFK&flex=month&month=${inDays(60).slice(0, 7)}&minNights=1&maxNights=7`)).status).toBe(200)
    expect(await t.database.db.select().from(providerBudget).where(like(providerBudget.provider, '%:search'))).toEqual([])
  })
})
