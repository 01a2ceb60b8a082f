/**
 * When a notice that failed for a passing reason is tried again: exponential backoff with jitter,
 * so a provider outage isn't hammered and a crowd of retries doesn't arrive in step.
 */
export interface RetryPolicy {
  /** Wait after the first failed attempt; doubles with each further attempt. */
  baseDelayMs: number
  maxDelayMs: number
  /** ± share of the delay, drawn at random. */
  jitter: number
  /** Attempts (claims) before the row is given up as dead. */
  maxAttempts: number
}

/** 30 s, 1 min, 2 min … capped at 1 h, ±20 %; eight attempts span a little over an hour. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, jitter: 0.2, maxAttempts: 8 }

/** Delay before the next try after attempt number `attempt` (1 for the first) failed. */
export function retryDelayMs(attempt: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempt - 1)
  // Cap the exponent too: 2 ** 60 would overflow into nonsense long before the cap applied.
  const base = Math.min(policy.baseDelayMs * 2 ** Math.min(exponent, 30), policy.maxDelayMs)
  return Math.round(base * (1 + policy.jitter * (2 * random() - 1)))
}
