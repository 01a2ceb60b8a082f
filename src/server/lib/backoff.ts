/**
 * The one backoff formula (decision 022): the step doubles per attempt from `baseMs` up to `capMs`,
 * and the wait is drawn between two shares of the step, so a crowd of retries never comes back in
 * the same second. Price checks use "equal jitter" ([0.5, 1]: half fixed, half random); notices
 * ±20 % ([0.8, 1.2]).
 */
export interface BackoffPolicy {
  baseMs: number
  capMs: number
  /** The wait is step × (low + (high − low) × random). */
  jitter: readonly [low: number, high: number]
}

/** Wait before the next try after attempt number `attempt` (1 for the first) failed. */
export function backoffMs(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  // The exponent is capped too: 2 ** 60 would overflow long before the cap applied.
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(Math.max(0, attempt - 1), 30))
  const [low, high] = policy.jitter
  return Math.floor(step * (low + (high - low) * random()))
}
