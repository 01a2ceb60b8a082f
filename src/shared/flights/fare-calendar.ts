import { z } from 'zod'
import { airportCodesSchema, isoDateSchema, SEARCH_MESSAGES, TRAVEL_CLASSES } from './search-params.ts'

/**
 * Fares by travel date (issue 16): the price calendar behind the date fields and the departure ×
 * return grid. One query shape for both: the route and party of a search, and the dates it has now.
 * A day's figure is the cheapest whole trip a search for that day would headline, unfiltered
 * (any stops, any airline), for the query's party, cabin and currency.
 */

/** Days a calendar answer covers at most: two months as the picker shows them (31 + 31), with room. */
export const CALENDAR_MAX_DAYS = 62
/** The grid's reach each side of the chosen dates: ±3 days, 7 × 7 cells. */
export const GRID_REACH_DAYS = 3

export const FARE_CALENDAR_MESSAGES = {
  range: 'Choose at most 62 days',
  tripLength: 'Trip length must be 0 to 330 nights',
} as const

const routeFields = {
  from: airportCodesSchema,
  to: airportCodesSchema,
  travelClass: z.enum(TRAVEL_CLASSES).default('economy'),
  adults: z.coerce.number().int().min(1).max(9).default(1),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code').default('USD'),
}

/**
 * GET /api/flights/calendar: the cheapest fare for each day from `start`, `days` long.
 * - `field=departure`: one-way trips leaving that day, or (with `tripNights`) round trips leaving
 *   that day and coming back `tripNights` later (the trip length the form has now).
 * - `field=return`: round trips leaving on `departureDate` and coming back that day.
 * `departureDate` (+ `tripNights`) also names the trip the traveller has chosen: every day is
 * levelled low/typical/high against that trip's usual range, as the results' price insights are.
 */
export const fareCalendarQuerySchema = z
  .object({
    ...routeFields,
    field: z.enum(['departure', 'return']).default('departure'),
    start: isoDateSchema,
    days: z.coerce.number().int().min(1, FARE_CALENDAR_MESSAGES.range).max(CALENDAR_MAX_DAYS, FARE_CALENDAR_MESSAGES.range).default(CALENDAR_MAX_DAYS),
    tripNights: z.coerce.number().int().min(0, FARE_CALENDAR_MESSAGES.tripLength).max(330, FARE_CALENDAR_MESSAGES.tripLength).optional(),
    departureDate: isoDateSchema.optional(),
  })
  .refine((q) => q.field === 'departure' || q.departureDate !== undefined, { path: ['departureDate'], message: 'Choose a departure date' })
export type FareCalendarQuery = z.infer<typeof fareCalendarQuerySchema>

/** GET /api/flights/date-grid: round trips around `departureDate` × `returnDate`, ±GRID_REACH_DAYS each. */
export const dateGridQuerySchema = z
  .object({
    ...routeFields,
    departureDate: isoDateSchema,
    returnDate: isoDateSchema,
  })
  .refine((q) => q.returnDate >= q.departureDate, { path: ['returnDate'], message: SEARCH_MESSAGES.returnBeforeDeparture })
export type DateGridQuery = z.infer<typeof dateGridQuerySchema>

/** Where a day's figure came from: the simulated market's own prices, or prices FareDrop saw. */
export type FareSource = 'market' | 'observed'

export type FareLevel = 'low' | 'typical' | 'high'

export interface FareDay {
  /** The day picked in the calendar (departure or return, as the query's `field` says). */
  date: string
  /** Whole units of the answer's currency; null: no fare known for that day (never a guess). */
  price: number | null
  level: FareLevel | null
  /** When the figure was seen (ISO): the answer's time for market prices, the search's for observed ones. */
  observedAt: string | null
}

export interface FareCalendar {
  currency: string
  source: FareSource
  /** The route's usual range for this trip (25th–75th percentile), which `level` compares against. */
  typicalRange: [number, number] | null
  days: FareDay[]
}

export interface DateGridCell {
  departureDate: string
  returnDate: string
  /** Null when the return is before the departure, in the past, or no fare is known. */
  price: number | null
  level: FareLevel | null
  observedAt: string | null
}

export interface DateGrid {
  currency: string
  source: FareSource
  typicalRange: [number, number] | null
  departureDates: string[]
  returnDates: string[]
  /** Row-major: cells[i][j] is departureDates[i] × returnDates[j]. */
  cells: DateGridCell[][]
}

/** low below the typical range, high above it, typical inside; no range, no level. */
export function fareLevel(price: number | null, range: [number, number] | null): FareLevel | null {
  if (price === null || range === null) return null
  return price < range[0] ? 'low' : price > range[1] ? 'high' : 'typical'
}

/**
 * Flexible dates: "any dates in a month" or "a weekend in <month>", with a trip length range for
 * round trips. Stays in the search URL (`flex`, `month`, `nights`) so a flexible search is shareable.
 * A weekend trip leaves on a Friday or Saturday and comes back on the Sunday or Monday after.
 */
export const FLEX_KINDS = ['month', 'weekend'] as const
export type FlexKind = (typeof FLEX_KINDS)[number]
/** Trip lengths a flexible round trip may span, in nights. */
export const FLEX_MAX_NIGHTS = 30
/** A flexible round trip's trip length when none is given (the form starts with it too). */
export const FLEX_DEFAULT_NIGHTS = { min: 5, max: 9 } as const
/** Date pairs a flexible answer lists, cheapest first. */
export const FLEX_MAX_RESULTS = 20

export const FLEX_MESSAGES = {
  month: 'Choose a month',
  nights: 'Trip length must be 1 to 30 nights, shortest first',
} as const

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, FLEX_MESSAGES.month)

/** GET /api/flights/flexible: the cheapest date pairs of a month or its weekends. */
export const flexibleQuerySchema = z
  .object({
    ...routeFields,
    flex: z.enum(FLEX_KINDS),
    month: monthSchema,
    /** Round trips only (absent: one way). Ignored for weekends, whose length the weekend sets. */
    minNights: z.coerce.number().int().min(1, FLEX_MESSAGES.nights).max(FLEX_MAX_NIGHTS, FLEX_MESSAGES.nights).optional(),
    maxNights: z.coerce.number().int().min(1, FLEX_MESSAGES.nights).max(FLEX_MAX_NIGHTS, FLEX_MESSAGES.nights).optional(),
    /** "true" for one-way trips; a query string's "false" means false (z.coerce.boolean would not). */
    oneWay: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  })
  .refine((q) => q.minNights === undefined || q.maxNights === undefined || q.minNights <= q.maxNights, { path: ['maxNights'], message: FLEX_MESSAGES.nights })
export type FlexibleQuery = z.infer<typeof flexibleQuerySchema>

export interface FlexibleDatePair {
  departureDate: string
  /** Null for one way. */
  returnDate: string | null
  price: number
  level: FareLevel | null
  observedAt: string
}

export interface FlexibleResults {
  currency: string
  source: FareSource
  typicalRange: [number, number] | null
  /** Cheapest first, at most FLEX_MAX_RESULTS. */
  pairs: FlexibleDatePair[]
  /** Date pairs the month held (past days left out), and how many of them had no known fare. */
  considered: number
  unknown: number
}
