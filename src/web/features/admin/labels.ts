import type { AdminAction, NoticeChannel, PriceCheckOutcome } from '#shared/admin.ts'
import { checkFrequencyHours } from '#shared/alerts/alert-rules.ts'
import type { NotificationStatus } from '#shared/notifications.ts'
import { getPlan, type PlanId } from '#shared/plans.ts'
import { priceLabel, isPriceId } from '#shared/prices.ts'

/** The words the admin console uses for tiers, channels, statuses, audit actions and figures. */

export const tierLabel = (tier: PlanId): string => getPlan(tier).name

export const CHANNEL_LABEL: Record<NoticeChannel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'Push' }

export const NOTIFICATION_STATUS_LABEL: Record<NotificationStatus, string> = {
  dead: 'Dead letters',
  pending: 'Pending',
  sent: 'Sent',
  skipped: 'Skipped',
  discarded: 'Discarded',
}

export const OUTCOME_LABEL: Record<PriceCheckOutcome, string> = { price: 'Price found', missing: 'No price', failed: 'Failed' }

export const ACTION_LABEL: Record<AdminAction, string> = {
  'user.role': 'Changed role',
  'user.plan': 'Changed tier',
  'user.disable': 'Disabled user',
  'user.enable': 'Enabled user',
  'user.sign_out': 'Signed user out everywhere',
  'user.resend_verification': 'Resent verification email',
  'alert.check': 'Checked alert now',
  'alert.disable': 'Disabled alert',
  'alert.enable': 'Re-enabled alert',
  'notification.retry': 'Retried notices',
  'notification.discard': 'Discarded notices',
  'billing.reconcile': 'Reconciled billing',
  'billing.advance_clock': 'Advanced test billing clock',
  'simulator.shock': 'Applied price shock',
  'simulator.shock_clear': 'Cleared price shock',
  'simulator.failures': 'Set provider failure mode',
  'debug.test_search': 'Ran test search',
  'debug.test_notice': 'Sent test notice',
}

/** "Premium · monthly", or the raw id of a price we no longer sell. */
export function priceText(priceId: string | null): string {
  if (!priceId) return 'Unknown price'
  return isPriceId(priceId) ? priceLabel(priceId) : priceId
}

/** "past_due" → "Past due" */
export function statusText(status: string): string {
  const words = status.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const NUMBER = new Intl.NumberFormat('en-US')
export const count = (value: number): string => NUMBER.format(value)

/** "—" for no value, else "42 s", "3 min", "2 h 5 min". */
export function formatLag(seconds: number | null): string {
  if (seconds === null) return '—'
  if (seconds < 60) return `${Math.round(seconds)} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
}

/** 0.734 → "73%"; null → "—". */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '—' : `${Math.round(ratio * 100)}%`
}

/** "Every 15 days", "Every 12 hours", "Every hour". */
export function frequencyLabel(frequency: string): string {
  const hours = checkFrequencyHours(frequency)
  if (hours === null) return frequency
  if (hours % 24 === 0) return hours === 24 ? 'Every day' : `Every ${hours / 24} days`
  return hours === 1 ? 'Every hour' : `Every ${hours} hours`
}
