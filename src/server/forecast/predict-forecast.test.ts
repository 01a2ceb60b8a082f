import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DAYS_BUCKETS, POSITION_BUCKETS, type ObservedFare } from './forecast-features.ts'

const BUCKET_36_DAYS = DAYS_BUCKETS.findIndex((b) => 36 <= b)
import { emptyForecastModel, learnForecastModel, outcomeProbabilities, SIGNALS, type LabelledSample } from './forecast-model.ts'
import { predictForecast } from './predict-forecast.ts'
import { FORECAST_WORDS } from '#shared/flights/forecast.ts'
import { LEARNED_FORECAST_MODEL } from './learned-forecast-model.ts'

const H = 3_600_000
const NOW = new Date('2026-10-15T09:50:00Z')
const fare = (hoursAgo: number, price: number): ObservedFare => ({ departureDate: '2026-11-20', returnDate: null, price, observedAt: new Date(NOW.getTime() - hoursAgo * H), source: 'search' })
const trip = (today: number) => [...Array.from({ length: 7 }, (_, d) => fare(24 * d + 27, 400)), fare(1, today)]
const input = (today: number, daysToDeparture = 36) => ({ departureDate: '2026-11-20', returnDate: null, now: NOW, daysToDeparture, observations: trip(today) })

describe('predictForecast', () => {
  it('says the most frequent outcome of its bucket, with that frequency as its confidence', () => {
    const many = (outcome: LabelledSample['outcome'], n: number, positionBucket: number): LabelledSample[] =>
      Array.from({ length: n }, () => ({ daysBucket: BUCKET_36_DAYS, positionBucket, outcome, depth: outcome === 'drop' ? 0.1 : 0 }))
    const model = learnForecastModel([...many('rise', 90, 0), ...many('none', 10, 0), ...many('drop', 80, 6), ...many('none', 20, 6)])
    const low = predictForecast(input(300), model)
    expect(low).toMatchObject({ signal: 'rise', horizon_days: 7, reason: 'Likely to rise: below its recent prices' })
    expect(low.confidence).toBeCloseTo((90 + 10 * 0.45) / 110, 2)
    expect(predictForecast(input(500), model)).toMatchObject({ signal: 'drop', reason: 'Likely to drop: above its recent prices' })
    expect(model.dropDepth).toBe(0.1)
  })

  it('says "no clear signal" with no confidence when it has too few prices, or an empty model', () => {
    expect(predictForecast({ ...input(300), observations: [fare(1, 300)] })).toEqual({ signal: 'none', confidence: 0, horizon_days: 7, reason: 'No clear signal: not enough prices seen yet' })
    expect(predictForecast(input(300), emptyForecastModel())).toMatchObject({ signal: 'none', confidence: 1 })
  })

  it('property: with the committed model, any prices give a valid forecast', () => {
    const obs = fc.record({ hoursAgo: fc.integer({ min: 0, max: 24 * 30 }), price: fc.integer({ min: 1, max: 9000 }) })
    fc.assert(
      fc.property(fc.array(obs, { maxLength: 40 }), fc.integer({ min: 0, max: 330 }), (list, days) => {
        const f = predictForecast({ departureDate: '2026-11-20', returnDate: null, now: NOW, daysToDeparture: days, observations: list.map((o) => fare(o.hoursAgo, o.price)) })
        expect(SIGNALS).toContain(f.signal)
        expect(f.confidence).toBeGreaterThanOrEqual(0)
        expect(f.confidence).toBeLessThanOrEqual(1)
        expect(f.horizon_days).toBe(7)
        // The UI splits the reason after the signal's words (web/components/fare-forecast.tsx).
        expect(f.reason === FORECAST_WORDS[f.signal] || f.reason.startsWith(`${FORECAST_WORDS[f.signal]}: `)).toBe(true)
      }),
    )
  })
})

describe('the learned model', () => {
  it('covers every bucket, and each bucket’s probabilities sum to 1', () => {
    expect(LEARNED_FORECAST_MODEL.counts).toHaveLength(DAYS_BUCKETS.length)
    for (const [d, row] of LEARNED_FORECAST_MODEL.counts.entries()) {
      expect(row).toHaveLength(POSITION_BUCKETS.length)
      for (let p = 0; p < row.length; p++) expect(outcomeProbabilities(LEARNED_FORECAST_MODEL, d, p).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10)
    }
    expect(LEARNED_FORECAST_MODEL.dropDepth).toBeGreaterThan(0)
  })
})
