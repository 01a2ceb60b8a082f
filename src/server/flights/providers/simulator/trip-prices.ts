import { inCurrency, legTotalUsd, multiCityUsd, returnsSoldWith, roundTripUsd, sellsTogether, type PriceContext } from './fares.ts'
import type { LegPool } from './leg-pool.ts'
import type { LegOption } from './leg-options.ts'
import type { LegRequest, MarketQuery } from './read-query.ts'
import { localDate } from './time-zones.ts'

/**
 * Whole-trip prices of one search step: what a search lists for each option and what the calendar
 * (price-dates.ts) takes the cheapest of. One code path for both, so a calendar day always shows
 * the number the search of that day headlines.
 */

/** A leg option's whole-party fare in USD, worked out once per option and kept for the caller's lifetime. */
export type LegUsd = (option: LegOption) => number

export function legUsdMemo(ctx: PriceContext): LegUsd {
  const memo = new Map<LegOption, number>()
  return (o) => {
    let usd = memo.get(o)
    if (usd === undefined) {
      usd = legTotalUsd(o, ctx)
      memo.set(o, usd)
    }
    return usd
  }
}

/**
 * A leg's date is over once it is over at every origin airport, in the airport's own time zone:
 * late on 2 Nov in New York (already the 3rd in UTC) JFK's 2 Nov evening flights are still ahead.
 * Flights of the day that have left are dropped one by one (buildPool).
 */
function isPastDate(leg: LegRequest, now: Date): boolean {
  return leg.from.every((airport) => leg.date < localDate(now.getTime(), airport.timeZone))
}

/** Past departures, or legs out of order, find nothing on Google Flights. */
export function hasSearchableDates(q: MarketQuery, now: Date): boolean {
  return !q.legs.some((l, i) => isPastDate(l, now) || (i > 0 && l.date < q.legs[i - 1]!.date))
}

export interface TripPrice {
  option: LegOption
  /** Whole units of the currency. */
  price: number
}

/**
 * Each option of `pools[step]` priced as the cheapest whole trip that starts with `chosen` plus it
 * (max_price applied). Callers have checked that the pools from `step` on are not empty.
 */
export function stepTripPrices(q: Pick<MarketQuery, 'type' | 'maxPrice'>, step: number, chosen: readonly LegOption[], pools: readonly LegPool[], ctx: PriceContext, usdOf: LegUsd): TripPrice[] {
  const cheapestLater = pools.slice(step + 1).map((p) => Math.min(...p.visible.map(usdOf)))

  // A round trip's outbound is priced with its cheapest return: every outbound meets every return.
  const returns = q.type === 1 && step === 0 ? pools[1]!.visible : []
  const returnsUsd = returns.map(usdOf)
  const soldWith = returnsSoldWith(returns)
  const tripUsd = (option: LegOption): number => {
    if (q.type === 2) return usdOf(option)
    if (q.type === 1) {
      if (step === 1) return roundTripUsd(usdOf(chosen[0]!), usdOf(option), sellsTogether([chosen[0]!, option]))
      const outUsd = usdOf(option)
      const together = soldWith(option)
      let best = Infinity
      for (let i = 0; i < returns.length; i++) best = Math.min(best, roundTripUsd(outUsd, returnsUsd[i]!, together[i]!))
      return best
    }
    return multiCityUsd([...chosen.map(usdOf), usdOf(option), ...cheapestLater])
  }

  const priced = pools[step]!.visible.map((option) => ({ option, price: inCurrency(tripUsd(option), ctx) }))
  return q.maxPrice === null ? priced : priced.filter((p) => p.price <= q.maxPrice!)
}
