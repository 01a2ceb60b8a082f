import { z } from 'zod'
import { airportCodesSchema, isoDateSchema, SEARCH_MESSAGES, TRAVEL_CLASSES, type SearchFilters, type SearchParams } from './search-params.ts'

/**
 * A trip's price history from FareDrop's own observations (issue 16, decision 047): every cheapest
 * fare an unfiltered search or a price check of exactly this trip saw (`fare_observations`), for
 * the route, dates, cabin, adults and currency the query names. Nothing is guessed or filled in.
 */

/** Points an answer holds at most: one per observation, else the lowest of each hour (or wider span). */
export const OBSERVED_HISTORY_MAX_POINTS = 500

/** GET /api/flights/observed-history: the route fields as the calendar's (fare-calendar.ts), and the trip's dates. */
export const observedHistoryQuerySchema = z
  .object({
    from: airportCodesSchema,
    to: airportCodesSchema,
    departureDate: isoDateSchema,
    /** Absent or empty: one way. */
    returnDate: z
      .union([z.literal(''), isoDateSchema])
      .optional()
      .transform((v) => v || undefined),
    travelClass: z.enum(TRAVEL_CLASSES).default('economy'),
    adults: z.coerce.number().int().min(1).max(9).default(1),
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code').default('USD'),
  })
  .refine((q) => q.returnDate === undefined || q.returnDate >= q.departureDate, { path: ['returnDate'], message: SEARCH_MESSAGES.returnBeforeDeparture })
export type ObservedHistoryQuery = z.infer<typeof observedHistoryQuerySchema>

/**
 * The observed trip of a search (its price history and forecast): a one-way or round trip with its
 * route and dates, adults only (fares with children are not observed, decision 047); null otherwise.
 */
export function observedTripOf(params: SearchParams, filters: Pick<SearchFilters, 'currency'>): ObservedHistoryQuery | null {
  if (params.tripType === 'multi-city' || !params.from || !params.to || !params.departureDate || params.children > 0) return null
  if (params.tripType === 'round-trip' && !params.returnDate) return null
  return {
    from: params.from,
    to: params.to,
    departureDate: params.departureDate,
    returnDate: params.tripType === 'round-trip' ? params.returnDate : undefined,
    travelClass: params.travelClass,
    adults: params.adults,
    currency: filters.currency,
  }
}

export interface ObservedPrice {
  /** When FareDrop saw it (ISO 8601). */
  at: string
  /** The cheapest whole trip for the party, in whole units of the answer's currency. */
  price: number
}

export interface ObservedHistory {
  currency: string
  /** How many times FareDrop saw this trip's fare (the points may be fewer: lowest per hour when many). */
  observations: number
  /** Oldest first, at most OBSERVED_HISTORY_MAX_POINTS. */
  points: ObservedPrice[]
  /** The cheapest and dearest ever seen (the latest time at that price), the first and the latest: null with no observation. */
  lowest: ObservedPrice | null
  highest: ObservedPrice | null
  first: ObservedPrice | null
  latest: ObservedPrice | null
}
