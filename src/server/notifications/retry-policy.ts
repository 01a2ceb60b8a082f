import type { BackoffPolicy } from '../lib/backoff.ts'

/**
 * When a notice that failed for a passing reason is tried again (the one backoff formula,
 * lib/backoff.ts), so a provider outage isn't hammered and a crowd of retries doesn't arrive in step.
 */
export interface RetryPolicy extends BackoffPolicy {
  /** Attempts (claims) before the row is given up as dead. */
  maxAttempts: number
}

/** 30 s, 1 min, 2 min … capped at 1 h, ±20 %; eight attempts span a little over an hour. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 30_000, capMs: 3_600_000, jitter: [0.8, 1.2], maxAttempts: 8 }
