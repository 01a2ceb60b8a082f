import { fnvChar, fnvFinish, fnvInt, fnvStart, fnvText, unit } from './hash.ts'
import { daysFromLocalDate } from './time-zones.ts'

/**
 * The simulated market's fare model, in US dollars per adult, as a product of factors:
 *   base(distance) × cabin × booking curve × weekday × season × stops × carrier × noise × shocks
 * and then × passenger mix for the whole party. Every factor is a pure function so tests can pin
 * each one. The noise moves with the UTC hour of "now", so a fare checked later can be lower or
 * higher; its slow part drifts day to day and its fast part jitters hour to hour.
 */

export type Cabin = 1 | 2 | 3 | 4

/** Economy, premium economy, business, first. */
export const CABIN_MULTIPLIERS: Readonly<Record<Cabin, number>> = { 1: 1, 2: 1.6, 3: 3.5, 4: 6 }

/** A round trip costs ~1.85 one ways (both legs' fares × this). */
export const ROUND_TRIP_FACTOR = 0.925
/** Multi-city tickets get a small discount on the sum of their legs. */
export const MULTI_CITY_FACTOR = 0.97
/** Mixing airlines that do not sell each other's flights costs more on one ticket. */
export const INTERLINE_FACTOR = 1.06

/**
 * One-way economy fare for the market's distance, before any other factor: concave, so long trips
 * cost less per km (LHR–CDG ≈ $95, JFK–LHR ≈ $535, JFK–SYD ≈ $1,190).
 */
export function baseFareUsd(distanceKm: number): number {
  return 40 + 0.5 * Math.max(0, distanceKm) ** 0.8
}

/** Days before departure → factor. Cheapest ~3–8 weeks out, steep inside two weeks. */
const BOOKING_CURVE: ReadonlyArray<readonly [days: number, factor: number]> = [
  [0, 1.85],
  [3, 1.6],
  [7, 1.4],
  [14, 1.18],
  [21, 1.02],
  [35, 0.95],
  [56, 0.97],
  [90, 1.02],
  [180, 1.08],
  [330, 1.12],
]

export function bookingCurve(daysToDeparture: number): number {
  // Days to departure are whole numbers when fares are priced: those come from a table.
  if (Number.isInteger(daysToDeparture) && daysToDeparture < BOOKING_CURVE_BY_DAY.length) return BOOKING_CURVE_BY_DAY[Math.max(0, daysToDeparture)]!
  return interpolateBookingCurve(daysToDeparture)
}

function interpolateBookingCurve(daysToDeparture: number): number {
  const days = Math.max(0, daysToDeparture)
  for (let i = 1; i < BOOKING_CURVE.length; i++) {
    const next = BOOKING_CURVE[i]!
    if (days <= next[0]) {
      const previous = BOOKING_CURVE[i - 1]!
      return previous[1] + ((next[1] - previous[1]) * (days - previous[0])) / (next[0] - previous[0])
    }
  }
  return BOOKING_CURVE[BOOKING_CURVE.length - 1]![1]
}

/** interpolateBookingCurve at 0, 1, 2 … days, up to the curve's last point (flat after it). */
const BOOKING_CURVE_BY_DAY = Array.from({ length: BOOKING_CURVE[BOOKING_CURVE.length - 1]![0] + 1 }, (_, days) => interpolateBookingCurve(days))

/** Sunday … Saturday: mid-week departures are cheapest, Fridays and Sundays dearest. */
const WEEKDAY = [1.06, 1.02, 0.94, 0.95, 1.02, 1.08, 0.97] as const

export function weekdayFactor(date: string): number {
  return calendarFactors(date).weekday
}

/** January … December: summer and the year-end holidays are high season (northern-hemisphere bias). */
const SEASON = [0.9, 0.88, 0.95, 1, 1.02, 1.12, 1.18, 1.15, 0.98, 0.97, 0.92, 1.08] as const

