/**
 * What the forecast knows about a trip at a moment, from observed prices only (decision 052): how
 * far off departure is, and where the latest price sits against the trip's own recent prices (or,
 * for a trip FareDrop has barely seen, how the neighbouring departure dates of the route moved).
 */

/** One observed cheapest fare of the route, as a `fare_observations` row holds it. */
export interface ObservedFare {
  departureDate: string
  /** Null: one way. */
  returnDate: string | null
  price: number
  observedAt: Date
  source: 'search' | 'check'
}

export interface ForecastInput {
  departureDate: string
  returnDate: string | null
  /** The moment of the forecast. */
  now: Date
  /** Whole days from today to the departure date (0 = today). */
  daysToDeparture: number
  /** The trip's observations and, if any, those of the route's departure dates up to 3 days either side. */
  observations: readonly ObservedFare[]
}

/** Upper bounds (inclusive) of the days-to-departure buckets: fine where fares move fastest. */
export const DAYS_BUCKETS = [3, 7, 10, 14, 18, 22, 28, 35, 49, 70, 100, Infinity] as const
/** Upper bounds of the position buckets, as ln(latest / usual): −10 %, −4 %, −1.5 %, +1.5 %, +4 %, +10 %. */
export const POSITION_BUCKETS = [-0.105, -0.041, -0.015, 0.015, 0.039, 0.095, Infinity] as const

export const NEIGHBOUR_DAYS = 3
/** The latest price must be this fresh to stand for "now". */
const LATEST_MS = 24 * 3_600_000
/** The usual price is the median of daily lows over this window, ending a little before now. */
const USUAL_WINDOW_MS = 14 * 86_400_000
const USUAL_GAP_MS = 20 * 3_600_000
const MIN_USUAL_DAYS = 3
const MIN_NEIGHBOURS = 2

export interface ForecastFeatures {
  daysBucket: number
  positionBucket: number
  /** ln(latest / usual): below 0, the price is under its recent level. */
  position: number
  /** Where the position came from. */
  basis: 'trip' | 'neighbours'
  latest: number
}

const bucketOf = (value: number, bounds: readonly number[]) => bounds.findIndex((bound) => value <= bound)

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** ln(latest / median of daily lows) of one trip's prices, or null without a fresh price and 3 days of history. */
export function pricePosition(fares: readonly ObservedFare[], nowMs: number): { position: number; latest: number } | null {
  let latest: ObservedFare | undefined
  const dailyLow = new Map<string, number>()
  for (const fare of fares) {
    const at = fare.observedAt.getTime()
    if (!(fare.price > 0) || at > nowMs) continue
    if (at >= nowMs - LATEST_MS && (!latest || at >= latest.observedAt.getTime())) latest = fare
    if (at >= nowMs - USUAL_WINDOW_MS && at < nowMs - USUAL_GAP_MS) {
      const day = fare.observedAt.toISOString().slice(0, 10)
      dailyLow.set(day, Math.min(dailyLow.get(day) ?? Infinity, fare.price))
    }
  }
  if (!latest || dailyLow.size < MIN_USUAL_DAYS) return null
  return { position: Math.log(latest.price / median([...dailyLow.values()])), latest: latest.price }
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000

/** The features of a forecast, or null when the prices seen are too few to say anything. */
export function forecastFeatures(input: ForecastInput): ForecastFeatures | null {
  if (!Number.isFinite(input.daysToDeparture) || input.daysToDeparture < 0) return null
  const nowMs = input.now.getTime()
  const daysBucket = bucketOf(Math.floor(input.daysToDeparture), DAYS_BUCKETS)
  const stay = input.returnDate === null ? null : dayNumber(input.returnDate) - dayNumber(input.departureDate)
  const byTrip = new Map<string, ObservedFare[]>()
  for (const fare of input.observations) {
    // Neighbours are the same kind of trip: one way with one way, round trips of the same length.
    const fareStay = fare.returnDate === null ? null : dayNumber(fare.returnDate) - dayNumber(fare.departureDate)
    if (fareStay !== stay || Math.abs(dayNumber(fare.departureDate) - dayNumber(input.departureDate)) > NEIGHBOUR_DAYS) continue
    const list = byTrip.get(fare.departureDate) ?? []
    list.push(fare)
    byTrip.set(fare.departureDate, list)
  }

  const own = pricePosition(byTrip.get(input.departureDate) ?? [], nowMs)
  if (own) return { daysBucket, positionBucket: bucketOf(own.position, POSITION_BUCKETS), position: own.position, basis: 'trip', latest: own.latest }

  // A trip seen for under 3 days: the route's move on the dates around it (a fare sale moves them all).
  const latest = freshest(byTrip.get(input.departureDate) ?? [], nowMs)
  if (latest === null) return null
  const moves = [...byTrip.entries()].filter(([date]) => date !== input.departureDate).map(([, fares]) => pricePosition(fares, nowMs)?.position)
  const known = moves.filter((m): m is number => m !== undefined)
  if (known.length < MIN_NEIGHBOURS) return null
  const position = median(known)
  return { daysBucket, positionBucket: bucketOf(position, POSITION_BUCKETS), position, basis: 'neighbours', latest }
}

/** The trip's latest price within the last day, or null. */
function freshest(fares: readonly ObservedFare[], nowMs: number): number | null {
  let best: ObservedFare | undefined
  for (const fare of fares) {
    const at = fare.observedAt.getTime()
    if (fare.price > 0 && at <= nowMs && at >= nowMs - LATEST_MS && (!best || at >= best.observedAt.getTime())) best = fare
  }
  return best ? best.price : null
}
