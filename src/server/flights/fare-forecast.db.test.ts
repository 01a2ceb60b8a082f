import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fareForecastSchema, type FareForecast } from '#shared/flights/forecast.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { fareObservations } from '../db/schema.ts'
import { forecastGate } from '../forecast/forecast-gate.ts'
import { predictForecast } from '../forecast/predict-forecast.ts'

/** GET /api/flights/forecast: the buy-or-wait forecast of one trip from FareDrop's observations (decision 052). */

const H = 3_600_000
const NOW = new Date('2026-10-15T09:50:00Z')
// JFK–LHR is long-haul (5,540 km); 2026-11-20 is 36 days after NOW in New York.
const DEPARTURE = '2026-11-20'
const RETURN = '2026-11-27'

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}
type ErrorBody = { error: { code: string; message: string; fieldErrors?: Record<string, string[]> } }

type Row = typeof fareObservations.$inferInsert
const row = (over: Partial<Row> & { hoursAgo: number; price: number }): Row => ({
  origin: 'JFK',
  destination: 'LHR',
  departureDate: DEPARTURE,
  returnDate: RETURN,
  cabin: 1,
  adults: 1,
  currency: 'USD',
  lowestPrice: over.price,
  observedAt: new Date(NOW.getTime() - over.hoursAgo * H),
  source: 'check',
  ...over,
})
/** A price a day for a week (the latest 27 hours ago), then today's. */
const week = (usual: number, today: number, over: Partial<Row> = {}): Row[] => [
  ...Array.from({ length: 7 }, (_, d) => row({ ...over, hoursAgo: 24 * d + 27, price: usual })),
  row({ ...over, hoursAgo: 1, price: today }),
]
/** What the pure predictor says of these rows. */
const predicted = (rows: Row[], departureDate: string, returnDate: string, daysToDeparture: number) =>
  predictForecast({
    departureDate,
    returnDate,
    now: NOW,
    daysToDeparture,
    observations: rows.map((r) => ({ departureDate: r.departureDate, returnDate: r.returnDate ?? null, price: r.lowestPrice, observedAt: r.observedAt, source: r.source })),
  })

