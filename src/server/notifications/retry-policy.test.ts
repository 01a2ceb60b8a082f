import { describe, expect, it } from 'vitest'
import { backoffMs } from '../lib/backoff.ts'
import { DEFAULT_RETRY_POLICY } from './retry-policy.ts'

describe('a notice\'s retry delays', () => {
  const middle = () => 0.5 // no jitter

  it('starts at 30 s and doubles with each attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffMs(attempt, DEFAULT_RETRY_POLICY, middle))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000])
  })

  it('never waits more than an hour before jitter, however many attempts', () => {
    expect(backoffMs(8, DEFAULT_RETRY_POLICY, middle)).toBe(3_600_000)
    expect(backoffMs(500, DEFAULT_RETRY_POLICY, middle)).toBe(3_600_000)
  })

  it('spreads each delay by at most ±20 %', () => {
    expect(backoffMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(24_000)
    expect(backoffMs(1, DEFAULT_RETRY_POLICY, () => 0.999_999)).toBe(35_999)
    for (let i = 0; i < 200; i++) {
      const delay = backoffMs(3, DEFAULT_RETRY_POLICY)
      expect(delay).toBeGreaterThanOrEqual(96_000)
      expect(delay).toBeLessThanOrEqual(144_000)
    }
  })
})
