import { z } from 'zod'
import { CALENDAR_MAX_DAYS, FLEX_MAX_NIGHTS, FLEX_MESSAGES } from '../flights/fare-calendar.ts'
import type { AlertBags } from '../flights/bag-fees.ts'
import { unfilteredFareKey, type FareKey } from '../flights/fare-query.ts'
import type { FlightQuery } from '../flights/flight-query.ts'
import type { DatePair } from '../flights/flexible-dates.ts'
import { addIsoDays, isoDaysBetween, isoWeekday } from '../flights/iso-days.ts'
import { isoDateSchema } from '../flights/search-params.ts'
import { ALERT_PARAM_MESSAGES, TIMES_PATTERN } from './alert-search-params.ts'
import { checksPerDay, PROVIDER_COST_PER_CHECK_USD } from './reasonable-use.ts'

/**
 * Flexible-date alerts (issue 17): instead of one departure date, a window of departure days, an
 * optional weekends-only rule, a trip length range in nights (round trips), and optional
 * time-of-day limits for each direction. The alert tracks the cheapest date pair the window holds.
 * Pure rules shared by the form, the API and the price-check engine.
 *
 * Weekends only, as the flexible search defines it (flights/flexible-dates.ts): leave on a Friday
 * or Saturday, come back on the Sunday or Monday right after (Fri→Sun 2 nights, Fri→Mon 3,
 * Sat→Sun 1, Sat→Mon 2). A one-way weekend trip leaves on a Friday or Saturday. The trip length
 * range still applies: weekends only with 5–9 nights holds no dates, and the schema says so.
 */

/** Departure days a window may span: what one fare-calendar answer covers (two months as the picker shows them). */
export const DATE_WINDOW_MAX_DAYS = CALENDAR_MAX_DAYS
export const WINDOW_NIGHTS_MIN = 1
export const WINDOW_NIGHTS_MAX = FLEX_MAX_NIGHTS

export const DATE_WINDOW_MESSAGES = {
  order: 'The departure window must end on or after the day it starts',
  tooLong: `Choose a departure window of at most ${DATE_WINDOW_MAX_DAYS} days`,
  past: 'The departure window cannot start before today',
  nights: FLEX_MESSAGES.nights,
  times: ALERT_PARAM_MESSAGES.times,
  timesOrder: 'Each time window must start no later than it ends (hours 0 to 23)',
  returnTimesOneWay: 'Return times apply only to round trips',
  noDates: 'No dates fit this window: widen it, allow more trip lengths or turn off weekends only',
  nightsRequired: 'A round-trip alert needs a trip length',
  nightsOneWay: 'A one-way alert has no trip length',
  multiCity: 'Flexible dates are for one-way and round-trip alerts',
  flightAlert: 'A flight alert follows its own flights on their dates: flexible dates are for route alerts',
} as const

/** "6,10" or "6,10,14,18" as SerpApi takes them (flight-query.ts timeWindowParam), each hour 0–23, each window in order. */
const timesSchema = z
  .string()
  .trim()
  .regex(TIMES_PATTERN, DATE_WINDOW_MESSAGES.times)
  .refine((value) => {
    // A value the pattern refused has its message already.
    if (!TIMES_PATTERN.test(value)) return true
    const hours = value.split(',').map(Number)
    return hours.every((hour) => hour >= 0 && hour <= 23) && hours[0]! <= hours[1]! && (hours.length === 2 || hours[2]! <= hours[3]!)
  }, DATE_WINDOW_MESSAGES.timesOrder)

const nightsCount = z.coerce
  .number({ message: DATE_WINDOW_MESSAGES.nights })
  .int(DATE_WINDOW_MESSAGES.nights)
  .min(WINDOW_NIGHTS_MIN, DATE_WINDOW_MESSAGES.nights)
  .max(WINDOW_NIGHTS_MAX, DATE_WINDOW_MESSAGES.nights)

/** Trip length in nights, shortest first; null for a one-way alert. */
export const tripNightsSchema = z
  .object({ min: nightsCount, max: nightsCount })
  .refine((nights) => nights.min <= nights.max, { message: DATE_WINDOW_MESSAGES.nights, path: ['max'] })

