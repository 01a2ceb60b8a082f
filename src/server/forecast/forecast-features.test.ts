import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DAYS_BUCKETS, forecastFeatures, POSITION_BUCKETS, pricePosition, type ObservedFare } from './forecast-features.ts'

const H = 3_600_000
const NOW = new Date('2026-10-15T09:50:00Z')
const fare = (departureDate: string, hoursAgo: number, price: number, returnDate: string | null = null): ObservedFare => ({
  departureDate,
  returnDate,
  price,
  observedAt: new Date(NOW.getTime() - hoursAgo * H),
  source: 'check',
})
/** One price a day for `days` days before today (the latest 27 hours ago), then today's. */
const history = (date: string, usual: number, today: number, days = 7, returnDate: string | null = null) => [
  ...Array.from({ length: days }, (_, d) => fare(date, 24 * d + 27, usual, returnDate)),
  fare(date, 1, today, returnDate),
]

describe('pricePosition', () => {
  it('is ln(latest / median of daily lows) over the past two weeks', () => {
    const p = pricePosition(history('2026-11-20', 400, 360), NOW.getTime())!
    expect(p.latest).toBe(360)
    expect(p.position).toBeCloseTo(Math.log(0.9), 10)
  })

  it('needs a price from the last day and three earlier days', () => {
    expect(pricePosition(history('2026-11-20', 400, 360, 2), NOW.getTime())).toBeNull()
    expect(pricePosition(history('2026-11-20', 400, 360).slice(0, -1), NOW.getTime())).toBeNull()
  })

  it('ignores prices after now and those that are not positive', () => {
    const fares = [...history('2026-11-20', 400, 400), fare('2026-11-20', -3, 10), fare('2026-11-20', 0.5, 0)]
    expect(pricePosition(fares, NOW.getTime())!.position).toBe(0)
  })
})

describe('forecastFeatures', () => {
  const base = { departureDate: '2026-11-20', returnDate: null, now: NOW, daysToDeparture: 36 }

  it("uses the trip's own prices when it has them", () => {
    const f = forecastFeatures({ ...base, observations: history('2026-11-20', 400, 300) })!
    expect(f.basis).toBe('trip')
    expect(f.positionBucket).toBe(0)
    expect(f.daysBucket).toBe(DAYS_BUCKETS.findIndex((b) => 36 <= b))
  })

  it('falls back on how the neighbouring dates moved when the trip is new', () => {
    const observations = [fare('2026-11-20', 2, 380), ...history('2026-11-19', 400, 300), ...history('2026-11-22', 400, 320), ...history('2026-11-30', 400, 800)]
    const f = forecastFeatures({ ...base, observations })!
    expect(f.basis).toBe('neighbours')
    expect(f.latest).toBe(380)
    expect(f.position).toBeCloseTo((Math.log(0.75) + Math.log(0.8)) / 2, 10)
  })

  it('takes round trips of the same length only as neighbours, and says nothing without enough', () => {
    const rt = { ...base, returnDate: '2026-11-27' }
    const sevenNights = [...history('2026-11-19', 400, 300, 7, '2026-11-26'), ...history('2026-11-21', 400, 300, 7, '2026-11-28')]
    const otherLength = [...history('2026-11-19', 400, 300, 7, '2026-11-30'), ...history('2026-11-21', 400, 300, 7, null)]
    expect(forecastFeatures({ ...rt, observations: [fare('2026-11-20', 2, 380, '2026-11-27'), ...sevenNights] })?.basis).toBe('neighbours')
    expect(forecastFeatures({ ...rt, observations: [fare('2026-11-20', 2, 380, '2026-11-27'), ...otherLength] })).toBeNull()
    expect(forecastFeatures({ ...rt, observations: [] })).toBeNull()
    expect(forecastFeatures({ ...base, daysToDeparture: -1, observations: history('2026-11-20', 400, 300) })).toBeNull()
  })

  it('property: buckets are always in range, and the position is the trip’s own whenever it has one', () => {
    const obs = fc.record({
      offset: fc.integer({ min: -4, max: 4 }),
      hoursAgo: fc.integer({ min: -48, max: 24 * 20 }),
      price: fc.integer({ min: 0, max: 4000 }),
    })
    fc.assert(
      fc.property(fc.array(obs, { maxLength: 60 }), fc.integer({ min: 0, max: 400 }), (list, days) => {
        const observations = list.map((o) => fare(`2026-11-${String(20 + o.offset).padStart(2, '0')}`, o.hoursAgo, o.price))
        const f = forecastFeatures({ ...base, daysToDeparture: days, observations })
        if (!f) return
        expect(f.daysBucket).toBeGreaterThanOrEqual(0)
        expect(f.daysBucket).toBeLessThan(DAYS_BUCKETS.length)
        expect(f.positionBucket).toBeGreaterThanOrEqual(0)
        expect(f.positionBucket).toBeLessThan(POSITION_BUCKETS.length)
        expect(Number.isFinite(f.position)).toBe(true)
        const own = pricePosition(observations.filter((o) => o.departureDate === base.departureDate), NOW.getTime())
        if (own) expect(f).toMatchObject({ basis: 'trip', position: own.position })
      }),
    )
  })
})
