import { fareLevel, GRID_REACH_DAYS, type DateGrid, type DateGridQuery } from '#shared/flights/fare-calendar.ts'
import { addIsoDays } from '#shared/flights/iso-days.ts'
import type { DatePairPricer } from './price-date-pairs.ts'
import { fareRoute } from './validate-fare-route.ts'

/** GET /api/flights/date-grid: round trips ±GRID_REACH_DAYS around the chosen dates, row-major by departure. */
export async function dateGridAnswer(q: DateGridQuery, price: DatePairPricer): Promise<DateGrid> {
  const around = (date: string) => Array.from({ length: 2 * GRID_REACH_DAYS + 1 }, (_, i) => addIsoDays(date, i - GRID_REACH_DAYS))
  const departureDates = around(q.departureDate)
  const returnDates = around(q.returnDate)
  const pairs = departureDates.flatMap((departureDate) => returnDates.map((returnDate) => ({ departureDate, returnDate })))
  const route = fareRoute(q)
  // Levelled against the searched pair's usual range, as the results' price insights are.
  const priced = await price(route, pairs, { departureDate: q.departureDate, returnDate: q.returnDate })
  const cells = departureDates.map((departureDate, i) =>
    returnDates.map((returnDate, j) => {
      const { price: fare, observedAt } = priced.fares[i * returnDates.length + j]!
      return { departureDate, returnDate, price: fare, level: fareLevel(fare, priced.typicalRange), observedAt }
    }),
  )
  return { currency: route.currency, source: priced.source, typicalRange: priced.typicalRange, departureDates, returnDates, cells }
}
