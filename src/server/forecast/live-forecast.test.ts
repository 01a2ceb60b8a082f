import { describe, expect, it } from 'vitest'
import type { ObservedFare } from './forecast-features.ts'
import { GATE_MIN_PREDICTIONS } from './forecast-gate.ts'
import { HOLDOUT_DAYS, measureLiveForecast, routeMoments, type LiveMoment } from './live-forecast.ts'

/** The live learner and its hold-out (decision 052, addendum of 2026-11-28), on synthetic observations. */

const H = 3_600_000
const D = 24 * H
const at = (iso: string) => new Date(iso)
const fare = (departureDate: string, observedAt: string, price: number, source: ObservedFare['source'] = 'check', returnDate: string | null = null): ObservedFare => ({
  departureDate,
  returnDate,
  price,
  observedAt: at(observedAt),
  source,
})
/** Two checks a day (09:00 and 21:00 UTC) from `first` for `days` days, at `price(day, hour)`. */
const checks = (departureDate: string, first: string, days: number, price: (day: number, hour: number) => number): ObservedFare[] =>
  Array.from({ length: days }, (_, d) => [9, 21].map((hour) => fare(departureDate, new Date(Date.parse(`${first}T00:00:00Z`) + d * D + hour * H).toISOString(), price(d, hour)))).flat()
const route = { haul: 'long-haul', timeZone: 'UTC' } as const
const day = (m: LiveMoment) => new Date(m.at).toISOString().slice(0, 16)

describe('routeMoments', () => {
  // One way to 2026-11-20, checked twice a day from 1 to 20 October at 100, except 90 on the 12th at 21:00.
  const trip = checks('2026-11-20', '2026-10-01', 20, (d, hour) => (d === 11 && hour === 21 ? 90 : 100))

  it("takes each trip's first check of a UTC day, labelled from its later observations, once its week is known", () => {
    // A search before the day's first check: the check is the moment, as the benchmark asks at the first check.
    const moments = routeMoments([...trip, fare('2026-11-20', '2026-10-03T07:00:00Z', 100, 'search')], route, at('2026-10-25T00:00:00Z'))
    // From 15 October on, nothing was seen in the horizon's last day: unknown, left out.
    expect(moments.map(day)).toEqual(Array.from({ length: 14 }, (_, d) => `2026-10-${String(d + 1).padStart(2, '0')}T09:00`))
    // The 90 of the 12th is within the week of the moments of the 6th to the 12th.
    expect(moments.map((m) => m.outcome).join(' ')).toBe([...Array(5).fill('none'), ...Array(7).fill('drop'), 'none', 'none'].join(' '))
    expect(moments.filter((m) => m.outcome === 'drop').every((m) => Math.abs(m.depth - 0.1) < 1e-9)).toBe(true)
    // Three days of history make the features; before that the forecast had nothing to say.
    expect(moments.map((m) => m.daysBucket === null)).toEqual([true, true, true, ...Array(11).fill(false)])
    expect(moments[5]).toMatchObject({ haul: 'long-haul', days: '22-60 days', price: 100, kayak: 'rise-or-stay' })
  })

  it('counts a moment only when its whole horizon closed by the time of the run', () => {
    expect(routeMoments(trip, route, at('2026-10-21T00:00:00Z')).map(day).at(-1)).toBe('2026-10-13T09:00')
  })

  it('takes a day of searches only when the trip had no check that day, and never within a day of departure', () => {
    const searched = [fare('2026-10-10', '2026-10-01T12:00:00Z', 100, 'search'), ...checks('2026-10-10', '2026-10-02', 8, () => 100)]
    const moments = routeMoments(searched, route, at('2026-10-20T00:00:00Z'))
    expect(moments.map(day)).toEqual(['2026-10-01T12:00', ...Array.from({ length: 7 }, (_, d) => `2026-10-0${d + 2}T09:00`)])
  })

  it('reads neighbouring dates of the same kind of trip for a trip seen under 3 days', () => {
    // The 22nd is seen from the 9th only; its neighbours (the 20th and 21st) have fallen 20 % since the 8th.
    const fall = (d: number) => (d >= 8 ? 80 : 100)
    const rows: ObservedFare[] = [...checks('2026-11-20', '2026-10-01', 20, fall), ...checks('2026-11-21', '2026-10-01', 20, fall), ...checks('2026-11-22', '2026-10-09', 12, () => 80)]
    const moments = routeMoments(rows, route, at('2026-11-01T00:00:00Z')).filter((m) => m.price === 80 && new Date(m.at).toISOString().startsWith('2026-10-09'))
    expect(moments).toHaveLength(3)
    // Same position bucket for all three: the 22nd borrowed its neighbours' fall.
    expect(new Set(moments.map((m) => m.positionBucket))).toEqual(new Set([0]))
  })
})

