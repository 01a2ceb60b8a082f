import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FARE_CALENDAR_MESSAGES, FLEX_MAX_RESULTS, type DateGrid, type FareCalendar, type FlexibleResults } from '#shared/flights/fare-calendar.ts'
import type { SearchResponse } from '#shared/flights/model.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { startFakeSerpApi, type FakeSerpApi } from '#tests/fakes/serpapi-server.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { and, eq } from 'drizzle-orm'
import { fareObservations } from '../db/schema.ts'

/** Fares by travel date (decision 047): GET /api/flights/calendar, /date-grid and /flexible. */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}
type ErrorBody = { error: { code: string; message: string; fieldErrors?: Record<string, string[]> } }
const lowestOf = (r: SearchResponse) => Math.min(...[...r.best, ...r.other].flatMap((it) => (it.price === null ? [] : [it.price])))

describe('fares by date on the simulated market', () => {
  let t: TestApp
  let browser: TestClient

  beforeAll(async () => {
    t = await createTestApp()
    browser = t.client()
  })
  afterAll(async () => {
    await t.close()
  })

  it('calendar: a round trip of 7 nights per day, each the cheapest fare its search shows, levelled against the typical range', async () => {
    const start = inDays(20)
    const calendar = await json<FareCalendar>(await browser.request(`/api/flights/calendar?from=JFK&to=LHR&start=${start}&days=62&tripNights=7`))
    expect(calendar).toMatchObject({ currency: 'USD', source: 'market' })
    expect(calendar.days).toHaveLength(62)
    expect(calendar.days[0]!.date).toBe(start)
    const [low, high] = calendar.typicalRange!
    expect(low).toBeLessThanOrEqual(high)
    for (const day of calendar.days) {
      expect(day.price).toBeGreaterThan(0)
      expect(day.level).toBe(day.price! < low ? 'low' : day.price! > high ? 'high' : 'typical')
      expect(day.observedAt).not.toBeNull()
    }
    for (const i of [0, 13, 40]) {
      const day = calendar.days[i]!
      const returnDate = new Date(Date.parse(day.date) + 7 * 86_400_000).toISOString().slice(0, 10)
      const search = await json<SearchResponse>(
        await browser.request('/api/flights/search', { method: 'POST', json: { params: { tripType: 'round-trip', from: 'JFK', to: 'LHR', departureDate: day.date, returnDate }, filters: {} } }),
      )
      expect(day.price).toBe(lowestOf(search))
    }
  })

  it('calendar: past days have no price; return days before the departure have none either', async () => {
    const oneWay = await json<FareCalendar>(await browser.request(`/api/flights/calendar?from=LHR&to=CDG&start=${inDays(-5)}&days=10&currency=eur&travelClass=business&adults=2`))
    expect(oneWay.currency).toBe('EUR')
    expect(oneWay.days.slice(0, 4).map((d) => [d.price, d.level, d.observedAt])).toEqual(Array.from({ length: 4 }, () => [null, null, null]))
    expect(oneWay.days.slice(6).every((d) => d.price !== null)).toBe(true)

    const returns = await json<FareCalendar>(await browser.request(`/api/flights/calendar?from=LHR&to=CDG&field=return&departureDate=${inDays(30)}&start=${inDays(25)}&days=14`))
    expect(returns.days.slice(0, 5).every((d) => d.price === null)).toBe(true)
    expect(returns.days.slice(5).every((d) => d.price !== null)).toBe(true)
  })

  it('date grid: 7 × 7 around the chosen dates, row-major, a return before its departure empty', async () => {
    const grid = await json<DateGrid>(await browser.request(`/api/flights/date-grid?from=SFO&to=NRT&departureDate=${inDays(40)}&returnDate=${inDays(42)}`))
    expect(grid.departureDates).toEqual([37, 38, 39, 40, 41, 42, 43].map(inDays))
    expect(grid.returnDates).toEqual([39, 40, 41, 42, 43, 44, 45].map(inDays))
    expect(grid.cells).toHaveLength(7)
    expect(grid.cells[3]![3]).toMatchObject({ departureDate: inDays(40), returnDate: inDays(42) })
    expect(grid.cells[3]![3]!.price).toBeGreaterThan(0)
    expect(grid.cells[6]![0]!.price).toBeNull() // leaves day 43, back day 39
  })

  it('flexible: weekends of a month, cheapest first, at most FLEX_MAX_RESULTS; a month of 3–5 night trips', async () => {
    const month = inDays(60).slice(0, 7)
    const weekends = await json<FlexibleResults>(await browser.request(`/api/flights/flexible?from=JFK&to=LHR&flex=weekend&month=${month}`))
    expect(weekends.source).toBe('market')
    expect(weekends.considered).toBeGreaterThanOrEqual(16)
    expect(weekends.pairs.length).toBe(weekends.considered - weekends.unknown)
    const prices = weekends.pairs.map((p) => p.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    for (const p of weekends.pairs) expect([5, 6]).toContain(new Date(`${p.departureDate}T00:00:00Z`).getUTCDay())

    const monthly = await json<FlexibleResults>(await browser.request(`/api/flights/flexible?from=JFK&to=LHR&flex=month&month=${month}&minNights=3&maxNights=5`))
    expect(monthly.pairs).toHaveLength(FLEX_MAX_RESULTS)
    expect(monthly.considered).toBeGreaterThanOrEqual(28 * 3)
    const oneWay = await json<FlexibleResults>(await browser.request(`/api/flights/flexible?from=JFK&to=LHR&flex=month&month=${month}&oneWay=true`))
    expect(oneWay.pairs.every((p) => p.returnDate === null)).toBe(true)
  })

  it('answers twice from the cache with the same figures', async () => {
    const url = `/api/flights/calendar?from=LIS&to=MAD&start=${inDays(10)}&days=31`
    expect(await json<FareCalendar>(await browser.request(url))).toEqual(await json<FareCalendar>(await browser.request(url)))
  })

  it('refuses bad queries with messages on their fields', async () => {
    const bad = async (query: string) => (await json<ErrorBody>(await browser.request(`/api/flights/calendar?${query}`), 400)).error
    expect((await bad(`from=JFK&to=LHR&start=${inDays(5)}&days=63`)).fieldErrors?.days).toEqual([FARE_CALENDAR_MESSAGES.range])
    expect((await bad(`from=JFK&to=LHR&start=${inDays(5)}&days=99999999999999999999`)).fieldErrors?.days).toBeDefined()
    expect((await bad(`from=JFK&to=LHR&start=2026-02-30`)).fieldErrors?.start).toEqual([SEARCH_MESSAGES.dateFormat])
    expect((await bad(`from=JFK&to=LHR&start=${inDays(5)}&tripNights=400`)).fieldErrors?.tripNights).toEqual([FARE_CALENDAR_MESSAGES.tripLength])
    expect((await bad(`from=JFK&to=LHR&start=${inDays(5)}&field=return`)).fieldErrors?.departureDate).toBeDefined()
    expect((await bad(`from=QQQ&to=LHR&start=${inDays(5)}`)).fieldErrors?.from).toEqual([SEARCH_MESSAGES.unknownAirport])
    const eleven = 'JFK,EWR,LGA,BOS,PHL,IAD,DCA,BWI,ORD,MDW,ATL'
    expect((await bad(`from=${eleven}&to=LHR&start=${inDays(5)}`)).fieldErrors?.from).toBeDefined()
    expect((await bad(`from=JFK%00&to=LHR&start=${inDays(5)}`)).code).toBeDefined()

    const grid = await json<ErrorBody>(await browser.request(`/api/flights/date-grid?from=JFK&to=LHR&departureDate=${inDays(10)}&returnDate=${inDays(5)}`), 400)
    expect(grid.error.fieldErrors?.returnDate).toEqual([SEARCH_MESSAGES.returnBeforeDeparture])
    const flex = await json<ErrorBody>(await browser.request(`/api/flights/flexible?from=JFK&to=LHR&flex=month&month=2027-13`), 400)
    expect(flex.error.fieldErrors?.month).toBeDefined()
    const nights = await json<ErrorBody>(await browser.request(`/api/flights/flexible?from=JFK&to=LHR&flex=month&month=2027-03&minNights=5&maxNights=2`), 400)
    expect(nights.error.fieldErrors?.maxNights).toBeDefined()
  })

  it('ten airports a side price as one search of them all', async () => {
    const ten = 'JFK,EWR,LGA,BOS,PHL,IAD,DCA,BWI,ORD,MDW'
    const calendar = await json<FareCalendar>(await browser.request(`/api/flights/calendar?from=${ten}&to=LHR,LGW&start=${inDays(30)}&days=3`))
    expect(calendar.days.every((d) => d.price !== null)).toBe(true)
  })
})

describe('fares by date from what FareDrop has seen (SerpApi, a local fake of serpapi.com)', () => {
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

  it('an unfiltered search shows in the calendar on its day with when it was seen; other days have no data', async () => {
    serp.respondWith({ fixture: 'one-way-lhr-jfk' })
    const browser = t.client()
    const date = inDays(20)
    const search = await json<SearchResponse>(await browser.request('/api/flights/search', { method: 'POST', json: { params: { tripType: 'one-way', from: 'LHR', to: 'JFK', departureDate: date }, filters: {} } }))
    // A filtered search is not what the calendar shows: it is not kept.
    await json<SearchResponse>(
      await browser.request('/api/flights/search', { method: 'POST', json: { params: { tripType: 'one-way', from: 'LHR', to: 'JFK', departureDate: inDays(21) }, filters: { stops: 1 } } }),
    )
    const calls = serp.requests.length

    // The search answers before its fare is stored (the traveller never waits for it); asking the
    // calendar earlier would cache an answer without it, so wait for the row itself.
    const stored = () => t.database.db.select().from(fareObservations).where(and(eq(fareObservations.origin, 'LHR'), eq(fareObservations.departureDate, date)))
    await vi.waitFor(async () => expect(await stored()).toHaveLength(1), { timeout: 5000 })
    expect((await stored())[0]!.provider).toBe('serpapi')
    const calendar = await json<FareCalendar>(await t.client().request(`/api/flights/calendar?from=LHR&to=JFK&start=${inDays(18)}&days=5`))
    expect(serp.requests.length, 'the calendar asks SerpApi nothing').toBe(calls)
    expect(calendar).toMatchObject({ source: 'observed', currency: 'USD', typicalRange: null })
    expect(calendar.days[2]).toMatchObject({ date, price: lowestOf(search), level: null })
    expect(Date.parse(calendar.days[2]!.observedAt!)).toBeCloseTo(Date.parse(search.fetchedAt), -4)
    for (const i of [0, 1, 3, 4]) expect(calendar.days[i]).toMatchObject({ price: null, level: null, observedAt: null })
  })

  it('levels days once the route has 8 observations in 60 days, and forgets fares older than 7 days', async () => {
    const now = Date.now()
    const row = (daysAgo: number, departure: number, price: number) => ({
      origin: 'CDG',
      destination: 'LIS',
      departureDate: inDays(departure),
      returnDate: null,
      cabin: 1,
      adults: 1,
      currency: 'USD',
      lowestPrice: price,
      observedAt: new Date(now - daysAgo * 86_400_000),
      source: 'check' as const,
    })
    await t.database.db.insert(fareObservations).values([
      ...[100, 110, 120, 130, 140, 150, 160].map((price, i) => row(10 + i, 40 + i, price)),
      row(1, 30, 90),
      row(8, 31, 95), // too old to show
      row(90, 32, 999), // outside the typical window
      // Another provider's fares (the simulated market's, before a switch): neither a day's price nor part of the range.
      ...[5, 6, 7, 8, 9].map((price) => ({ ...row(1, 31, price), provider: 'simulated' })),
      // Rows from before fares named their provider are read as this one's.
      { ...row(11, 47, 150), provider: null },
    ])
    const calendar = await json<FareCalendar>(await t.client().request(`/api/flights/calendar?from=CDG&to=LIS&start=${inDays(30)}&days=3`))
    expect(calendar.typicalRange).toEqual([103, 148]) // 90 95 100 110 120 130 140 150 150 160: 25th and 75th percentiles, interpolated
    expect(calendar.days.map((d) => [d.price, d.level])).toEqual([
      [90, 'low'],
      [null, null],
      [null, null],
    ])
    const grid = await json<DateGrid>(await t.client().request(`/api/flights/date-grid?from=CDG&to=LIS&departureDate=${inDays(30)}&returnDate=${inDays(33)}`))
    expect(grid.source).toBe('observed')
    expect(grid.cells.flat().every((c) => c.price === null)).toBe(true)
  })
})
