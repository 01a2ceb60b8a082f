import type { AlertBags } from '#shared/flights/bag-fees.ts'
import { combinationDatesText, dateWindowText } from '#shared/alerts/date-window.ts'
import { renotifyText, triggerText } from '#shared/alerts/alert-trigger.ts'
import { formatDistance, parseISO } from 'date-fns'
import { checkFrequencyMinutes } from '#shared/alerts/alert-rules.ts'
import { isAlertExpired, type Alert, type NotificationChannels } from '#shared/alerts/alert.ts'
import { TRAVEL_CLASS_LABELS, type SearchFilters, type SearchParams } from '#shared/flights/search-params.ts'
import { formatShortDate } from '#shared/format.ts'
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '#shared/plans.ts'

/** The words the alerts screens use for frequencies, channels, passengers, dates and check times. */

export const CHANNEL_LABEL: Record<NotificationChannel, string> = { email: 'Email', whatsapp: 'WhatsApp', sms: 'SMS', push: 'Push' }

/** "Every 15 days", "Every 12 hours", "Every hour"; Unlimited's custom intervals read the same way. */
export function frequencyLabel(frequency: string): string {
  const minutes = checkFrequencyMinutes(frequency)
  if (minutes === null) return frequency
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? 'Every day' : `Every ${minutes / (24 * 60)} days`
  if (minutes % 60 === 0) return minutes === 60 ? 'Every hour' : `Every ${minutes / 60} hours`
  return `Every ${minutes} minutes`
}

/** "Email, WhatsApp", or "No channels" (which the API refuses, but old data may hold). */
export function channelsText(channels: NotificationChannels): string {
  const on = NOTIFICATION_CHANNELS.filter((channel) => channels[channel])
  return on.length > 0 ? on.map((channel) => CHANNEL_LABEL[channel]).join(', ') : 'No channels'
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

/** "1 adult", "2 adults, 1 child, 1 infant". */
export function passengersText(params: Pick<SearchParams, 'adults' | 'children'>, filters: Pick<SearchFilters, 'infants_in_seat' | 'infants_on_lap'>): string {
  const infants = filters.infants_in_seat + filters.infants_on_lap
  return [plural(params.adults, 'adult'), params.children > 0 && plural(params.children, 'child', 'children'), infants > 0 && plural(infants, 'infant')]
    .filter(Boolean)
    .join(', ')
}

export function travelClassText(params: Pick<SearchParams, 'travelClass'>): string {
  return TRAVEL_CLASS_LABELS[params.travelClass]
}

/** "Dec 10" or "Dec 10 – Dec 17" ('MMM d', section 9). */
export function datesText(departure: string | null | undefined, returning?: string | null): string {
  if (!departure) return ''
  return returning ? `${formatShortDate(departure)} – ${formatShortDate(returning)}` : formatShortDate(departure)
}

/** "Checked 3 hours ago" / "Not checked yet". */
export function lastCheckedText(at: string | null, now: number): string {
  return at ? `Checked ${formatDistance(parseISO(at), now, { addSuffix: true })}` : 'Not checked yet'
}

/** "Next check in 2 days" / "Next check due now" / "No check scheduled". */
export function nextCheckText(at: string | null, now: number): string {
  if (!at) return 'No check scheduled'
  const when = parseISO(at)
  return when.getTime() <= now ? 'Next check due now' : `Next check ${formatDistance(when, now, { addSuffix: true })}`
}

/** The calendar date of `now` in the traveller's time zone (YYYY-MM-DD), for expiry and editability. */
export function localDateOf(now: number): string {
  const date = new Date(now)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

/** Statuses the date overrides: once the departure has passed, the alert reads Expired (section 4). */
const LIVE_STATUSES = new Set<Alert['status']>(['active', 'paused', 'triggered', 'at_risk'])

/** The status to show: the stored one, or Expired as soon as the departure date has passed (before the worker stores it). */
export function displayStatus(alert: Pick<Alert, 'status' | 'departure_date'>, today: string): Alert['status'] {
  return isAlertExpired(alert, today) && LIVE_STATUSES.has(alert.status) ? 'expired' : alert.status
}

/** Whether the price checker still looks at this alert (so a next check time means something). */
export function isChecked(status: Alert['status']): boolean {
  return status === 'active' || status === 'triggered' || status === 'at_risk'
}

/** When the alert notifies, in plain words: "When it drops 10 % from $639 ($575.10 or less) · Again after a further 5 % drop". */
export function ruleText(alert: Pick<Alert, 'trigger' | 'drop_percent' | 'baseline_price' | 'renotify_step' | 'target_price' | 'currency'>): string {
  return `${triggerText(alert, alert.target_price, alert.currency)} · ${renotifyText(alert.renotify_step, alert.currency)}`
}

/** "Any day Mar 1 – Mar 31 · 5–9 nights · cheapest Mar 5 → Mar 12 (7 nights)": a flexible alert's window and the dates its price comes from. */
export function windowLine(alert: Pick<Alert, 'date_window' | 'window_found'>): string {
  if (!alert.date_window) return ''
  const found = alert.window_found ? ` · cheapest ${combinationDatesText({ departureDate: alert.window_found.departure_date, returnDate: alert.window_found.return_date })}` : ''
  return `${dateWindowText(alert.date_window)}${found}`
}

/** "Prices include 1 carry-on and 2 checked bags per traveller". */
export function bagsText(bags: AlertBags): string {
  const parts = [
    ...(bags.carry_on > 0 ? [`${bags.carry_on} carry-on`] : []),
    ...(bags.checked > 0 ? [`${bags.checked} checked ${bags.checked === 1 ? 'bag' : 'bags'}`] : []),
  ]
  return `Prices include ${parts.join(' and ')} per traveller`
}
