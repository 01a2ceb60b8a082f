import type { SerpPriceInsights } from '../serpapi/serp-types.ts'
import { inCurrency, legUsdAt, multiCityUsd, roundTripUsd, type PriceContext } from './fares.ts'
import { intBetween } from './hash.ts'
import type { LegOption } from './leg-options.ts'
import { percentile } from './price-model.ts'
import { addDays, dateStartMs } from './time-zones.ts'

/**
 * price_insights from the model itself: the history is the route's cheapest trip as it would have
 * been priced on each of the last 60 days; the typical range is the 25th–75th percentile of the
 * cheapest trip over nearby travel dates booked 2–13 weeks ahead at random hours.
 */

const DAY_MS = 86_400_000
const HISTORY_DAYS = 60
const TYPICAL_SAMPLES = 40
/** Only the cheapest few options of each leg can be the cheapest trip; pricing all would be waste. */
const CANDIDATES_PER_LEG = 8
/** The typical range's candidates are ranked as if booked this many days ahead (see below). */
const RANK_LEAD_DAYS = 35

interface Moment {
  atMs: number
  shiftDays: number
  shocks: boolean
}

/** Each leg's CANDIDATES_PER_LEG options cheapest by `usd` (a stable sort: ties keep schedule order). */
function cheapestOptions(legs: readonly LegOption[][], usd: (o: LegOption) => number): LegOption[][] {
  return legs.map((options) =>
    options
      .map((o) => ({ o, usd: usd(o) }))
      .sort((a, b) => a.usd - b.usd)
      .slice(0, CANDIDATES_PER_LEG)
      .map((c) => c.o),
  )
}

/** The cheapest trip of the candidates at one moment: ~100 moments a search, so plain loops. */
function cheapestTripAt(type: 1 | 2 | 3, ctx: PriceContext): (candidates: LegOption[][], m: Moment) => number {
  const legMins: number[] = []
  return (candidates, m) => {
    for (let leg = 0; leg < candidates.length; leg++) {
      let min = Infinity
      // A leg's options all leave on the leg's date: shift it once, not per option.
      let date: string | undefined
      let travelDate = ''
      for (const o of candidates[leg]!) {
        if (o.date !== date) travelDate = addDays((date = o.date), m.shiftDays)
        min = Math.min(min, legUsdAt(o, ctx, m.atMs, travelDate, m.shocks, true))
      }
      legMins[leg] = min
    }
    if (type === 2) return legMins[0]!
    if (type === 1) return roundTripUsd(legMins[0]!, legMins[1]!, true)
    return multiCityUsd(legMins)
  }
}

/**
 * The route's usual price for these legs (every option flown, departed ones too): the 25th–75th
 * percentile of the cheapest trip over nearby travel dates booked 2–13 weeks ahead at random hours.
 * Also what the fare calendar levels its days against (price-dates.ts).
 */
export function typicalRange(type: 1 | 2 | 3, legs: readonly LegOption[][], ctx: PriceContext): [number, number] | undefined {
  if (legs.some((l) => l.length === 0)) return undefined
  // Pick by a price that does not depend on when the search runs (no noise, no shocks, a fixed
  // booking lead), or the range, and with it price_level, would shift by the hour.
  const typical = cheapestOptions(legs, (o) => legUsdAt(o, ctx, dateStartMs(o.date) - RANK_LEAD_DAYS * DAY_MS, o.date, false, false))
  const cheapestTripUsd = cheapestTripAt(type, ctx)
  const first = typical[0]![0]!
  const routeKey = legs.map((l) => `${l[0]!.from.iata}${l[0]!.to.iata}`).join('|')
  const samples: number[] = []
  for (let j = 0; j < TYPICAL_SAMPLES; j++) {
    const shiftDays = intBetween(`typ|${routeKey}|${first.date}|s${j}`, -21, 21)
    const leadDays = intBetween(`typ|${routeKey}|${first.date}|l${j}`, 14, 90)
    const hour = intBetween(`typ|${routeKey}|${first.date}|h${j}`, 0, 23)
    const travel = dateStartMs(addDays(first.date, shiftDays))
    samples.push(cheapestTripUsd(typical, { atMs: travel - leadDays * DAY_MS + hour * 3_600_000, shiftDays, shocks: false }))
  }
  const low = inCurrency(percentile(samples, 0.25), ctx)
  const high = Math.max(low, inCurrency(percentile(samples, 0.75), ctx))
  return [low, high]
}

export function priceInsights(type: 1 | 2 | 3, legs: readonly LegOption[][], ctx: PriceContext, lowestPrice: number): SerpPriceInsights | undefined {
  const range = typicalRange(type, legs, ctx)
  if (!range) return undefined
  // History: today's point must be the cheapest trip right now, so pick by the current price.
  const nowMs = ctx.now.getTime()
  const current = cheapestOptions(legs, (o) => legUsdAt(o, ctx, nowMs, o.date, false, true))
  const cheapestTripUsd = cheapestTripAt(type, ctx)
  const history: Array<[number, number]> = []
  for (let k = HISTORY_DAYS - 1; k >= 0; k--) {
    const atMs = nowMs - k * DAY_MS
    const dayStart = Math.floor(atMs / DAY_MS) * DAY_MS
    history.push([dayStart / 1000, inCurrency(cheapestTripUsd(current, { atMs, shiftDays: 0, shocks: k === 0 }), ctx)])
  }
  const [low, high] = range
  return {
    lowest_price: lowestPrice,
    price_level: lowestPrice < low ? 'low' : lowestPrice > high ? 'high' : 'typical',
    typical_price_range: [low, high],
    price_history: history,
  }
}
