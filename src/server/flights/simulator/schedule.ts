import { distanceKm, type Airport } from '../reference-data/airports.ts'
import { findCarrier } from './carriers.ts'
import { intBetween, pick, unit } from './hash.ts'

/**
 * The daily timetable of one carrier on one airport pair: the same every day (only fares move),
 * so a flight found today is still there tomorrow. Pure function of (carrier, from, to).
 */
export interface ScheduledFlight {
  carrier: string
  /** Digits only, e.g. "117". */
  number: string
  from: Airport
  to: Airport
  /** Local departure time at `from`, minutes after midnight. */
  departureMinute: number
  blockMinutes: number
  distanceKm: number
  aircraft: string
  /** Regional operator flying it for the carrier, if any. */
  operatedBy?: string
}

const LONG_HAUL_KM = 4_500

/**
 * Block time: great-circle distance at ~780 km/h plus taxi and climb (less on short hops), with
 * the jet stream making eastbound flights shorter and westbound ones longer.
 */
export function blockMinutes(from: Airport, to: Airport): number {
  const d = distanceKm(from, to)
  const overhead = d < 500 ? 20 : d < 1_500 ? 25 : 30
  let dLon = to.lon - from.lon
  if (dLon > 180) dLon -= 360
  if (dLon < -180) dLon += 360
  const wind = 1 + (dLon > 0 ? -0.06 : 0.06) * Math.min(1, d / 3_000)
  return Math.max(35, Math.round(((d / 780) * 60 * wind + overhead) / 5) * 5)
}

const REGIONAL = ['Embraer 175', 'Bombardier CRJ900', 'ATR 72', 'De Havilland Canada Dash 8-400', 'Embraer 190']
const NARROW = ['Airbus A320', 'Airbus A320neo', 'Airbus A321neo', 'Boeing 737', 'Boeing 737 MAX 8', 'Airbus A220-300', 'Airbus A319']
const LCC_NARROW = ['Airbus A320', 'Airbus A320neo', 'Airbus A321neo', 'Boeing 737', 'Boeing 737 MAX 8']
const MEDIUM = ['Boeing 757', 'Airbus A321neo', 'Boeing 767', 'Airbus A330', 'Boeing 787']
const WIDE = ['Boeing 787', 'Airbus A350', 'Boeing 777', 'Airbus A330', 'Boeing 777-300ER', 'Airbus A350-1000']
const A380_OPERATORS = new Set(['EK', 'QF', 'SQ', 'BA', 'LH', 'QR', 'EY', 'KE', 'NH'])

export function aircraftFor(carrier: string, distance: number, key: string, regional: boolean): string {
  const kind = findCarrier(carrier)?.kind ?? 'network'
  if (kind === 'lcc') return distance > LONG_HAUL_KM ? pick(key, ['Boeing 787', 'Airbus A321neo']) : pick(key, LCC_NARROW)
  if (regional) return pick(key, REGIONAL)
  if (distance < 2_800) return pick(key, NARROW)
  if (distance < 5_000) return pick(key, MEDIUM)
  if (distance > 9_000 && A380_OPERATORS.has(carrier) && unit(`a380|${key}`) < 0.35) return 'Airbus A380'
  return pick(key, WIDE)
}

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

/** Local departure minute of the i-th of n daily flights. */
function departureMinute(i: number, n: number, d: number, key: string): number {
  let minute: number
  if (d >= LONG_HAUL_KM) {
    // Long-haul leaves in banks: mostly evenings (overnight arrivals), some mornings.
    minute = unit(`bank|${key}|${i}`) < 0.6 ? intBetween(`t|${key}|${i}`, 17 * 60, 23 * 60 + 30) : intBetween(`t|${key}|${i}`, 7 * 60 + 30, 14 * 60)
  } else {
    const span = 21 * 60 + 30 - 6 * 60
    minute = 6 * 60 + ((i + 0.5) * span) / n + intBetween(`t|${key}|${i}`, -35, 35)
  }
  return Math.round(minute / 5) * 5
}

const cache = new Map<string, ScheduledFlight[]>()
const CACHE_MAX = 20_000

export function dailyFlights(carrier: string, from: Airport, to: Airport): ScheduledFlight[] {
  const cacheKey = `${carrier}|${from.iata}|${to.iata}`
  const cached = cache.get(cacheKey)
  if (cached) return cached
  const d = distanceKm(from, to)
  // Both directions share a base number; outbound odd, return even, as many airlines do.
  const pairKey = from.iata < to.iata ? `${carrier}|${from.iata}|${to.iata}` : `${carrier}|${to.iata}|${from.iata}`
  const n = frequency(carrier, from, to, d, pairKey)
  const profile = findCarrier(carrier)
  const regionalOp = profile?.regional !== undefined && d < 900 && (from.size === 'medium' || to.size === 'medium') && unit(`reg|${pairKey}`) < 0.6
  const [lo, hi] = regionalOp ? [1_500, 2_999] : d >= LONG_HAUL_KM ? [1, 240] : d >= 1_500 ? [250, 699] : [300, 1_499]
  const base = intBetween(`num|${pairKey}`, lo, hi) * 2
  const direction = from.iata < to.iata ? 1 : 0
  const flights: ScheduledFlight[] = []
  for (let i = 0; i < n; i++) {
    const number = String(regionalOp ? base + 2 * i + direction : Math.min(9_998, base + 2 * i) + direction)
    const key = `${carrier}${number}|${from.iata}`
    flights.push({
      carrier,
      number,
      from,
      to,
      departureMinute: departureMinute(i, n, d, `${carrier}|${from.iata}|${to.iata}`),
      blockMinutes: blockMinutes(from, to),
      distanceKm: d,
      aircraft: aircraftFor(carrier, d, key, regionalOp),
      ...(regionalOp && profile?.regional ? { operatedBy: profile.regional } : {}),
    })
  }
  flights.sort((a, b) => a.departureMinute - b.departureMinute)
  if (cache.size >= CACHE_MAX) cache.clear()
  cache.set(cacheKey, flights)
  return flights
}
