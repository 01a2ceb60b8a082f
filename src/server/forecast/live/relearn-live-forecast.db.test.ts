import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fareForecastSchema, type FareForecast } from '#shared/flights/forecast.ts'
import type { ObservedHistory } from '#shared/flights/observed-history.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { fareObservations, liveForecastModels } from '../../db/schema.ts'
import { forecastGate } from '../forecast-gate.ts'
import { HOLDOUT_DAYS } from '../live-forecast.ts'
import { relearnLiveForecast } from './relearn-live-forecast.ts'

/**
 * The worker's daily re-count of the forecast from the live fare_observations, and the endpoint's
 * choice of model and gate by provider (decision 052, addendum of 2026-11-28).
 */

const H = 3_600_000
const D = 24 * H
const NOW = new Date('2026-11-28T06:00:00Z')
// JFK–LHR is long-haul; departures 200 days out stay in the 61+ days band for all 90 days of rows.
const DEPARTURES = ['2027-06-15', '2027-06-16', '2027-06-17', '2027-06-18', '2027-06-19']
const stay = (departureDate: string) => new Date(Date.parse(`${departureDate}T00:00:00Z`) + 7 * D).toISOString().slice(0, 10)

type Row = typeof fareObservations.$inferInsert
/** Five round trips checked twice a day for 90 days, each fare 1 % dearer each day: every week ends more than 5 % up ("likely to rise"). */
function risingMarket(): Row[] {
  const rows: Row[] = []
  DEPARTURES.forEach((departureDate, trip) => {
    for (let day = 90; day >= 0; day--) {
      for (const hour of [2, 14]) {
        const observedAt = new Date(NOW.getTime() - day * D - hour * H)
        const age = (NOW.getTime() - observedAt.getTime()) / D
        const price = Math.round(600 * (1 + trip / 20) * Math.pow(1.01, 90 - age) * 100) / 100
        rows.push({ origin: 'JFK', destination: 'LHR', departureDate, returnDate: stay(departureDate), cabin: 1, adults: 1, currency: 'USD', lowestPrice: price, observedAt, source: 'check' })
      }
    }
  })
  // Another route, cabin and currency: read as routes of their own; an unknown airport is skipped.
  rows.push(...rows.slice(0, 40).map((r) => ({ ...r, cabin: 3 })), ...rows.slice(0, 40).map((r) => ({ ...r, origin: 'QQQ' })))
  return rows
}

async function json<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as T
}