describe('buy-or-wait forecast', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
    t.now.value = NOW
  })
  afterAll(async () => {
    await t.close()
  })

  const forecast = async (query: string) => {
    const answer = await json<FareForecast>(await t.client().request(`/api/flights/forecast?${query}`))
    expect(fareForecastSchema.parse(answer), 'the shared schema, losing nothing').toEqual(answer)
    return answer
  }
  const trip = `from=JFK&to=LHR&departureDate=${DEPARTURE}&returnDate=${RETURN}`
  const gate = forecastGate('long-haul', '22-60 days')!

  it('says "no clear signal" with no confidence for a trip FareDrop has not seen, and is not shown', async () => {
    expect(await forecast(trip)).toEqual({
      signal: 'none',
      confidence: 0,
      horizon_days: 7,
      shown: false,
      accuracy: gate.accuracy,
      reason: 'No clear signal: not enough prices seen yet',
      accuracy_source: 'replay',
    })
  })

  it("forecasts from the trip's own prices, as the pure predictor does, and mixes in no other trip", async () => {
    const own = week(640, 520)
    await t.database.db.insert(fareObservations).values([
      ...own,
      // Not this trip's: other cabin, party, currency, direction, one way, far dates, the future, long ago.
      ...week(100, 5_000, { cabin: 3 }),
      ...week(100, 5_000, { adults: 2 }),
      ...week(100, 5_000, { currency: 'EUR' }),
      ...week(100, 5_000, { origin: 'LHR', destination: 'JFK' }),
      ...week(100, 5_000, { returnDate: null }),
      ...week(100, 5_000, { departureDate: '2026-11-24', returnDate: '2026-12-01' }),
      row({ hoursAgo: -5, price: 9_999 }),
      row({ hoursAgo: 24 * 40, price: 1 }),
    ])
    const expected = predicted(own, DEPARTURE, RETURN, 36)
    expect(expected.confidence).toBeGreaterThan(0)
    expect(await forecast(trip)).toEqual({ ...expected, shown: gate.shown, accuracy: gate.accuracy, accuracy_source: 'replay' })
    // A lower-case currency is the same trip.
    expect(await forecast(`${trip}&currency=usd`)).toEqual(await forecast(trip))
  })

  it('for a trip seen only today, reads how the neighbouring dates of the route moved', async () => {
    const dep = '2026-12-10'
    const ret = '2026-12-17'
    const rows = [
      row({ departureDate: dep, returnDate: ret, hoursAgo: 2, price: 700 }),
      ...week(800, 600, { departureDate: '2026-12-09', returnDate: '2026-12-16' }),
      ...week(820, 610, { departureDate: '2026-12-12', returnDate: '2026-12-19' }),
    ]
    await t.database.db.insert(fareObservations).values(rows)
    const answer = await forecast(`from=JFK&to=LHR&departureDate=${dep}&returnDate=${ret}`)
    expect(answer).toMatchObject(predicted(rows, dep, ret, 56))
    expect(answer.confidence).toBeGreaterThan(0)
    // Both neighbours fell about 25 %: the model's counts say what follows such a fall on the route.
    expect(answer.reason).not.toContain('not enough prices')
    // A round trip of another length is no neighbour: alone, the trip has too little to say.
    await t.database.db.insert(fareObservations).values(row({ departureDate: '2026-12-11', returnDate: '2026-12-14', hoursAgo: 2, price: 700 }))
    expect((await forecast(`from=JFK&to=LHR&departureDate=2026-12-11&returnDate=2026-12-14`)).confidence).toBe(0)
  })

  it('is never shown for a trip that has left, and shows the measured accuracy of short trips close in', async () => {
    expect(await forecast('from=JFK&to=LHR&departureDate=2026-10-01')).toMatchObject({ signal: 'none', shown: false, accuracy: null, accuracy_source: null })
    const close = forecastGate('short-haul', '0-7 days')!
    // Nothing seen of it yet: its kind's accuracy, but nothing to show.
    expect(await forecast('from=SFO&to=LAX&departureDate=2026-10-18')).toMatchObject({ shown: false, accuracy: close.accuracy })
  })

  it('refuses bad queries with messages on their fields', async () => {
    const bad = async (query: string) => (await json<ErrorBody>(await t.client().request(`/api/flights/forecast?${query}`), 400)).error
    expect((await bad('from=JFK&to=LHR')).fieldErrors?.departureDate).toBeDefined()
    expect((await bad('from=JFK&to=LHR&departureDate=2027-02-30')).fieldErrors?.departureDate).toEqual([SEARCH_MESSAGES.dateFormat])
    expect((await bad('from=JFK&to=LHR&departureDate=2026-12-10&returnDate=2026-12-01')).fieldErrors?.returnDate).toEqual([SEARCH_MESSAGES.returnBeforeDeparture])
    expect((await bad('from=QQQ&to=LHR&departureDate=2026-12-10')).fieldErrors?.from).toEqual([SEARCH_MESSAGES.unknownAirport])
    expect((await bad('from=JFK&to=LH&departureDate=2026-12-10')).fieldErrors?.to).toEqual([SEARCH_MESSAGES.airportCode])
    expect((await bad('from=JFK&to=LHR&departureDate=2026-12-10&adults=0')).fieldErrors?.adults).toBeDefined()
    expect((await bad('from=JFK&to=LHR&departureDate=2026-12-10&travelClass=coach')).fieldErrors?.travelClass).toBeDefined()
    expect((await bad('from=JFK&to=LHR&departureDate=2026-12-10&currency=US')).fieldErrors?.currency).toEqual(['Currency must be a 3-letter code'])
  })

  it('hostile inputs are refused with 400 without reaching the database or leaking anything', async () => {
    const refused = async (query: string) => {
      const res = await t.client().request(`/api/flights/forecast?${query}`)
      expect(res.status, query).toBe(400)
      const text = await res.text()
      expect(text, query).not.toMatch(/fare_observations|select |stack|at .*\.ts/i)
      expect(JSON.parse(text).error.message, query).toBeTruthy()
    }
    const date = 'departureDate=2026-12-10'
    await refused(`from=${encodeURIComponent("JFK' OR '1'='1")}&to=LHR&${date}`)
    await refused(`from=JFK;DROP%20TABLE%20fare_observations&to=LHR&${date}`)
    await refused(`from=JFK%00&to=LHR&${date}`)
    await refused(`from=JFK&to=LHR&departureDate=2026-12-10%00`)
    await refused(`from=JFK&to=LHR&${date}&currency=US%00D`)
    await refused(`from=JFK&to=LHR&${date}&currency=${encodeURIComponent('US$')}`)
    await refused(`from=${'A'.repeat(5_000)}&to=LHR&${date}`)
    await refused(`from=JFK&to=LHR&${date}&returnDate=${'9'.repeat(10_000)}`)
    await refused(`from=JFK&to=LHR&departureDate=${encodeURIComponent('2027-01-01T00:00:00Z')}`)
    await refused(`from=JFK&to=LHR&departureDate=0000-00-00`)
    await refused(`from=JFK&to=LHR&${date}&adults=99999999999999999999`)
    await refused(`from=JFK&to=LHR&${date}&adults=1.5`)
    await refused(`from=JFK&to=LHR&${date}&returnDate=%ED%A0%80`)
  })
})
