import { describe, expect, it } from 'vitest'
import { backoffMs } from '../lib/backoff.ts'
import { checkIntervalMs, jitterMs, MAX_JITTER_MS, nextCheckAt, PERMANENT_BACKOFF, RETRYABLE_BACKOFF } from './schedule.ts'

const NOW = new Date('2027-01-01T00:00:00Z')
const HOUR = 3_600_000
const after = (frequency: string, random: number) => nextCheckAt(frequency, NOW, () => random).getTime() - NOW.getTime()

describe('nextCheckAt', () => {
  it('adds the frequency’s interval, named or custom', () => {
    expect(checkIntervalMs('15d')).toBe(360 * HOUR)
    expect(checkIntervalMs('12h')).toBe(12 * HOUR)
    expect(checkIntervalMs('1h')).toBe(HOUR)
    expect(checkIntervalMs('3h')).toBe(3 * HOUR)
    expect(checkIntervalMs('2d')).toBe(48 * HOUR)
    expect(after('12h', 0)).toBe(12 * HOUR)
    // Unlimited's custom intervals in minutes (decision 040), down to 15.
    expect(checkIntervalMs('15m')).toBe(HOUR / 4)
    expect(checkIntervalMs('90m')).toBe(1.5 * HOUR)
    expect(after('15m', 0)).toBe(HOUR / 4)
    expect(after('15m', 0.999)).toBeLessThan(HOUR / 4 + 45_000)
  })

  it('only ever adds jitter: up to 5 % of the interval, at most 30 minutes', () => {
    expect(after('1h', 0)).toBe(HOUR)
    expect(after('1h', 0.999_999)).toBeLessThan(HOUR + 0.05 * HOUR)
    expect(after('1h', 0.999_999)).toBeGreaterThan(HOUR + 0.049 * HOUR)
    // 5 % of 12 h is 36 min: capped at 30.
    expect(after('12h', 0.999_999)).toBeLessThan(12 * HOUR + MAX_JITTER_MS)
    expect(after('15d', 0.999_999)).toBeLessThan(360 * HOUR + MAX_JITTER_MS)
    expect(after('15d', 0.5)).toBe(360 * HOUR + MAX_JITTER_MS / 2)
  })

  it('spreads alerts created together', () => {
    const spread = new Set(Array.from({ length: 50 }, () => jitterMs(12 * HOUR)))
    expect(spread.size).toBeGreaterThan(40)
    for (const value of spread) expect(value).toBeGreaterThanOrEqual(0)
  })

  it('falls back to 15 days for a frequency it cannot read', () => {
    expect(checkIntervalMs('weekly')).toBe(360 * HOUR)
  })
})

describe('backoffMs', () => {
  it('doubles per attempt, half fixed and half random, up to the cap', () => {
    const low = (n: number) => backoffMs(n, RETRYABLE_BACKOFF, () => 0)
    const high = (n: number) => backoffMs(n, RETRYABLE_BACKOFF, () => 0.999_999)
    expect([1, 2, 3].map(low)).toEqual([30_000, 60_000, 120_000])
    expect(high(1)).toBeLessThan(60_000)
    expect(high(1)).toBeGreaterThan(59_000)
    expect(high(20)).toBeLessThanOrEqual(HOUR)
    expect(low(20)).toBe(HOUR / 2)
    expect(backoffMs(1, PERMANENT_BACKOFF, () => 0)).toBe(HOUR / 2)
  })
})
