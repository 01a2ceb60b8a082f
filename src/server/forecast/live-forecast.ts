/**
 * The forecast re-counted from the live `fare_observations` (decision 052, addendum of 2026-11-28):
 * which moments of a route's observed fares count as forecasts, their labels from the trip's later
 * observations (label-moment.ts, as the benchmark labels its learning replay), and the gate measured
 * on a hold-out of the newest moments with the benchmark's scorer and `beatsBaseline` rule. Pure:
 * the worker's task (live/relearn-live-forecast.ts) reads the rows and stores the result.
 */
import type { ObservedFare } from './forecast-features.ts'
import { NEIGHBOUR_DAYS } from './forecast-features.ts'
import type { GateRow } from './forecast-gate.ts'
import { daysBand, daysToDeparture, type DaysBand, type HaulKind } from './forecast-kind.ts'
import { learnForecastModel, type ForecastModel } from './forecast-model.ts'
import { HORIZON_DAYS, type ForecastSignal, type KayakOutcome, type PricePoint } from './forecast-outcome.ts'
import { gateRows, type ScoredForecast } from './forecast-score.ts'
import { labelledSample, labelMoment } from './label-moment.ts'
import { mostLikelyOutcome } from './predict-forecast.ts'

const DAY_MS = 86_400_000
/** The features read two weeks of prices and the last day's: older rows change nothing. */
const FEATURE_LOOKBACK_MS = 15 * DAY_MS
/** The gate is measured on the forecasts of the newest 28 days whose week has passed. */
export const HOLDOUT_DAYS = 28

