import { fareLevel, type FareCalendar, type FareCalendarQuery } from '#shared/flights/fare-calendar.ts'
import type { DatePair } from '#shared/flights/flexible-dates.ts'
import { addIsoDays } from '#shared/flights/iso-days.ts'
import type { DatePairPricer } from './price-date-pairs.ts'
import { fareRoute } from './validate-fare-route.ts'

/**
 * GET /api/flights/calendar: one figure per day from `start`. Departure days price one way, or
 * round trips of `tripNights`; return days price round trips from `departureDate` (a return before
 * it has no fare).
 */
export async function fareCalendarAnswer(q: FareCalendarQuery, price: DatePairPricer): Promise<FareCalendar> {
  const dates = Array.from({ length: q.days }, (_, i) => addIsoDays(q.start, i))
  const pairs: DatePair[] = dates.map((date) =>
    q.field === 'return'
      ? { departureDate: q.departureDate!, returnDate: date }
      : { departureDate: date, returnDate: q.tripNights === undefined ? null : addIsoDays(date, q.tripNights) },
  )
  const route = fareRoute(q)
  // Levelled against the chosen trip's usual range, as the results' price insights are.
  const anchor: DatePair | undefined =
    q.departureDate === undefined ? undefined : { departureDate: q.departureDate, returnDate: q.tripNights === undefined ? null : addIsoDays(q.departureDate, q.tripNights) }
  const priced = await price(route, pairs, anchor)
  return {
    currency: route.currency,
    source: priced.source,
    typicalRange: priced.typicalRange,
    days: dates.map((date, i) => {
      const { price: fare, observedAt } = priced.fares[i]!
      return { date, price: fare, level: fareLevel(fare, priced.typicalRange), observedAt }
    }),
  }
}