const windowShape = z.object({
  /** First and last departure day, inclusive. */
  depart_from: isoDateSchema,
  depart_to: isoDateSchema,
  weekends_only: z.boolean().default(false),
  nights: tripNightsSchema.nullable().default(null),
  /** Time-of-day limits, in SerpApi's form; absent: any time. */
  outbound_times: timesSchema.optional(),
  return_times: timesSchema.optional(),
})

/**
 * A stored window: read as it was saved, so a window whose first days have passed still parses
 * (the engine leaves past days out). New and edited windows use dateWindowSchemaFor(today).
 */
export const dateWindowSchema = windowShape.superRefine((window, ctx) => {
  const days = isoDaysBetween(window.depart_from, window.depart_to) + 1
  if (Number.isNaN(days)) return
  if (days < 1) ctx.addIssue({ code: 'custom', message: DATE_WINDOW_MESSAGES.order, path: ['depart_to'] })
  else if (days > DATE_WINDOW_MAX_DAYS) ctx.addIssue({ code: 'custom', message: DATE_WINDOW_MESSAGES.tooLong, path: ['depart_to'] })
  else if (window.nights === null && window.return_times !== undefined) {
    ctx.addIssue({ code: 'custom', message: DATE_WINDOW_MESSAGES.returnTimesOneWay, path: ['return_times'] })
  } else if (nightsInRange(window.nights) && expandWindow(window).length === 0) {
    // A reversed or out-of-range trip length has its own message; this one is for a window with
    // nothing in it. (The refinement runs even when the nights failed their own checks: expanding
    // a window of 1 to 5,000,000 nights would take the process's memory.)
    ctx.addIssue({ code: 'custom', message: DATE_WINDOW_MESSAGES.noDates, path: ['depart_to'] })
  }
})

/** Trip lengths the schema accepts (whole, 1–30, shortest first), or none. */
function nightsInRange(nights: { min: number; max: number } | null): boolean {
  if (nights === null) return true
  const { min, max } = nights
  return Number.isInteger(min) && Number.isInteger(max) && min >= WINDOW_NIGHTS_MIN && max <= WINDOW_NIGHTS_MAX && min <= max
}

export type DateWindow = z.infer<typeof dateWindowSchema>
export type DateWindowInput = z.input<typeof dateWindowSchema>

/** A new or edited window: as stored, and not starting before `today` (YYYY-MM-DD, e.g. travel-date.ts earliestTravelDate). */
export function dateWindowSchemaFor(today: string) {
  return dateWindowSchema.refine((window) => window.depart_from >= today, { message: DATE_WINDOW_MESSAGES.past, path: ['depart_from'] })
}

/** Whether a window fits the alert's trip: round trips (type 1) need a trip length, one way (type 2) has none, multi-city (3) takes none. */
export function windowTripProblem(window: Pick<DateWindow, 'nights'>, type: 1 | 2 | 3): string | null {
  if (type === 3) return DATE_WINDOW_MESSAGES.multiCity
  if (type === 1 && window.nights === null) return DATE_WINDOW_MESSAGES.nightsRequired
  if (type === 2 && window.nights !== null) return DATE_WINDOW_MESSAGES.nightsOneWay
  return null
}

const FRIDAY = 5
const SATURDAY = 6
const SUNDAY = 0
const MONDAY = 1

/** Weekends only: out Friday or Saturday, back the Sunday or Monday right after (at most 3 nights). */
export function isWeekendPair(pair: DatePair): boolean {
  const out = isoWeekday(pair.departureDate)
  if (out !== FRIDAY && out !== SATURDAY) return false
  if (pair.returnDate === null) return true
  const back = isoWeekday(pair.returnDate)
  const nights = isoDaysBetween(pair.departureDate, pair.returnDate)
  return (back === SUNDAY || back === MONDAY) && nights >= 1 && nights <= 3
}

/**
 * Every (departure, return) pair the window covers, by departure day then trip length, so the
 * order is the same every time (datesForCheck relies on it). `today`: leave out departures before it.
 */
