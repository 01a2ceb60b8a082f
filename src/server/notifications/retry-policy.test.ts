import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY, retryDelayMs } from './retry-policy.ts'

describe('retryDelayMs', () => {
  const middle = () => 0.5 // no jitter

  it('starts at 30 s and doubles with each attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, DEFAULT_RETRY_POLICY, middle))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000])
  })

  it('never waits more than an hour before jitter, however many attempts', () => {
    expect(retryDelayMs(8, DEFAULT_RETRY_POLICY, middle)).toBe(3_600_000)
    expect(retryDelayMs(500, DEFAULT_RETRY_POLICY, middle)).toBe(3_600_000)
  })

  it('spreads each delay by at most ±20 %', () => {
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(24_000)
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.999_999)).toBe(36_000)
    for (let i = 0; i < 200; i++) {
      const delay = retryDelayMs(3, DEFAULT_RETRY_POLICY)
      expect(delay).toBeGreaterThanOrEqual(96_000)
      expect(delay).toBeLessThanOrEqual(144_000)
    }
  })
})
