import type { NoticeChannel } from '#shared/admin.ts'
import type { FailureMode, FailureState } from './api.ts'

/** Seconds as a person reads an uptime: '45 s', '12 min', '3 h 5 min', '4 d 2 h'. */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}

const MINUS = '\u2212'
const NBSP = '\u00a0'

/** A price factor as the change it makes: 0.7 → '−30 %', 1.5 → '+50 %', 1 → '±0 %'. */
export function formatFactor(factor: number): string {
  const percent = Math.round((factor - 1) * 1000) / 10
  if (percent === 0) return `±0${NBSP}%`
  return `${percent < 0 ? MINUS : '+'}${Math.abs(percent)}${NBSP}%`
}

/** A change in percent as the factor the API takes: −30 → 0.7. */
export function percentToFactor(percent: number): number {
  return Math.round((1 + percent / 100) * 10_000) / 10_000
}

export const FAILURE_MODE_TEXT: Record<FailureMode, { label: string; description: string }> = {
  none: { label: 'None', description: 'Searches answer normally.' },
  'no-results': { label: 'No results', description: 'Searches succeed but find no flights, as on a route nobody flies.' },
  slow: { label: 'Slow', description: 'Every answer waits before it arrives (5 seconds unless you set a delay), to try timeouts and loading states.' },
  error: { label: 'Provider error', description: 'The provider fails with a server error (500), as when it is down.' },
  'rate-limited': { label: 'Rate limited', description: 'The provider refuses calls as over its quota (429, retry in a minute).' },
  'missing-price': { label: 'Missing prices', description: 'Flights come back, but about a third of them without a price.' },
}

export function failureModeLabel(mode: string): string {
  return FAILURE_MODE_TEXT[mode as FailureMode]?.label ?? mode
}

/** Where and how a failure mode applies: 'searches answer normally', '5,000 ms delay, JFK → LHR only'. */
export function failureDetail(failures: FailureState): string {
  if (!failures || failures.mode === 'none') return 'searches answer normally'
  const delay = failures.mode === 'slow' ? `${(failures.delayMs ?? 5000).toLocaleString('en-US')} ms delay, ` : ''
  const route = failures.route ? `${failures.route.from} → ${failures.route.to} only` : 'every route'
  return `${delay}${route}`
}

export const CHANNEL_NAMES: Record<NoticeChannel, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'push' }
