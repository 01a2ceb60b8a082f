/** Minutes as the spec shows them: under 60 'Nm', else 'Hh' or 'Hh Mm'. */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes))
  if (minutes < 60) return `${minutes}m`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`
}

export const MULTI_CITY_ROUTE_TEXT = 'Multi-city route'

/** 'A → B' for a one-way or round trip; 'Multi-city route' otherwise. */
export function formatRoute(from: string, to: string, options: { multiCity?: boolean } = {}): string {
  return options.multiCity ? MULTI_CITY_ROUTE_TEXT : `${from} → ${to}`
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * 'MMM d' (e.g. 'Mar 5'). Date-only strings (YYYY-MM-DD) are calendar dates, read in local
 * time so that a traveller in any time zone sees the date they picked. (Intl rather than date-fns:
 * this module is on the landing page's first load, decision 019.)
 */
export function formatShortDate(value: string | Date): string {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value) : null
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value)
  return SHORT_DATE.format(date)
}

/** Money in a currency, whole units when the amount is whole (e.g. '$36', '$3.99'). */
export function formatPrice(amount: number, currency = 'USD', locale = 'en-US'): string {
  const whole = Number.isInteger(amount)
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount)
}
