import { distanceKm, type Airport } from '../../../reference-data/airports.ts'
import { findCarrier } from './carriers.ts'
import { flightBases } from './flight-numbers.ts'
import { intBetween, pick, unit } from './hash.ts'
import { LONG_HAUL_KM, routePlan } from './route-plan.ts'

/**
 * The daily timetable of one carrier on one airport pair: the same every day (only fares move),
 * so a flight found today is still there tomorrow. A pure function of (carrier, from, to), but for
 * flight numbers, which are unique across the carrier's network (flight-numbers.ts).
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
  const plan = routePlan(carrier, from, to)
  const d = plan.distanceKm
  const regionalOp = plan.operatedBy !== undefined
  // Unique across the carrier's network; outbound (alphabetical) odd, return even.
  const bases = flightBases(carrier, plan)
  const direction = from.iata < to.iata ? 1 : 0
  const flights: ScheduledFlight[] = bases.map((base, i) => {
    const number = String(base + direction)
    return {
      carrier,
      number,
      from,
      to,
      departureMinute: departureMinute(i, bases.length, d, `${carrier}|${from.iata}|${to.iata}`),
      blockMinutes: blockMinutes(from, to),
      distanceKm: d,
      // Keyed by the wanted number, so a flight renumbered to stay unique keeps its aircraft.
      aircraft: aircraftFor(carrier, d, `${carrier}${plan.wantedBases[i]! + direction}|${from.iata}`, regionalOp),
      ...(plan.operatedBy ? { operatedBy: plan.operatedBy } : {}),
    }
  })
  flights.sort((a, b) => a.departureMinute - b.departureMinute)
  if (cache.size >= CACHE_MAX) cache.clear()
  cache.set(cacheKey, flights)
  return flights
}
