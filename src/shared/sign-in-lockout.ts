/**
 * The sign-in lockout rules (spec sections 4 and 9), shared by the browser's countdown and the
 * server's enforcement: 5 failures lock for 15 minutes; from the 3rd failure a warning shows the
 * attempts left; each retry waits 1 s after the first failure, doubling from the
 * second (2 s, 4 s, …), up to 30 s.
 */
export const MAX_FAILED_ATTEMPTS = 5
export const LOCKOUT_MS = 15 * 60_000
export const WARN_FROM_FAILURES = 3
export const RETRY_DELAY_BASE_MS = 1_000
export const RETRY_DELAY_MAX_MS = 30_000

/** The record kept in local storage (spec: count, firstAttemptTime, lastAttemptTime, lockedUntil). */
export interface LockoutRecord {
  count: number
  firstAttemptTime: number
  lastAttemptTime: number
  lockedUntil: number | null
}

export function emptyLockout(): LockoutRecord {
  return { count: 0, firstAttemptTime: 0, lastAttemptTime: 0, lockedUntil: null }
}

/** Adds one failure at `now`; the fifth locks the form for 15 minutes. */
export function recordFailure(record: LockoutRecord, now: number): LockoutRecord {
  const fresh = isExpired(record, now) ? emptyLockout() : record
  const count = fresh.count + 1
  return {
    count,
    firstAttemptTime: fresh.count === 0 ? now : fresh.firstAttemptTime,
    lastAttemptTime: now,
    lockedUntil: count >= MAX_FAILED_ATTEMPTS ? now + LOCKOUT_MS : null,
  }
}

/** A lock that has run out, or failures older than the lockout window, no longer count. */
export function isExpired(record: LockoutRecord, now: number): boolean {
  if (record.lockedUntil !== null) return now >= record.lockedUntil
  return record.count > 0 && now - record.lastAttemptTime >= LOCKOUT_MS
}

export function lockRemainingMs(record: LockoutRecord, now: number): number {
  return record.lockedUntil !== null && now < record.lockedUntil ? record.lockedUntil - now : 0
}

/** Delay before the next attempt: 1 s after the first failure, doubling from the second, capped at 30 s. */
export function retryDelayMs(failures: number): number {
  if (failures < 1) return 0
  return Math.min(RETRY_DELAY_BASE_MS * 2 ** (failures - 1), RETRY_DELAY_MAX_MS)
}

export function attemptsLeft(record: LockoutRecord): number {
  return Math.max(0, MAX_FAILED_ATTEMPTS - record.count)
}

export function shouldWarn(record: LockoutRecord): boolean {
  return record.count >= WARN_FROM_FAILURES && record.lockedUntil === null
}

/** mm:ss, e.g. 14:59. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000)
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}