describe('measureLiveForecast', () => {
  const NOW = at('2026-12-01T00:00:00Z')
  const split = NOW.getTime() - (7 + HOLDOUT_DAYS) * D
  let n = 0
  /** A labelled moment `daysAgo` before NOW, in the long-haul 61+ days band, days bucket 11. */
  const moment = (daysAgo: number, positionBucket: number | null, outcome: LiveMoment['outcome'], over: Partial<LiveMoment> = {}): LiveMoment => {
    const t = NOW.getTime() - daysAgo * D - (n++ % 10) * H
    return { at: t, end: t + 7 * D, haul: 'long-haul', days: '61+ days', daysBucket: positionBucket === null ? null : 11, positionBucket, price: 500, outcome, depth: outcome === 'drop' ? 0.1 : 0, kayak: outcome === 'drop' ? 'fall' : 'rise-or-stay', ...over }
  }
  const many = (count: number, make: (i: number) => LiveMoment) => Array.from({ length: count }, (_, i) => make(i))

  it('scores the newest weeks with a model counted only from moments whose week ended before them', () => {
    const learned = [...many(200, (i) => moment(45 + (i % 40), 0, 'rise')), ...many(200, (i) => moment(45 + (i % 40), 6, 'drop'))]
    const heldOut = [...many(60, (i) => moment(8 + (i % 27), 0, 'rise')), ...many(60, (i) => moment(8 + (i % 27), 6, 'drop')), ...many(10, (i) => moment(8 + i, null, 'none'))]
    // Between the two (its week overlaps the hold-out), and not yet closed: counted by the served model only, or not at all.
    const between = many(5, () => moment(38, 0, 'drop'))
    const open = many(5, () => moment(3, 0, 'drop'))
    const m = measureLiveForecast([...learned, ...heldOut, ...between, ...open], NOW)
    expect(heldOut.every((x) => x.at >= split) && learned.every((x) => x.end <= split) && between.every((x) => x.end > split && x.at < split)).toBe(true)

    const row = m.gate.find((r) => r.haul === 'long-haul' && r.days === '61+ days')!
    // Each held-out moment said what the older counts say of its bucket; without features, "no clear signal".
    expect(row).toMatchObject({ predictions: 130, accuracy: 1, baseline: 0.077, shown: true })
    expect(m.gate.filter((r) => r !== row).every((r) => r.predictions === 0 && !r.shown)).toBe(true)
    expect(m.gate).toHaveLength(12)
    expect(m).toMatchObject({ holdoutLearnedMoments: 400, scoredMoments: 130, learnedMoments: 400 + 120 + 5 })
    // The served model counts every closed moment with features, the hold-out's included.
    expect(m.model.counts[11]![0]).toEqual([260, 5, 0])
    expect(m.model.counts[11]![6]).toEqual([0, 260, 0])
    expect(m.model.dropDepth).toBe(0.1)
  })

  it('is measured on what followed, not on what it learned: a market that turned is not shown', () => {
    const m = measureLiveForecast([...many(300, (i) => moment(45 + (i % 40), 0, 'drop')), ...many(150, (i) => moment(8 + (i % 27), 0, 'rise'))], NOW)
    expect(m.gate.find((r) => r.days === '61+ days' && r.haul === 'long-haul')).toMatchObject({ predictions: 150, accuracy: 0, baseline: 0, shown: false })
  })

  it(`shows nothing on fewer than ${GATE_MIN_PREDICTIONS} scored forecasts, nor before any moment is older than the hold-out`, () => {
    const few = measureLiveForecast([...many(200, (i) => moment(45 + (i % 40), 0, 'rise')), ...many(GATE_MIN_PREDICTIONS - 1, (i) => moment(8 + (i % 27), 0, 'rise'))], NOW)
    expect(few.gate.find((r) => r.days === '61+ days' && r.haul === 'long-haul')).toMatchObject({ predictions: GATE_MIN_PREDICTIONS - 1, accuracy: 1, shown: false })
    // A young deployment: every moment is in the hold-out, so the older model knows nothing and says "no clear signal".
    const young = measureLiveForecast(many(200, (i) => moment(8 + (i % 27), 0, 'rise')), NOW)
    expect(young).toMatchObject({ holdoutLearnedMoments: 0, scoredMoments: 200 })
    expect(young.gate.find((r) => r.days === '61+ days' && r.haul === 'long-haul')).toMatchObject({ predictions: 200, accuracy: 0, baseline: 0, shown: false })
    expect(measureLiveForecast([], NOW).gate.every((r) => r.predictions === 0 && !r.shown)).toBe(true)
  })
})
