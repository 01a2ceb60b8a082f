import type { AdminTrendDay } from '#shared/admin.ts'
import { formatPrice, formatShortDate } from '#shared/format.ts'
import { count, formatLag } from './labels.ts'

/** The sentence each trend chart pictures, for screen readers and anyone who prefers numbers. */

type CountKey = 'signUps' | 'alertsCreated' | 'checks' | 'priceDrops' | 'noticesSent' | 'noticesFailed' | 'providerCalls'

const total = (days: readonly AdminTrendDay[], key: CountKey) => days.reduce((sum, day) => sum + day[key], 0)

/** "412 sign-ups in 30 days; 8 today; most on Mar 3 (40)." */
export function countSummary(days: readonly AdminTrendDay[], key: CountKey, noun: string): string {
  const sum = total(days, key)
  if (sum === 0) return `No ${noun} in the last ${days.length} days.`
  const peak = days.reduce((best, day) => (day[key] > best[key] ? day : best))
  const today = days.at(-1)?.[key] ?? 0
  return `${count(sum)} ${noun} in ${days.length} days; ${count(today)} today; most on ${formatShortDate(peak.day)} (${count(peak[key])}).`
}

export function checksSummary(days: readonly AdminTrendDay[]): string {
  const lags = days.filter((day) => day.checkLagP95Seconds !== null)
  const worst = lags.reduce<AdminTrendDay | null>((best, day) => (best === null || day.checkLagP95Seconds! > best.checkLagP95Seconds! ? day : best), null)
  const lag = worst ? ` Worst daily lag p95: ${formatLag(worst.checkLagP95Seconds)} on ${formatShortDate(worst.day)}; today ${formatLag(days.at(-1)?.checkLagP95Seconds ?? null)}.` : ''
  return `${countSummary(days, 'checks', 'checks')}${lag}`
}

export function noticesSummary(days: readonly AdminTrendDay[]): string {
  const today = days.at(-1)
  return `${count(total(days, 'noticesSent'))} sent and ${count(total(days, 'noticesFailed'))} failed in ${days.length} days; today ${count(today?.noticesSent ?? 0)} sent, ${count(today?.noticesFailed ?? 0)} failed.`
}

export function mrrSummary(days: readonly AdminTrendDay[]): string {
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) return 'No revenue figures yet.'
  const money = (value: number) => formatPrice(Math.round(value * 100) / 100, 'USD')
  return `${money(last.mrr)} a month today, against ${money(first.mrr)} on ${formatShortDate(first.day)}.`
}