export function expandWindow(window: Pick<DateWindow, 'depart_from' | 'depart_to' | 'weekends_only' | 'nights'>, options: { today?: string } = {}): DatePair[] {
  const pairs: DatePair[] = []
  const days = Math.min(isoDaysBetween(window.depart_from, window.depart_to) + 1, DATE_WINDOW_MAX_DAYS)
  for (let i = 0; i < days; i++) {
    const departureDate = addIsoDays(window.depart_from, i)
    if (options.today !== undefined && departureDate < options.today) continue
    const lengths = window.nights === null ? [null] : Array.from({ length: Math.max(0, window.nights.max - window.nights.min + 1) }, (_, n) => window.nights!.min + n)
    for (const nights of lengths) {
      const pair: DatePair = { departureDate, returnDate: nights === null ? null : addIsoDays(departureDate, nights) }
      if (!window.weekends_only || isWeekendPair(pair)) pairs.push(pair)
    }
  }
  return pairs
}

export const pairKey = (pair: DatePair) => `${pair.departureDate}|${pair.returnDate ?? ''}`

/** The providers a window is costed for: the simulated market prices whole calendars, SerpApi one date pair a search. */
export type WindowProvider = 'simulator' | 'serpapi'

/**
 * SerpApi spreading: every date pair is searched at least once in this many days, whatever the
 * check frequency, so checking more often does not multiply a window's cost; at least one search
 * a check, and at most MAX_SEARCHES_PER_CHECK (one check stays a short burst, well inside
 * SerpApi's hourly cap).
 */
export const WINDOW_SWEEP_DAYS = 7
export const MAX_SEARCHES_PER_CHECK = 10

export interface WindowCost {
  /** Date pairs the window holds. */
  pairs: number
  /**
   * 'calendar': one fare-calendar request prices every pair at once, then one search of the cheapest
   * (the engine's calendar mode, price-checks/window-calendar.ts); 'searches': one search a date
   * pair, spread across checks.
   */
  mode: 'calendar' | 'searches'
  callsPerCheck: number
  /** Every pair is priced within this many consecutive checks (1 for calendars). */
  checksToCover: number
  callsPerMonth: number
  /** At `pricePerCall`, to the cent; the simulated market costs nothing. */
  usdPerMonth: number
}

export interface WindowCostOptions {
  /** Leave out departures before this day (a stored window partly past). */
  today?: string
  /**
   * Whether the alert's search is the unfiltered one a calendar day stands for (fare-query.ts
   * unfilteredFareKey: no stops, airline, time, price or bag filter). Calendar prices answer only
   * that search. Default: true unless the window limits times of day.
   */
  unfiltered?: boolean
  pricePerCall?: number
  sweepDays?: number
  maxSearchesPerCheck?: number
}

/**
 * Whether a fare calendar prices a flexible alert's window (calendar mode, decision 055): its
 * search must be the unfiltered one a calendar day stands for (fare-query.ts: no stop, airline,
 * time or bag filter, no child), with no checked bags priced on top and no time-of-day limits in
 * the window. Returns the search's fare key (route, party, cabin, currency) when it does.
 */
export function calendarFareKey(query: FlightQuery, bags: AlertBags | null | undefined, window: Pick<DateWindow, 'outbound_times' | 'return_times'>): FareKey | null {
  if (window.outbound_times !== undefined || window.return_times !== undefined) return null
  if ((bags?.checked ?? 0) > 0 || (bags?.carry_on ?? 0) > 0) return null
  return unfilteredFareKey(query)
}

/** Searches a check for `pairs` date pairs at `checksPerDay`: the spreading rule above. */
export function searchesPerCheck(pairs: number, checksPerDay: number, options: Pick<WindowCostOptions, 'sweepDays' | 'maxSearchesPerCheck'> = {}): number {
  if (pairs <= 0) return 0
  const checksPerSweep = Math.max(checksPerDay, 0) * (options.sweepDays ?? WINDOW_SWEEP_DAYS)
  const wanted = checksPerSweep >= 1 ? Math.ceil(pairs / Math.floor(checksPerSweep)) : pairs
  return Math.min(pairs, Math.max(1, Math.min(options.maxSearchesPerCheck ?? MAX_SEARCHES_PER_CHECK, wanted)))
}

/**
 * Searches one check of a flexible alert makes (decision 055): its sweep's slice, plus the incumbent
 * (the cheapest pair seen lately, searched every check) unless the slice is already the whole window.
 */
export function searchesPerAlertCheck(pairs: number, checksPerDay: number, options: Pick<WindowCostOptions, 'sweepDays' | 'maxSearchesPerCheck'> = {}): number {
  const sweep = searchesPerCheck(pairs, checksPerDay, options)
  return sweep + (pairs > sweep ? 1 : 0)
}