describe('the live forecast: re-counted daily from the observed fares, gated on a hold-out', () => {
  let simulated: TestApp
  let serpapi: TestApp

  beforeAll(async () => {
    simulated = await createTestApp()
    serpapi = await createTestApp({ SERPAPI_API_KEY: 'test-key-123' })
    for (const t of [simulated, serpapi]) {
      t.now.value = NOW
      await t.database.db.insert(fareObservations).values(risingMarket())
    }
  })
  afterAll(async () => {
    await simulated.close()
    await serpapi.close()
  })

  const forecast = async (t: TestApp, departureDate = DEPARTURES[2]!) => {
    const answer = await json<FareForecast>(await t.client().request(`/api/flights/forecast?from=JFK&to=LHR&departureDate=${departureDate}&returnDate=${stay(departureDate)}`))
    expect(fareForecastSchema.parse(answer)).toEqual(answer)
    return answer
  }

  it('on SerpApi, shows nothing until a live measurement says the forecast beats silence there', async () => {
    expect(serpapi.services.flights.providerId).toBe('serpapi')
    const before = await forecast(serpapi)
    // The prices seen say something, but nothing measured it on this provider's fares.
    expect(before.confidence).toBeGreaterThan(0)
    expect(before).toMatchObject({ shown: false, accuracy: null, accuracy_source: null })

    const result = await relearnLiveForecast({ db: serpapi.database.db, now: NOW, provider: 'serpapi' })
    // The rows over 90 days old (two a trip, two of the business-class copy) are not read; the unknown airport's route is skipped.
    expect(result).toMatchObject({ provider: 'serpapi', routes: 2, observationsRead: 910 - 10 + 40 - 2, truncated: false, shownBands: 1 })

    const [stored] = await serpapi.database.db.select().from(liveForecastModels).where(eq(liveForecastModels.provider, 'serpapi'))
    expect(stored).toMatchObject({ measuredAt: NOW, holdoutDays: HOLDOUT_DAYS, truncated: false, scoredMoments: result.scoredMoments, learnedMoments: result.learnedMoments })
    // Moments are each trip's first check of a day, and the hold-out is the newest 28 days whose week has passed.
    expect(stored!.scoredMoments).toBeGreaterThanOrEqual(5 * (HOLDOUT_DAYS - 1))
    expect(stored!.holdoutLearnedMoments).toBeGreaterThan(100)
    const gate = stored!.gate as Array<{ haul: string; days: string; predictions: number; accuracy: number; baseline: number; shown: boolean }>
    expect(gate).toHaveLength(12)
    expect(gate.find((r) => r.haul === 'long-haul' && r.days === '61+ days')).toMatchObject({ predictions: stored!.scoredMoments, accuracy: 1, baseline: 0, shown: true })
    expect(gate.filter((r) => r.shown)).toHaveLength(1)
    const model = stored!.model as { counts: number[][][]; dropDepth: number }
    // Every week rose: the counts hold rises only.
    expect(model.counts.flat().reduce((sum, [rise, drop, none]) => ({ rise: sum.rise + rise!, other: sum.other + drop! + none! }), { rise: 0, other: 0 })).toEqual({ rise: stored!.learnedMoments, other: 0 })

    expect(await forecast(serpapi)).toMatchObject({ signal: 'rise', shown: true, accuracy: 1, accuracy_source: 'live' })
    // A kind of trip the live measurement could not judge stays hidden on SerpApi.
    await serpapi.database.db.insert(fareObservations).values(
      [3, 2, 1].map((day) => ({ origin: 'JFK', destination: 'LHR', departureDate: '2027-01-10', returnDate: '2027-01-17', cabin: 1, adults: 1, currency: 'USD', lowestPrice: 700, observedAt: new Date(NOW.getTime() - day * D), source: 'check' as const })),
    )
    expect(await forecast(serpapi, '2027-01-10')).toMatchObject({ shown: false, accuracy: null, accuracy_source: null })
  })

  it("on the simulated market, keeps the committed replay's model and gate without a live verdict, and takes the live one where it has one", async () => {
    const replay = forecastGate('long-haul', '61+ days')!
    expect(await forecast(simulated)).toMatchObject({ shown: replay.shown, accuracy: replay.accuracy, accuracy_source: 'replay' })

    await relearnLiveForecast({ db: simulated.database.db, now: NOW, provider: 'simulated' })
    // Another provider's measurement is not this one's.
    expect(await simulated.database.db.select({ provider: liveForecastModels.provider }).from(liveForecastModels)).toEqual([{ provider: 'simulated' }])
    expect(await forecast(simulated)).toMatchObject({ signal: 'rise', shown: true, accuracy: 1, accuracy_source: 'live' })
    // The 22-60 days band had no live forecasts: the replay still speaks for it.
    const near = forecastGate('long-haul', '22-60 days')!
    expect(await forecast(simulated, '2027-01-10')).toMatchObject({ accuracy: near.accuracy, accuracy_source: 'replay' })

    // A measurement over a week old is not used.
    simulated.now.value = new Date(NOW.getTime() + 8 * D)
    expect(await forecast(simulated)).toMatchObject({ accuracy_source: 'replay' })
    simulated.now.value = NOW
  })

  it('reads within its caps and says so when it stops early', async () => {
    const result = await relearnLiveForecast({ db: serpapi.database.db, now: NOW, provider: 'serpapi' }, { routesPerPage: 1, rowsPerRoute: 100, maxRows: 120, holdoutDays: HOLDOUT_DAYS })
    // Paged one route key at a time: the first route's newest 100 rows, the second's newest 20 (the total cap).
    expect(result).toMatchObject({ routes: 2, observationsRead: 120, truncated: true })
  })

  it("reads only the running provider's fares, and those recorded before fares named one", async () => {
    const relearn = () => relearnLiveForecast({ db: serpapi.database.db, now: NOW, provider: 'serpapi' })
    const history = async () => json<ObservedHistory>(await serpapi.client().request(`/api/flights/observed-history?from=JFK&to=LHR&departureDate=${DEPARTURES[2]}&returnDate=${stay(DEPARTURES[2]!)}`))
    const before = { relearned: await relearn(), forecast: await forecast(serpapi), history: await history() }
    expect(before.history.observations).toBe(182)

    // The simulated market's fares of the same trips, at half the price (a deployment that switched to SerpApi).
    await serpapi.database.db.insert(fareObservations).values(risingMarket().map((r) => ({ ...r, lowestPrice: r.lowestPrice / 2, provider: 'simulated' })))
    expect({ relearned: await relearn(), forecast: await forecast(serpapi), history: await history() }).toEqual(before)

    // A trip only the other provider priced: nothing seen here, so nothing to say; the same prices seen here do speak.
    const tripOn = (departureDate: string, provider: string) =>
      risingMarket()
        .filter((r) => r.departureDate === DEPARTURES[0] && r.origin === 'JFK' && r.cabin === 1)
        .map((r) => ({ ...r, departureDate, returnDate: stay(departureDate), provider }))
    await serpapi.database.db.insert(fareObservations).values([...tripOn('2027-03-01', 'simulated'), ...tripOn('2027-03-20', 'serpapi')])
    expect((await forecast(serpapi, '2027-03-01')).confidence).toBe(0)
    expect((await forecast(serpapi, '2027-03-20')).confidence).toBeGreaterThan(0)

    // SerpApi's own, and unnamed ones, count.
    const read = (await relearn()).observationsRead
    const own = risingMarket().filter((r) => r.departureDate === DEPARTURES[2] && r.origin === 'JFK' && r.cabin === 1).slice(-4)
    await serpapi.database.db.insert(fareObservations).values([...own.slice(0, 3).map((r) => ({ ...r, provider: 'serpapi' })), { ...own[3]!, provider: null }])
    expect((await relearn()).observationsRead).toBe(read + 4)
    expect((await history()).observations).toBe(182 + 4)
  })
})