export function seasonFactor(date: string): number {
  return calendarFactors(date).season
}

function computeSeasonFactor(date: string): number {
  const month = Number(date.slice(5, 7))
  const day = Number(date.slice(8, 10))
  // The Christmas and New Year week is dearer than the rest of December.
  if (month === 12 && day >= 19) return 1.22
  return SEASON[month - 1] ?? 1
}

/**
 * Weekday and season factors by travel date, cached: insights price every option on ~100 dates
 * and moments per search, and parsing the date each time was a tenth of the market's CPU.
 */
interface CalendarFactors {
  weekday: number
  season: number
}

const calendarFactorsByDate = new Map<string, CalendarFactors>()
const CALENDAR_CACHE_MAX = 20_000

function calendarFactors(date: string): CalendarFactors {
  let factors = calendarFactorsByDate.get(date)
  if (!factors) {
    factors = { weekday: WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()]!, season: computeSeasonFactor(date) }
    if (calendarFactorsByDate.size >= CALENDAR_CACHE_MAX) calendarFactorsByDate.clear()
    calendarFactorsByDate.set(date, factors)
  }
  return factors
}

export interface PassengerMix {
  adults: number
  children: number
  infantsInSeat: number
  infantsOnLap: number
}

/** Adult-fare equivalents: children ~75 %, infants in a seat ~70 %, lap infants ~10 %. */
export function passengerMultiplier(p: PassengerMix): number {
  return p.adults + 0.75 * p.children + 0.7 * p.infantsInSeat + 0.1 * p.infantsOnLap
}

/** Connections sell cheaper than nonstops on the same market. */
export function stopsFactor(stops: number): number {
  return stops <= 0 ? 1 : stops === 1 ? 0.82 : 0.72
}

/** An airline's fare level with a small fixed per-airline spread. */
export function carrierFactor(carrier: string, profileFactor: number): number {
  return profileFactor * (0.97 + 0.06 * unit(`carrier|${carrier}`))
}

const HOUR_MS = 3_600_000

/** A roughly bell-shaped number in [-1, 1] fixed by a 32-bit hash (mean of three uniforms, rescaled). */
function bell(h: number): number {
  const a = (h & 0x3ff) / 1023
  const b = ((h >>> 10) & 0x3ff) / 1023
  const c = ((h >>> 20) & 0x3ff) / 1023
  return (a + b + c) / 1.5 - 1
}

/**
 * Deterministic market noise for one fare at one moment. A daily value, interpolated across the
 * hours of the day so prices drift instead of jumping, plus a smaller hourly jitter. Range about
 * ×0.83 … ×1.2.
 */
export function marketNoise(fareKey: string, at: Date): number {
  return new FareNoise(fareKey).at(at.getTime())
}

/**
 * marketNoise of one fare key, for pricing the fare at many moments. Its values are hashes of
 * `${fareKey}|d${day}`, `${fareKey}|d${day + 1}` and `${fareKey}|h${hour}`: the key's part is
 * hashed once here and only the short tails per moment. It remembers its last hour (a search
 * prices the present three times) and its last "next day" (price history walks day by day).
 */
export class FareNoise {
  /** Hash states after `${fareKey}|d` and `${fareKey}|h`. */
  private readonly dayPrefix: number
  private readonly hourPrefix: number
  private lastHour = NaN
  private lastNoise = 0
  private lastNextDay = NaN
  private lastNextDayBell = 0

  constructor(fareKey: string) {
    const key = fnvChar(fnvText(fnvStart(), fareKey), '|'.charCodeAt(0))
    this.dayPrefix = fnvChar(key, 'd'.charCodeAt(0))
    this.hourPrefix = fnvChar(key, 'h'.charCodeAt(0))
  }