/** What checking a window costs, per check and per 30-day month, on a provider. */
export function windowCost(window: DateWindow, provider: WindowProvider, checksPerDay: number, options: WindowCostOptions = {}): WindowCost {
  const pairs = expandWindow(window, options.today === undefined ? {} : { today: options.today })
  const unfiltered = options.unfiltered ?? (window.outbound_times === undefined && window.return_times === undefined)
  const mode = provider === 'simulator' && unfiltered ? 'calendar' : 'searches'
  const sweep = searchesPerCheck(pairs.length, checksPerDay, options)
  const callsPerCheck = pairs.length === 0 ? 0 : mode === 'calendar' ? 2 : searchesPerAlertCheck(pairs.length, checksPerDay, options)
  const checksToCover = callsPerCheck === 0 ? 0 : mode === 'calendar' ? 1 : Math.ceil(pairs.length / sweep)
  const callsPerMonth = callsPerCheck * Math.max(checksPerDay, 0) * 30
  const pricePerCall = options.pricePerCall ?? (provider === 'serpapi' ? PROVIDER_COST_PER_CHECK_USD : 0)
  return { pairs: pairs.length, mode, callsPerCheck, checksToCover, callsPerMonth, usdPerMonth: Math.round(callsPerMonth * pricePerCall * 100) / 100 }
}

/**
 * The date pairs check number `checkIndex` (0, 1, 2 …: the alert's own count of checks) searches:
 * round-robin over the whole window's pairs in expandWindow's order, `callsPerCheck` consecutive
 * ones a check, wrapping at the end. Any ceil(pairs / callsPerCheck) consecutive checks search
 * every pair. The round is over the whole window, past days included, so it never shifts as days
 * pass; `today` then drops the past ones from the answer (a check makes fewer calls, never others).
 */
export function datesForCheck(window: DateWindow, checkIndex: number, callsPerCheck: number, today?: string): DatePair[] {
  const pairs = expandWindow(window)
  const count = Math.min(Math.max(0, Math.floor(callsPerCheck)), pairs.length)
  if (count === 0) return []
  const index = Math.max(0, Math.floor(checkIndex))
  // (index × count) mod pairs, kept small so a large check count never loses precision.
  const start = ((index % pairs.length) * count) % pairs.length
  const chosen = Array.from({ length: count }, (_, j) => pairs[(start + j) % pairs.length]!)
  return today === undefined ? chosen : chosen.filter((pair) => pair.departureDate >= today)
}

export interface PricedPair extends DatePair {
  /** Whole trip, in the alert's currency; null: no fare known for these dates. */
  price: number | null
}

export interface CheapestCombination extends DatePair {
  price: number
  /** Null for one way. */
  nights: number | null
}

/**
 * The cheapest priced pair: equal prices go to the earliest departure, then the earliest return,
 * so the answer never depends on the order prices arrived in. Null when no pair has a fare.
 */
