import { distanceKm, type Airport } from '../../../reference-data/airports.ts'
import { findCarrier } from './carriers.ts'
import { intBetween, unit } from './hash.ts'

/**
 * What one carrier flies on one airport pair, the same in both directions: how many flights a day,
 * whether a regional partner operates them, and the flight numbers it would pick on its own.
 * flight-numbers.ts turns those wishes into numbers that are unique across the carrier's network.
 */
export interface RoutePlan {
  /** Carrier and the two airports in alphabetical order, e.g. "AA|CLT|LAX". */
  pairKey: string
  distanceKm: number
  flightsPerDay: number
  /** Regional airline operating the flights for the carrier, if any. */
  operatedBy: string | undefined
  /**
   * Wanted even base number of each daily flight: the direction whose origin comes first
   * alphabetically flies base + 1 (odd), the other base (even), as many airlines pair them.
   */
  wantedBases: number[]
}

export const LONG_HAUL_KM = 4_500

/** Flights a day on a pair: busy short trunks see many, long-haul one or two. */
function frequency(carrier: string, from: Airport, to: Airport, d: number, key: string): number {
  const c = findCarrier(carrier)
  const hubBoth = (c?.hubCodes.has(from.iata) ?? false) && (c?.hubCodes.has(to.iata) ?? false)
  const bothLarge = from.size === 'large' && to.size === 'large'
  if (c?.kind === 'lcc') return d > 2_500 ? 1 : intBetween(`f|${key}`, 1, 3)
  if (d < 1_500) return hubBoth ? intBetween(`f|${key}`, 5, 8) : bothLarge ? intBetween(`f|${key}`, 3, 6) : intBetween(`f|${key}`, 1, 3)
  if (d < LONG_HAUL_KM) return bothLarge ? intBetween(`f|${key}`, 2, 4) : intBetween(`f|${key}`, 1, 2)
  return hubBoth ? intBetween(`f|${key}`, 2, 3) : intBetween(`f|${key}`, 1, 2)
}

export function routePlan(carrier: string, from: Airport, to: Airport): RoutePlan {
  const d = distanceKm(from, to)
  const pairKey = from.iata < to.iata ? `${carrier}|${from.iata}|${to.iata}` : `${carrier}|${to.iata}|${from.iata}`
  const n = frequency(carrier, from, to, d, pairKey)
  const regional = findCarrier(carrier)?.regional
  const regionalOp = regional !== undefined && d < 900 && (from.size === 'medium' || to.size === 'medium') && unit(`reg|${pairKey}`) < 0.6
  // Number bands as airlines use them: long-haul lowest, regional partners in the 3000s–5000s.
  const [lo, hi] = regionalOp ? [1_500, 2_999] : d >= LONG_HAUL_KM ? [1, 240] : d >= 1_500 ? [250, 699] : [300, 1_499]
  const base = intBetween(`num|${pairKey}`, lo, hi) * 2
  return {
    pairKey,
    distanceKm: d,
    flightsPerDay: n,
    operatedBy: regionalOp ? regional : undefined,
    wantedBases: Array.from({ length: n }, (_, i) => base + 2 * i),
  }
}
