import type { DatePrices, DatePricesRequest } from '../provider.ts'
import type { SerpQuery } from '../serpapi/serp-types.ts'
import { toSerpQuery } from '../serpapi/to-serp-query.ts'
import { unfilteredFareQuery } from '#shared/flights/fare-query.ts'
import type { PriceContext } from './fares.ts'
import { buildPool, type LegPool } from './leg-pool.ts'
import { typicalRange } from './price-insights.ts'
import { readQuery, type MarketQuery } from './read-query.ts'
import { hasSearchableDates, legUsdMemo, stepTripPrices } from './trip-prices.ts'

/**
 * The fare calendar on the simulated market (decision 047): for each date pair, the `lowest` a
 * first-step search of it would report (the search form's query with every filter at its default), computed by the search's own code (readQuery, buildPool,
 * stepTripPrices) rather than by a model of it, so the two cannot drift apart. A calendar asks for
 * 62 pairs that share most of their dates: pools are built once per leg and date, and each leg
 * option is priced once for the whole request.
 */

/** The query as the market reads it, or null where a search would be refused (bad date, bad party). */
function readable(raw: SerpQuery): MarketQuery | null {
  try {
    return readQuery(raw)
  } catch {
    return null
  }
}

export function priceDates(request: DatePricesRequest, ctx: PriceContext): DatePrices {
  // Every pair's legs are request.from → request.to and back: a pool is known by its leg and date.
  const pools = new Map<string, LegPool>()
  const poolOf = (q: MarketQuery, leg: number): LegPool => {
    const key = `${leg}|${q.legs[leg]!.date}`
    let pool = pools.get(key)
    if (!pool) {
      pool = buildPool(q.legs[leg]!, q, ctx.cabin, ctx.now)
      pools.set(key, pool)
    }
    return pool
  }
  const usdOf = legUsdMemo(ctx)
  const priced: Array<{ q: MarketQuery; legs: LegPool[] }> = []

  const prices = request.pairs.map(({ departureDate, returnDate }): number | null => {
    const q = readable(toSerpQuery(unfilteredFareQuery(request, departureDate, returnDate)))
    if (!q || q.unknownAirports || !hasSearchableDates(q, ctx.now)) return null
    const legs = q.legs.map((_, i) => poolOf(q, i))
    if (legs.some((p) => p.visible.length === 0)) return null
    const trips = stepTripPrices(q, 0, [], legs, ctx, usdOf)
    if (trips.length === 0) return null
    priced.push({ q, legs })
    let lowest = Infinity
    for (const trip of trips) lowest = Math.min(lowest, trip.price)
    return lowest
  })

  // The range a search of the anchor (the traveller's dates) reports, as its price insights say;
  // without one, the middle priced pair's: a route-level figure (its samples span ±3 weeks of
  // travel dates and 2–13 weeks of booking lead), so one pair stands for the window.
  const anchorQuery = request.anchor ? readable(toSerpQuery(unfilteredFareQuery(request, request.anchor.departureDate, request.anchor.returnDate))) : null
  const anchor = anchorQuery && !anchorQuery.unknownAirports ? { q: anchorQuery, legs: anchorQuery.legs.map((_, i) => poolOf(anchorQuery, i)) } : priced[Math.floor(priced.length / 2)]
  const range = anchor ? typicalRange(anchor.q.type as 1 | 2, anchor.legs.map((p) => p.all), ctx) : undefined
  return { prices, typicalRange: range ?? null }
}