export function cheapestCombination(pricesByPair: Iterable<PricedPair>): CheapestCombination | null {
  let best: PricedPair | null = null
  for (const pair of pricesByPair) {
    if (pair.price === null || !Number.isFinite(pair.price) || pair.price <= 0) continue
    if (
      best === null ||
      pair.price < best.price! ||
      (pair.price === best.price && (pair.departureDate < best.departureDate || (pair.departureDate === best.departureDate && (pair.returnDate ?? '') < (best.returnDate ?? ''))))
    ) {
      best = pair
    }
  }
  if (best === null) return null
  return {
    departureDate: best.departureDate,
    returnDate: best.returnDate,
    price: best.price!,
    nights: best.returnDate === null ? null : isoDaysBetween(best.departureDate, best.returnDate),
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const shortDate = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`

/** Which dates the alert found, for the card and the notice: "Mar 6 → Mar 8 (2 nights)", or "Mar 6" one way. */
export function combinationDatesText(found: Pick<CheapestCombination, 'departureDate' | 'returnDate'>): string {
  if (found.returnDate === null) return shortDate(found.departureDate)
  const nights = isoDaysBetween(found.departureDate, found.returnDate)
  return `${shortDate(found.departureDate)} → ${shortDate(found.returnDate)} (${nights} ${nights === 1 ? 'night' : 'nights'})`
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
/** As frequencyCostText (reasonable-use.ts) writes a month: whole dollars from $10, cents below. */
const monthlyDollars = (usd: number) => (usd >= 10 ? `$${Math.round(usd)}` : `$${usd.toFixed(2)}`)

/** What a window costs, before saving: "42 date pairs · 3 searches a check · about $1.80 a month in flight data". */
export function windowCostText(cost: WindowCost): string {
  const calls = cost.mode === 'calendar' ? '1 calendar query and 1 search' : plural(cost.callsPerCheck, 'search', 'searches')
  const money = cost.usdPerMonth > 0 ? `about ${monthlyDollars(cost.usdPerMonth)} a month in flight data` : 'no flight-data cost on the simulated market'
  return `${plural(cost.pairs, 'date pair', 'date pairs')} · ${calls} a check · ${money}`
}

/** How fresh the window's prices stay: "Every date pair is searched at least once every 14 checks.", or null when each check covers them all. */
export function windowCoverText(cost: WindowCost): string | null {
  return cost.checksToCover > 1 ? `Every date pair is searched at least once every ${cost.checksToCover} checks.` : null
}

const hourRange = (start: number, end: number) => `${String(start).padStart(2, '0')}:00–${String(end).padStart(2, '0')}:59`

/** A times-of-day value ("6,11" or "6,11,14,18", as SerpApi takes it) in words: "leaving 06:00–11:59, arriving 14:00–18:59". */
export function timesText(value: string): string {
  const [depStart = 0, depEnd = 23, arrStart = 0, arrEnd = 23] = value.split(',').map(Number)
  const parts = [...(depStart !== 0 || depEnd !== 23 ? [`leaving ${hourRange(depStart, depEnd)}`] : []), ...(arrStart !== 0 || arrEnd !== 23 ? [`arriving ${hourRange(arrStart, arrEnd)}`] : [])]
  return parts.length > 0 ? parts.join(', ') : 'any time'
}

/** "Any day Mar 1 – Mar 31 · 5–9 nights · weekends only · out leaving 06:00–11:59": a window in the card's words. */
export function dateWindowText(window: Pick<DateWindow, 'depart_from' | 'depart_to' | 'weekends_only' | 'nights'> & Partial<Pick<DateWindow, 'outbound_times' | 'return_times'>>): string {
  const days = window.depart_from === window.depart_to ? shortDate(window.depart_from) : `${shortDate(window.depart_from)} – ${shortDate(window.depart_to)}`
  const nights = window.nights ? (window.nights.min === window.nights.max ? `${window.nights.min} ${window.nights.min === 1 ? 'night' : 'nights'}` : `${window.nights.min}–${window.nights.max} nights`) : 'one way'
  return [
    `Any day ${days}`,
    nights,
    ...(window.weekends_only ? ['weekends only'] : []),
    ...(window.outbound_times ? [`out ${timesText(window.outbound_times)}`] : []),
    ...(window.return_times && window.nights ? [`back ${timesText(window.return_times)}`] : []),
  ].join(' · ')
}

/**
 * The pair the alert's price now comes from: the cheapest of those its latest check priced (a
 * flexible alert's memory, decision 055). Null before the first check.
 */
export function latestCheapestPair(prices: Readonly<Record<string, { price: number; at: string }>>): CheapestCombination | null {
  const entries = Object.entries(prices)
  const latest = entries.reduce((max, [, seen]) => (seen.at > max ? seen.at : max), '')
  return cheapestCombination(
    entries
      .filter(([, seen]) => seen.at === latest)
      .map(([key, seen]) => {
        const [departureDate, returnDate] = key.split('|') as [string, string]
        return { departureDate, returnDate: returnDate || null, price: seen.price }
      }),
  )
}

/**
 * Provider searches a day an alert makes (decision 055), what reasonable use counts: one a check,
 * or for a flexible alert its sweep's share of the window plus the cheapest pair seen lately.
 */
export function alertSearchesPerDay(frequency: string, window: DateWindow | null, today: string): number {
  const perDay = checksPerDay(frequency)
  if (!window) return perDay
  const pairs = expandWindow(window, { today }).length
  return pairs === 0 ? perDay : perDay * searchesPerAlertCheck(pairs, perDay)
}
