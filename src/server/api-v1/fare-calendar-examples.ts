import type { z } from 'zod'
import type { dateGridResponse, fareCalendarResponse, flexibleResponse } from '#shared/api-v1/fare-calendar-responses.ts'
import { EXAMPLE_DEPARTURE, EXAMPLE_RETURN, exampleDate, exampleTime } from './example-dates.ts'

/** Examples of the fares-by-date operations (decision 047), on the example trip's route and dates. */

const seen = exampleTime(0, 9, 0)
const RANGE: [number, number] = [880, 1210]
const level = (price: number | null) => (price === null ? null : price < RANGE[0] ? ('low' as const) : price > RANGE[1] ? ('high' as const) : ('typical' as const))

export const fareCalendarExample: z.output<typeof fareCalendarResponse> = {
  currency: 'USD',
  source: 'market',
  typicalRange: RANGE,
  days: [842, 905, null].map((price, i) => ({ date: exampleDate(108 + i), price, level: level(price), observedAt: price === null ? null : seen })),
}

export const dateGridExample: z.output<typeof dateGridResponse> = {
  currency: 'USD',
  source: 'observed',
  typicalRange: null,
  departureDates: [EXAMPLE_DEPARTURE],
  returnDates: [EXAMPLE_RETURN],
  cells: [[{ departureDate: EXAMPLE_DEPARTURE, returnDate: EXAMPLE_RETURN, price: 936, level: null, observedAt: exampleTime(-2, 14, 30) }]],
}

export const flexibleExample: z.output<typeof flexibleResponse> = {
  currency: 'USD',
  source: 'market',
  typicalRange: RANGE,
  pairs: [
    { departureDate: exampleDate(110), returnDate: exampleDate(112), price: 861, level: 'low', observedAt: seen },
    { departureDate: exampleDate(117), returnDate: exampleDate(119), price: 934, level: 'typical', observedAt: seen },
  ],
  considered: 18,
  unknown: 0,
}
