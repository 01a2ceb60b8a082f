import { checkFrequencyHours } from '#shared/alerts/alert-rules.ts'
import { CHECK_FREQUENCY_HOURS } from '#shared/plans.ts'
import type { BackoffPolicy } from '../lib/backoff.ts'

/**
 * When an alert is checked next (decision 013). Jitter only ever adds time: a plan's frequency is a
 * floor ("at most every 12 hours"), and spreading checks keeps alerts created together (a marketing
 * mail, a bulk import) from all coming due in the same second forever after.
 */

const HOUR_MS = 3_600_000
/** At most 5 % of the interval … */
export const JITTER_SHARE = 0.05
/** … and never more than 30 minutes, so a 15-day alert still comes back within half an hour of its day. */
export const MAX_JITTER_MS = 30 * 60_000

export function checkIntervalMs(frequency: string): number {
  // A stored frequency is always valid; the fallback only covers a row edited by hand.
  return (checkFrequencyHours(frequency) ?? CHECK_FREQUENCY_HOURS['15d']) * HOUR_MS
}

export function jitterMs(intervalMs: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(intervalMs * JITTER_SHARE, MAX_JITTER_MS))
}

/** One interval after this check, plus jitter. */
export function nextCheckAt(frequency: string, now: Date, random: () => number = Math.random): Date {
  const interval = checkIntervalMs(frequency)
  return new Date(now.getTime() + interval + jitterMs(interval, random))
}

/** Provider hiccups (5xx, timeouts, 429): retry within minutes, never later than an hour; equal jitter. */
export const RETRYABLE_BACKOFF: BackoffPolicy = { baseMs: 60_000, capMs: HOUR_MS, jitter: [0.5, 1] }
/** Errors a retry won't fix soon (a refused query, a bad key): back off in hours. */
export const PERMANENT_BACKOFF: BackoffPolicy = { baseMs: HOUR_MS, capMs: 24 * HOUR_MS, jitter: [0.5, 1] }