/** A moment of the live history, labelled: what the learner counts and the hold-out scores. */
export interface LiveMoment {
  /** Epoch ms of the moment and of its horizon's end. */
  at: number
  end: number
  haul: HaulKind
  days: DaysBand
  /** Buckets of the features; null: too few prices seen then (the forecast said "no clear signal", confidence 0). */
  daysBucket: number | null
  positionBucket: number | null
  price: number
  outcome: ForecastSignal
  depth: number
  kayak: KayakOutcome | null
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS
const tripKey = (f: Pick<ObservedFare, 'departureDate' | 'returnDate'>) => `${f.departureDate}|${f.returnDate ?? ''}`

/** Index of the first fare observed at or after `ms` (fares sorted by time). */
function firstAtOrAfter(fares: readonly ObservedFare[], ms: number): number {
  let lo = 0
  let hi = fares.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (fares[mid]!.observedAt.getTime() < ms) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The labelled moments of one route (one origin, destination, cabin, party and currency). As the
 * benchmark asks at each watched trip's first price check of the day, a moment is each trip's first
 * check of a UTC day (its first search that day when it had no check), at least a day before its
 * departure date, whose horizon closed by `until`; its features come from the prices seen up to it
 * (the trip's and its neighbouring dates'), its label from the trip's later observations. Moments
 * whose outcome is unknown (no price seen in the horizon's last day) are left out.
 */
export function routeMoments(fares: readonly ObservedFare[], route: { haul: HaulKind; timeZone: string }, until: Date): LiveMoment[] {
  const byTrip = new Map<string, ObservedFare[]>()
  for (const fare of fares) {
    if (!(fare.price > 0)) continue
    const list = byTrip.get(tripKey(fare)) ?? []
    list.push(fare)
    byTrip.set(tripKey(fare), list)
  }
  const trips = [...byTrip.values()].map((list) => list.sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime()))
  const stayOf = (f: ObservedFare) => (f.returnDate === null ? null : dayNumber(f.returnDate) - dayNumber(f.departureDate))

  const out: LiveMoment[] = []
  for (const trip of trips) {
    const first = trip[0]!
    const stay = stayOf(first)
    // The same kind of trip on departure dates up to 3 days either side (forecast-features.ts reads them).
    const neighbours = trips.filter((other) => stayOf(other[0]!) === stay && Math.abs(dayNumber(other[0]!.departureDate) - dayNumber(first.departureDate)) <= NEIGHBOUR_DAYS)
    const departs = Date.parse(`${first.departureDate}T00:00:00Z`)
    for (const fare of firstOfEachDay(trip)) {
      const at = fare.observedAt.getTime()
      if (at >= departs - DAY_MS) continue
      const now = fare.observedAt
      const days = daysToDeparture(now, first.departureDate, route.timeZone)
      if (days < 0) continue
      const observations = neighbours.flatMap((other) => other.slice(firstAtOrAfter(other, at - FEATURE_LOOKBACK_MS), firstAtOrAfter(other, at + 1)))
      const after = firstAtOrAfter(trip, at + 1)
      const later: PricePoint[] = []
      for (let i = after; i < trip.length && trip[i]!.observedAt.getTime() <= at + HORIZON_DAYS * DAY_MS; i++) later.push({ at: trip[i]!.observedAt.getTime(), price: trip[i]!.price })
      const label = labelMoment({ departureDate: first.departureDate, returnDate: first.returnDate, now, daysToDeparture: days, observations }, fare.price, later)
      if (label.end > until.getTime() || label.observed === null) continue
      out.push({
        at,
        end: label.end,
        haul: route.haul,
        days: daysBand(days),
        daysBucket: label.features?.daysBucket ?? null,
        positionBucket: label.features?.positionBucket ?? null,
        price: fare.price,
        outcome: label.observed,
        depth: label.observedDepth,
        kayak: label.observedKayak,
      })
    }
  }
  return out
}

/** The trip's first check of each UTC day, or its first search on a day without a check (fares sorted by time). */
function firstOfEachDay(trip: readonly ObservedFare[]): ObservedFare[] {
  const byDay = new Map<string, ObservedFare>()
  for (const fare of trip) {
    const day = fare.observedAt.toISOString().slice(0, 10)
    const kept = byDay.get(day)
    if (!kept || (kept.source === 'search' && fare.source === 'check')) byDay.set(day, fare)
  }
  return [...byDay.values()]
}

export interface LiveMeasurement {
  /** The model served: counted from every labelled moment. */
  model: ForecastModel
  /** Per haul × days band, the hold-out's figures and whether the forecast beats silence there. */
  gate: GateRow[]
  /** Labelled moments with features (what `model` counted). */
  learnedMoments: number
  /** Moments the hold-out's model counted (their week ended before the hold-out began). */
  holdoutLearnedMoments: number
  /** Moments of the hold-out scored (every band). */
  scoredMoments: number
}

const sampleOf = (m: LiveMoment) => labelledSample({ features: m.daysBucket === null || m.positionBucket === null ? null : { daysBucket: m.daysBucket, positionBucket: m.positionBucket }, observed: m.outcome, observedDepth: m.depth })

/**
 * Learns and measures on an honest hold-out: the moments of the newest `holdoutDays` whose week has
 * passed (from now − 7 − holdoutDays days to now − 7 days) are scored against what their trips'
 * later observations showed, by a model counted only from moments whose whole week ended before
 * the first of them (no price of the hold-out's time taught it). Each hold-out moment says what
 * that model says of its buckets ("no clear signal" without features, as the endpoint does), and
 * the gate rows are the benchmark's (forecast-score.ts: `beatsBaseline`, 100 forecasts, 2 points).
 * The model served is then counted from every moment, the hold-out's included.
 */
export function measureLiveForecast(moments: readonly LiveMoment[], now: Date, holdoutDays = HOLDOUT_DAYS): LiveMeasurement {
  const nowMs = now.getTime()
  const split = nowMs - (HORIZON_DAYS + holdoutDays) * DAY_MS
  const closed = moments.filter((m) => m.end <= nowMs)
  const before = closed.flatMap((m) => (m.end <= split ? (sampleOf(m) ?? []) : []))
  const holdoutModel = learnForecastModel(before)
  const scored: ScoredForecast[] = closed
    .filter((m) => m.at >= split)
    .map((m) => ({
      haul: m.haul,
      days: m.days,
      price: m.price,
      truth: m.outcome,
      kayak: m.kayak,
      forecast: { signal: m.daysBucket === null || m.positionBucket === null ? 'none' : mostLikelyOutcome(holdoutModel, m.daysBucket, m.positionBucket).signal },
    }))
  const all = closed.flatMap((m) => sampleOf(m) ?? [])
  return {
    model: learnForecastModel(all),
    gate: gateRows(scored, holdoutModel.dropDepth),
    learnedMoments: all.length,
    holdoutLearnedMoments: before.length,
    scoredMoments: scored.length,
  }
}
