import { fareLevel, FLEX_MAX_RESULTS, type FlexibleDatePair, type FlexibleQuery, type FlexibleResults } from '#shared/flights/fare-calendar.ts'
import { flexibleDatePairs } from '#shared/flights/flexible-dates.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import type { DatePairPricer } from './price-date-pairs.ts'
import { fareRoute } from './validate-fare-route.ts'

/** GET /api/flights/flexible: the month's (or its weekends') date pairs priced, the cheapest FLEX_MAX_RESULTS. */
export async function flexibleAnswer(q: FlexibleQuery, price: DatePairPricer, now: Date): Promise<FlexibleResults> {
  const pairs = flexibleDatePairs(q, earliestTravelDate(now))
  const route = fareRoute(q)
  const priced = await price(route, pairs)
  const known: FlexibleDatePair[] = []
  pairs.forEach((pair, i) => {
    const { price: fare, observedAt } = priced.fares[i]!
    if (fare !== null && observedAt !== null) known.push({ ...pair, price: fare, level: fareLevel(fare, priced.typicalRange), observedAt })
  })
  // Cheapest first; equal prices earliest first, so the answer is the same every time.
  known.sort((a, b) => a.price - b.price || a.departureDate.localeCompare(b.departureDate) || (a.returnDate ?? '').localeCompare(b.returnDate ?? ''))
  return {
    currency: route.currency,
    source: priced.source,
    typicalRange: priced.typicalRange,
    pairs: known.slice(0, FLEX_MAX_RESULTS),
    considered: pairs.length,
    unknown: pairs.length - known.length,
  }
}
