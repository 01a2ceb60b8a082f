import { describe, expect, it } from 'vitest'
import {
  LOCKOUT_MS,
  attemptsLeft,
  emptyLockout,
  formatCountdown,
  isExpired,
  lockRemainingMs,
  recordFailure,
  retryDelayMs,
  shouldWarn,
} from './sign-in-lockout.ts'

const fail = (times: number, start = 1_000_000, step = 1_000) => {
  let record = emptyLockout()
  for (let i = 0; i < times; i++) record = recordFailure(record, start + i * step)
  return record
}

describe('sign-in lockout', () => {
  it('locks for 15 minutes on the fifth failure', () => {
    expect(fail(4).lockedUntil).toBeNull()
    const locked = fail(5)
    expect(locked.lockedUntil).toBe(1_000_000 + 4_000 + LOCKOUT_MS)
    expect(lockRemainingMs(locked, 1_004_000)).toBe(LOCKOUT_MS)
    expect(formatCountdown(lockRemainingMs(locked, 1_004_000))).toBe('15:00')
    expect(formatCountdown(lockRemainingMs(locked, 1_004_000 + 61_500))).toBe('13:59')
  })

  it('keeps the spec record fields', () => {
    expect(fail(2)).toEqual({ count: 2, firstAttemptTime: 1_000_000, lastAttemptTime: 1_001_000, lockedUntil: null })
  })

  it('clears the lock when it expires', () => {
    const locked = fail(5)
    expect(isExpired(locked, locked.lockedUntil! - 1)).toBe(false)
    expect(isExpired(locked, locked.lockedUntil!)).toBe(true)
    expect(recordFailure(locked, locked.lockedUntil! + 1).count).toBe(1)
  })

  it('warns with the attempts left from the third failure', () => {
    expect(shouldWarn(fail(2))).toBe(false)
    expect(shouldWarn(fail(3))).toBe(true)
    expect(attemptsLeft(fail(3))).toBe(2)
    expect(attemptsLeft(fail(4))).toBe(1)
    expect(shouldWarn(fail(5))).toBe(false)
  })

  it('waits 1 s after a failure, doubling from the second, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
})
