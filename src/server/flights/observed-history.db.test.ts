import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { observedHistoryResponse } from '#shared/api-v1/observed-history-response.ts'
import type { SearchResponse } from '#shared/flights/model.ts'
import { OBSERVED_HISTORY_MAX_POINTS, type ObservedHistory } from '#shared/flights/observed-history.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { fareObservations } from '../db/schema.ts'

/** GET /api/flights/observed-history: one trip's prices as FareDrop's searches and checks saw them (decision 047). */

const DAY_MS = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}
type ErrorBody = { error: { code: string; message: string; fieldErrors?: Record<string, string[]> } }
const lowestOf = (r: SearchResponse) => Math.min(...[...r.best, ...r.other].flatMap((it) => (it.price === null ? [] : [it.price])))

describe('observed price history', () => {
  let t: TestApp
  const departureDate = inDays(30)
  const returnDate = inDays(37)

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  const search = async (params: Record<string, unknown>, filters: Record<string, unknown> = {}) =>
    json<SearchResponse>(await t.client().request('/api/flights/search', { method: 'POST', json: { params: { tripType: 'round-trip', from: 'JFK', to: 'LHR', departureDate, returnDate, ...params }, filters } }))
  const history = async (query: string) => {
    const answer = await json<ObservedHistory>(await t.client().request(`/api/flights/observed-history?${query}`))
    expect(observedHistoryResponse.parse(answer), 'the documented schema, losing nothing').toEqual(answer)
    return answer
  }
  const trip = `from=JFK&to=LHR&departureDate=${departureDate}&returnDate=${returnDate}`
  /** Waits for the search's observation, written just after its answer. */
  const historyOf = (query: string, observations: number) =>
    vi.waitFor(async () => {
      const answer = await history(query)
      expect(answer.observations).toBe(observations)
      return answer
    })

  it('a search records a point; a search an hour later adds one; oldest first with the extremes', async () => {
    const empty = await history(trip)
    expect(empty).toEqual({ currency: 'USD', observations: 0, points: [], lowest: null, highest: null, first: null, latest: null })

    t.now.value = new Date()
    const first = await search({})
    const one = await historyOf(trip, 1)
    const firstPoint = { at: first.fetchedAt, price: lowestOf(first) }
    expect(one).toEqual({ currency: 'USD', observations: 1, points: [firstPoint], lowest: firstPoint, highest: firstPoint, first: firstPoint, latest: firstPoint })

    // Past the search cache's lifetime (15 minutes), so the provider is asked again.
    t.now.value = new Date(t.now.value.getTime() + 61 * 60_000)
    const second = await search({})
    expect(second.fromCache).toBe(false)
    const two = await historyOf(trip, 2)
    const secondPoint = { at: second.fetchedAt, price: lowestOf(second) }
    expect(two.points).toEqual([firstPoint, secondPoint])
    expect(two.first).toEqual(firstPoint)
    expect(two.latest).toEqual(secondPoint)
    // Ties go to the latest time at that price.
    const [cheap, dear] = firstPoint.price < secondPoint.price ? [firstPoint, secondPoint] : [secondPoint, firstPoint]
    expect(two.lowest).toEqual(firstPoint.price === secondPoint.price ? secondPoint : cheap)
    expect(two.highest).toEqual(firstPoint.price === secondPoint.price ? secondPoint : dear)

    // The same search again within the cache's lifetime is no new observation.
    await search({ sortBy: 'price' })
    await search({})
    t.now.value = null
  })

  it('other routes, dates, cabins, parties, currencies and filtered searches are not mixed in', async () => {
    t.now.value = new Date(Date.now() + 3 * 3_600_000)
    await search({}, { stops: 1 }) // filtered: not a fare for anyone
    await search({ returnDate: inDays(38) })
    await search({ adults: 2 })
    await search({ travelClass: 'business' })
    await search({}, { currency: 'EUR' })
    await search({ from: 'LHR', to: 'JFK', departureDate: returnDate, returnDate: inDays(44) })
    await search({ tripType: 'one-way', returnDate: '' })

    for (const other of [
      `from=JFK&to=LHR&departureDate=${departureDate}&returnDate=${inDays(38)}`,
      `${trip}&adults=2`,
      `${trip}&travelClass=business`,
      `${trip}&currency=eur`,
      `from=LHR&to=JFK&departureDate=${returnDate}&returnDate=${inDays(44)}`,
      `from=JFK&to=LHR&departureDate=${departureDate}`,
      `from=JFK&to=LHR&departureDate=${departureDate}&returnDate=`,
    ]) {
      expect((await historyOf(other, 1)).points, other).toHaveLength(1)
    }
    expect((await history(`${trip}&currency=eur`)).currency).toBe('EUR')
    expect((await history(trip)).observations).toBe(2)
    t.now.value = null
  })

  it('airport lists in any order are one trip; many observations become the lowest per hour, at most 500 points', async () => {
    const start = Date.parse('2026-09-01T00:00:00Z')
    const rows = Array.from({ length: 1_200 }, (_, i) => ({
      origin: 'LGW,LHR',
      destination: 'CDG',
      departureDate: '2027-01-15',
      returnDate: null,
      cabin: 1,
      adults: 1,
      currency: 'GBP',
      // Four a hour for 300 hours; one much cheaper fare in the middle.
      lowestPrice: i === 601 ? 41 : 100 + (i % 7),
      observedAt: new Date(start + i * 15 * 60_000),
      source: 'check' as const,
    }))
    await t.database.db.insert(fareObservations).values(rows)

    const answer = await history('from=LHR,LGW&to=CDG&departureDate=2027-01-15&currency=GBP')
    expect(answer.observations).toBe(1_200)
    expect(answer.points.length).toBeLessThanOrEqual(OBSERVED_HISTORY_MAX_POINTS)
    expect(answer.points).toHaveLength(300)
    const times = answer.points.map((p) => Date.parse(p.at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(answer.points).toContainEqual({ at: new Date(start + 601 * 15 * 60_000).toISOString(), price: 41 })
    expect(answer.lowest).toEqual({ at: new Date(start + 601 * 15 * 60_000).toISOString(), price: 41 })
    expect(answer.highest).toEqual({ at: new Date(start + 1_196 * 15 * 60_000).toISOString(), price: 106 })
    expect(answer.first).toEqual({ at: new Date(start).toISOString(), price: 100 })
    expect(answer.latest).toEqual({ at: new Date(start + 1_199 * 15 * 60_000).toISOString(), price: 100 + (1_199 % 7) })
    expect((await history('from=lgw,lhr&to=CDG&departureDate=2027-01-15&currency=GBP')).observations).toBe(1_200)

    // Ninety days of them (the time rows are kept) still fit: wider spans than an hour.
    await t.database.db.insert(fareObservations).values(rows.map((r, i) => ({ ...r, departureDate: '2027-01-16', observedAt: new Date(start + i * 108 * 60_000) })))
    const wide = await history('from=LHR,LGW&to=CDG&departureDate=2027-01-16&currency=GBP')
    expect(wide.observations).toBe(1_200)
    expect(wide.points.length).toBeLessThanOrEqual(OBSERVED_HISTORY_MAX_POINTS)
    expect(wide.points.length).toBeGreaterThan(400)
    expect(wide.points.map((p) => p.price)).toContain(41)
  })

  it('refuses bad queries with messages on their fields', async () => {
    const bad = async (query: string) => (await json<ErrorBody>(await t.client().request(`/api/flights/observed-history?${query}`), 400)).error
    expect((await bad('from=JFK&to=LHR')).fieldErrors?.departureDate).toBeDefined()
    expect((await bad('from=JFK&to=LHR&departureDate=2027-02-30')).fieldErrors?.departureDate).toEqual([SEARCH_MESSAGES.dateFormat])
    expect((await bad(`from=JFK&to=LHR&departureDate=${inDays(10)}&returnDate=${inDays(5)}`)).fieldErrors?.returnDate).toEqual([SEARCH_MESSAGES.returnBeforeDeparture])
    expect((await bad(`from=QQQ&to=LHR&departureDate=${inDays(10)}`)).fieldErrors?.from).toEqual([SEARCH_MESSAGES.unknownAirport])
    expect((await bad(`from=JFK&to=LH&departureDate=${inDays(10)}`)).fieldErrors?.to).toEqual([SEARCH_MESSAGES.airportCode])
    expect((await bad(`from=JFK&to=LHR&departureDate=${inDays(10)}&adults=0`)).fieldErrors?.adults).toBeDefined()
    expect((await bad(`from=JFK&to=LHR&departureDate=${inDays(10)}&adults=10`)).fieldErrors?.adults).toBeDefined()
    expect((await bad(`from=JFK&to=LHR&departureDate=${inDays(10)}&travelClass=coach`)).fieldErrors?.travelClass).toBeDefined()
    expect((await bad(`from=JFK&to=LHR&departureDate=${inDays(10)}&currency=US`)).fieldErrors?.currency).toEqual(['Currency must be a 3-letter code'])
  })

  it('hostile inputs are refused without reaching the database or leaking anything', async () => {
    const refused = async (query: string) => {
      const res = await t.client().request(`/api/flights/observed-history?${query}`)
      expect(res.status, query).toBe(400)
      const text = await res.text()
      expect(text, query).not.toMatch(/fare_observations|select |stack|at .*\.ts/i)
    }
    const date = `departureDate=${inDays(10)}`
    await refused(`from=${encodeURIComponent("JFK' OR '1'='1")}&to=LHR&${date}`)
    await refused(`from=JFK;DROP%20TABLE%20fare_observations&to=LHR&${date}`)
    await refused(`from=JFK%00&to=LHR&${date}`)
    await refused(`from=JFK&to=LHR&${date}&currency=${encodeURIComponent('US$')}`)
    await refused(`from=JFK,EWR,LGA,BOS,PHL,IAD,DCA,BWI,ORD,MDW,ATL&to=LHR&${date}`)
    await refused(`from=${'A'.repeat(5_000)}&to=LHR&${date}`)
    await refused(`from=JFK&to=LHR&departureDate=${encodeURIComponent('2027-01-01T00:00:00Z')}`)
    await refused(`from=JFK&to=LHR&${date}&adults=99999999999999999999`)
    await refused(`from=JFK&to=LHR&${date}&adults=1.5`)
    await refused(`from=JFK&to=LHR&${date}&returnDate=%ED%A0%80`) // invalid UTF-8: an encoded lone surrogate
    // A repeated parameter reads its first value, as every query route does.
    expect((await history(`from=JFK&from=QQQ&to=LHR&${date}`)).observations).toBe(0)
  })
})