  at(atMs: number): number {
    const hour = Math.floor(atMs / HOUR_MS)
    if (hour === this.lastHour) return this.lastNoise
    const day = Math.floor(hour / 24)
    const t = (hour - day * 24) / 24
    const today = day === this.lastNextDay ? this.lastNextDayBell : this.dayBell(day)
    const tomorrow = this.dayBell(day + 1)
    const slow = today * (1 - t) + tomorrow * t
    const fast = bell(fnvFinish(fnvInt(this.hourPrefix, hour)))
    const noise = Math.exp(0.14 * slow + 0.04 * fast)
    this.lastHour = hour
    this.lastNoise = noise
    this.lastNextDay = day + 1
    this.lastNextDayBell = tomorrow
    return noise
  }

  private dayBell(day: number): number {
    return bell(fnvFinish(fnvInt(this.dayPrefix, day)))
  }
}

/**
 * Whole days from today to the local departure date, "today" being the date at the origin airport
 * (timeZone): at 21:00 in New York on 2 Nov (02:00 UTC on the 3rd) a JFK flight on the 2nd leaves
 * today, not yesterday, and in Tokyo the 3rd has begun while UTC is still on the 2nd.
 */
export function daysToDeparture(travelDate: string, now: Date, timeZone = 'UTC'): number {
  return daysFromLocalDate(now.getTime(), timeZone, travelDate)
}

export interface FareInput {
  /** Great-circle distance of the market (origin to destination), not of the flown path. */
  distanceKm: number
  cabin: Cabin
  stops: number
  /** From carrierFactor(). */
  carrier: number
  travelDate: string
  /** IANA zone of the origin airport: days to departure count from its local date. */
  originTimeZone: string
  now: Date
  /** Identifies the fare for the noise: route, dates, cabin, carriers and flight numbers. */
  noiseKey: string
  /** false leaves the market noise out: the model's typical fare, the same at any hour. Default true. */
  noise?: boolean
}

/** One adult's one-way fare in USD, unrounded. */
export function adultFareUsd(input: FareInput): number {
  return fareAt(fareBasis(input), input.travelDate, input.now.getTime(), input.noise !== false)
}

/**
 * The factors of a fare that stay the same whatever the moment and travel date: worked out once
 * per leg option and cabin (fares.ts), then priced at many moments by fareAt.
 */
export interface FareBasis {
  /** baseFareUsd × the cabin multiplier: the first two factors of the product. */
  baseTimesCabin: number
  stops: number
  carrier: number
  originTimeZone: string
  noise: FareNoise
}

export function fareBasis(input: Omit<FareInput, 'travelDate' | 'now' | 'noise'>): FareBasis {
  return {
    baseTimesCabin: baseFareUsd(input.distanceKm) * CABIN_MULTIPLIERS[input.cabin],
    stops: stopsFactor(input.stops),
    carrier: input.carrier,
    originTimeZone: input.originTimeZone,
    noise: new FareNoise(input.noiseKey),
  }
}

/**
 * One adult's one-way fare in USD, unrounded, for a departure on travelDate searched at atMs.
 * The factors multiply left to right in the order of the model's formula (see the top): floating
 * point products depend on the order, and prices must not move by a cent.
 */
export function fareAt(basis: FareBasis, travelDate: string, atMs: number, noise: boolean): number {
  const travel = calendarFactors(travelDate)
  return (
    basis.baseTimesCabin *
    bookingCurve(daysFromLocalDate(atMs, basis.originTimeZone, travelDate)) *
    travel.weekday *
    travel.season *
    basis.stops *
    basis.carrier *
    (noise ? basis.noise.at(atMs) : 1)
  )
}

/** Carry-on bags: low-cost carriers charge per bag and leg, full-service fares tick up slightly. */
export function bagsUsd(bags: number, lowCost: boolean, legFareUsd: number): number {
  if (bags <= 0) return 0
  return lowCost ? 30 * bags : 0.015 * bags * legFareUsd
}

/** p in [0, 1] of a list of numbers (linear interpolation). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const i = (sorted.length - 1) * p
  const lo = Math.floor(i)
  const hi = Math.ceil(i)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo)
}
