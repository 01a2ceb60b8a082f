import { z } from 'zod'
import type { ApiResponse } from '../api-contract.ts'
import type { DateGridCell, FareDay, FlexibleDatePair } from '../flights/fare-calendar.ts'
import { matches } from './contract-match.ts'

/** Fares by travel date (decision 047) in the public API v1: the calendar, the date grid, flexible dates. */

const level = z.enum(['low', 'typical', 'high']).nullable().meta({ description: 'Against `typicalRange`: below it, inside it, above it; null without a price or a range.' })
const source = z.enum(['market', 'observed']).meta({
  description: '`market`: the provider’s own prices for every day. `observed`: the cheapest fares FareDrop’s searches and price checks saw in the last 7 days; a day without one has no price.',
})
const typicalRange = z.tuple([z.number(), z.number()]).nullable().meta({ description: 'The route’s usual price for this trip (25th–75th percentile); null when unknown.' })
const observedAt = z.string().nullable().meta({ description: 'When the price was seen (ISO 8601).' })
const price = z.number().nullable().meta({ description: 'The cheapest whole trip for the party, in whole units of `currency`; null: no fare known (never a guess).' })

const fareDaySchema = matches<FareDay>()(z.object({ date: z.string(), price, level, observedAt }).meta({ id: 'FareDay' }))

export const fareCalendarResponse = matches<ApiResponse<'GET /api/flights/calendar'>>()(
  z.object({ currency: z.string(), source, typicalRange, days: z.array(fareDaySchema) }).meta({ id: 'FareCalendar' }),
)

const gridCellSchema = matches<DateGridCell>()(z.object({ departureDate: z.string(), returnDate: z.string(), price, level, observedAt }).meta({ id: 'DateGridCell' }))

export const dateGridResponse = matches<ApiResponse<'GET /api/flights/date-grid'>>()(
  z
    .object({
      currency: z.string(),
      source,
      typicalRange,
      departureDates: z.array(z.string()),
      returnDates: z.array(z.string()),
      cells: z.array(z.array(gridCellSchema)).meta({ description: 'Row-major: `cells[i][j]` is `departureDates[i]` × `returnDates[j]`.' }),
    })
    .meta({ id: 'DateGrid' }),
)

const flexiblePairSchema = matches<FlexibleDatePair>()(
  z.object({ departureDate: z.string(), returnDate: z.string().nullable(), price: z.number(), level, observedAt: z.string() }).meta({ id: 'FlexibleDatePair' }),
)

export const flexibleResponse = matches<ApiResponse<'GET /api/flights/flexible'>>()(
  z
    .object({
      currency: z.string(),
      source,
      typicalRange,
      pairs: z.array(flexiblePairSchema).meta({ description: 'Cheapest first, at most 20.' }),
      considered: z.number().int().meta({ description: 'Date pairs the month held (past days left out).' }),
      unknown: z.number().int().meta({ description: 'How many of them had no known fare.' }),
    })
    .meta({ id: 'FlexibleResults' }),
)
