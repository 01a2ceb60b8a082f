import { LIVE_ALERT_STATUSES, type AlertStatus } from '../alert-status.ts'
import { checkFrequencyMinutes } from './alert-rules.ts'

/**
 * Unlimited's reasonable use (spec §1, §6; decision 040): any number of alerts, any interval down
 * to 15 minutes, as long as one account's live alerts add up to at most this many price checks a
 * day. 2,400 is 100 alerts checked hourly, or 25 every 15 minutes: a busy advisor's book, and a
 * share of the provider budget that leaves room for everyone else (PROVIDER_CALLS_PER_DAY defaults
 * to 5,000). Other plans never come near it (Elite: 30 alerts × 2 a day = 60).
 */
export const REASONABLE_USE_CHECKS_PER_DAY = 2_400

/**
 * What one price check costs at the flight data provider, to show what a frequency implies: one
 * search, $0.01 on SerpApi's Production plan ($150 for 15,000 searches a month,
 * reference/flight-providers.md). The simulated market costs nothing; this is the live figure.
 */
export const PROVIDER_COST_PER_CHECK_USD = 0.01

/** GET /api/alerts/reasonable-use: the account's live alerts' checks a day, and the allowance. */
export interface ReasonableUse {
  checksPerDay: number
  allowance: number
}

export const REASONABLE_USE_MESSAGE = (total: number) =>
  `That would take your alerts to ${formatChecks(total)} price checks a day; reasonable use allows up to ${formatChecks(REASONABLE_USE_CHECKS_PER_DAY)}. Choose a slower frequency or pause an alert you no longer need.`

/** Price checks a day at this frequency (96 for "15m", 2 for "12h", 1/15 for "15d"). */
export function checksPerDay(frequency: string): number {
  const minutes = checkFrequencyMinutes(frequency)
  return minutes === null ? 0 : (24 * 60) / minutes
}

/** The checks a day of an account's live alerts, the ones the engine checks (paused, expired and archived ones don't count). */
export function accountChecksPerDay(alerts: readonly { status: AlertStatus; check_frequency: string }[]): number {
  return alerts.filter((alert) => (LIVE_ALERT_STATUSES as readonly AlertStatus[]).includes(alert.status)).reduce((sum, alert) => sum + checksPerDay(alert.check_frequency), 0)
}

/** Whole checks for people ("96", "2,400"; "0.1" for a slow alert's share). */
export function formatChecks(checks: number): string {
  const rounded = checks >= 10 ? Math.round(checks) : Math.round(checks * 10) / 10
  return rounded.toLocaleString('en-US')
}

/** "≈ 96 checks a day · about $29 a month at the flight data provider". */
export function frequencyCostText(frequency: string): string {
  const perDay = checksPerDay(frequency)
  const perMonth = perDay * 30 * PROVIDER_COST_PER_CHECK_USD
  const dollars = perMonth >= 10 ? `$${Math.round(perMonth)}` : `$${perMonth.toFixed(2)}`
  return `${formatChecks(perDay)} checks a day · about ${dollars} a month in flight data`
}
