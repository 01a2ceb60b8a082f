import type { LegOption } from './leg-options.ts'
import type { MarketQuery } from './read-query.ts'

/** Sorting and the "best flights" split, as Google Flights' sort options do it. */

export interface PricedOption {
  option: LegOption
  /** Whole units of the currency; null when the price is withheld (failure injection). */
  price: number | null
  grams: number
}

const byPrice = (a: PricedOption, b: PricedOption) => (a.price ?? Infinity) - (b.price ?? Infinity)
const byDeparture = (a: PricedOption, b: PricedOption) => a.option.segments[0]!.departureUtc - b.option.segments[0]!.departureUtc
const lastArrival = (o: PricedOption) => o.option.segments[o.option.segments.length - 1]!.arrivalUtc
const stable = (a: PricedOption, b: PricedOption) => byPrice(a, b) || byDeparture(a, b) || a.option.key.localeCompare(b.option.key)

/** "Top flights": cheap, short and with few stops, in one score (lower is better). */
function scorer(list: readonly PricedOption[]): (o: PricedOption) => number {
  const prices = list.map((o) => o.price).filter((p): p is number => p !== null)
  const minPrice = prices.length > 0 ? Math.min(...prices) : 1
  const minMinutes = Math.min(...list.map((o) => o.option.totalMinutes))
  return (o) => (o.price ?? minPrice * 3) / minPrice + 0.5 * (o.option.totalMinutes / minMinutes) + 0.1 * o.option.stops
}

function bestCount(n: number): number {
  if (n <= 3) return n
  return n <= 12 ? 3 : n <= 25 ? 4 : 5
}

/** sort_by 1 splits off 3–5 best flights; the other sorts list everything in other_flights. */
export function rank(list: readonly PricedOption[], sortBy: MarketQuery['sortBy']): { best: PricedOption[]; other: PricedOption[] } {
  const sorted = [...list]
  switch (sortBy) {
    case 1: {
      const score = scorer(list)
      const scores = new Map(list.map((o) => [o, score(o)]))
      sorted.sort((a, b) => scores.get(a)! - scores.get(b)! || stable(a, b))
      const n = bestCount(sorted.length)
      return { best: sorted.slice(0, n), other: sorted.slice(n) }
    }
    case 2:
      sorted.sort(stable)
      break
    case 3:
      sorted.sort((a, b) => byDeparture(a, b) || stable(a, b))
      break
    case 4:
      sorted.sort((a, b) => lastArrival(a) - lastArrival(b) || stable(a, b))
      break
    case 5:
      sorted.sort((a, b) => a.option.totalMinutes - b.option.totalMinutes || stable(a, b))
      break
    case 6:
      sorted.sort((a, b) => a.grams - b.grams || stable(a, b))
      break
  }
  return { best: [], other: sorted }
}
