import { describe, expect, it } from 'vitest'
import { median, readOptions, twoAgainstOne } from './report.ts'

const round = (one: number, two: number, oneMs = 50_000, twoMs = 30_000) => ({ one: { rate: one, wallMs: oneMs }, two: { rate: two, wallMs: twoMs } })

describe('two workers against one (decision 058)', () => {
  it('judges one round on its own ratio, as before', () => {
    expect(twoAgainstOne([round(2_000, 3_100)])).toEqual({ ratio: 1.55, pass: false, line: '2 workers vs 1: 1.55× the alerts checked per second  (>= 1.6×  FAIL)' })
  })

  it('judges rounds on their median, so one noisy single-worker run neither passes nor fails the goal', () => {
    const result = twoAgainstOne([round(2_000, 3_000, 50_000, 33_000), round(1_500, 3_000, 66_000, 33_000), round(2_000, 3_400, 50_000, 29_000)])
    expect(result.ratio).toBeCloseTo(1.7)
    expect(result.pass).toBe(true)
    expect(result.line).toBe('2 workers vs 1: 1.70× the alerts checked per second (median of 3 rounds: 1.50×, 2.00×, 1.70×; median cycles 50.0 s and 33.0 s)  (>= 1.6×  PASS)')
  })

  it('takes the mean of the middle two for an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([1.68, 1.81, 1.74, 1.77])).toBeCloseTo(1.755)
  })
})

describe('ROUNDS', () => {
  it('is 1 unless asked', () => {
    expect(readOptions([], {}).rounds).toBe(1)
    expect(readOptions([], { ROUNDS: '4' }).rounds).toBe(4)
    expect(readOptions(['--rounds=3'], {}).rounds).toBe(3)
  })

  it('refuses a value that would run no round, instead of printing nothing', () => {
    for (const value of ['0', '-2', '2.5', 'four', ''])
      expect(() => readOptions([], { ROUNDS: value })).toThrow(`ROUNDS must be a whole number of at least 1, not ${JSON.stringify(value)}`)
  })
})
