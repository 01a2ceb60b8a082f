import type { FareLevel, FareSource } from '#shared/flights/fare-calendar.ts'

/**
 * Words and colours for a fare by date, shared by the price calendar and the date grid. Colour is
 * never the only signal: every figure's accessible name says its level, and the legend names them.
 */

export const LEVEL_WORDS: Record<FareLevel, string> = { low: 'low price', typical: 'typical price', high: 'high price' }

/** Text colour of a fare by its level (AA contrast on the popover in both themes). */
export const LEVEL_TEXT_CLASS: Record<FareLevel, string> = {
  low: 'text-emerald-700 dark:text-emerald-400',
  typical: 'text-muted-foreground',
  high: 'text-amber-800 dark:text-amber-300',
}

/** The legend's swatches. */
export const LEVEL_SWATCH_CLASS: Record<FareLevel, string> = {
  low: 'bg-emerald-600',
  typical: 'bg-muted-foreground',
  high: 'bg-amber-600',
}

/** "just now", "12 min ago", "3 h ago", "2 d ago". */
export function ageText(observedAt: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(observedAt)) / 60_000)
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  return `${Math.floor(hours / 24)} d ago`
}

/**
 * How old the figures are: "Prices found just now" for the market's own answer, "Prices seen 3 h
 * ago" (the oldest figure shown) for prices FareDrop saw, with why some days have none.
 */
export function pricesAgeText(source: FareSource, observed: Array<string | null>, now: number): string | null {
  const times = observed.filter((at): at is string => at !== null).map((at) => Date.parse(at)).filter(Number.isFinite)
  if (times.length === 0) return source === 'observed' ? 'No FareDrop search has priced these days yet.' : null
  const oldest = new Date(Math.min(...times)).toISOString()
  const age = ageText(oldest, now)
  if (source === 'market') return age === 'just now' ? 'Prices found just now.' : `Prices found ${age}.`
  return `Prices seen ${age === 'just now' ? 'just now' : `up to ${age}`}, from recent FareDrop searches; days nobody searched have no price.`
}

const priceFormats = new Map<string, Intl.NumberFormat>()

/**
 * A fare as formatPrice (shared/format.ts) writes it ("$412"), with the formatter kept per
 * currency: a calendar formats about 120 figures as it opens, and building an Intl.NumberFormat
 * for each took a noticeable part of the 100 ms it has to open in.
 */
export function fareText(amount: number, currency: string): string {
  const whole = Number.isInteger(amount)
  const key = `${currency}:${whole}`
  let formatter = priceFormats.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })
    priceFormats.set(key, formatter)
  }
  return formatter.format(amount)
}

const LONG_DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })

/** "Wednesday, December 23, 2026" for "2026-12-23" (the traveller's calendar day). */
export function longDayText(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  return LONG_DAY.format(new Date(y!, m! - 1, d!))
}
