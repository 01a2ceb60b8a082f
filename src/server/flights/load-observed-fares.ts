import { and, desc, eq, gt, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { Db } from '../db/client.ts'
import { fareObservations } from '../db/schema.ts'
import type { DatePair } from '#shared/flights/flexible-dates.ts'
import { routeCodes } from './record-fare-observations.ts'
import { fareObservationsOf } from '../db/fare-observations-of.ts'

/**
 * Fares by date from what FareDrop has seen (decision 047), for a provider that cannot price dates:
 * per pair the latest observation no older than FRESH_MS (older fares have moved too far to show),
 * and the route's typical range from the last TYPICAL_WINDOW_MS when it holds TYPICAL_MIN rows.
 * Nothing is guessed: a pair without a fresh observation has no price.
 */

const DAY_MS = 86_400_000
export const OBSERVED_FRESH_MS = 7 * DAY_MS
export const TYPICAL_WINDOW_MS = 60 * DAY_MS
export const TYPICAL_MIN_OBSERVATIONS = 8

export interface ObservedRoute {
  from: string
  to: string
  cabin: FlightQuery['travel_class']
  adults: number
  currency: string
  /** The running provider: only its observations are read (db/fare-observations-of.ts). */
  provider: string
}

export interface ObservedFares {
  fares: Array<{ price: number; observedAt: Date } | null>
  typicalRange: [number, number] | null
}

const pairKey = (departureDate: string, returnDate: string | null) => `${departureDate}|${returnDate ?? ''}`

export async function loadObservedFares(db: Db, route: ObservedRoute, pairs: readonly DatePair[], now: Date): Promise<ObservedFares> {
  const sameRoute = and(
    eq(fareObservations.origin, routeCodes(route.from)),
    eq(fareObservations.destination, routeCodes(route.to)),
    eq(fareObservations.cabin, route.cabin),
    eq(fareObservations.adults, route.adults),
    eq(fareObservations.currency, route.currency.toUpperCase()),
    fareObservationsOf(route.provider),
  )
  // One way and round trips are different fares: the range compares like with like.
  const oneWay = pairs.every((p) => p.returnDate === null)
  const sameKind = oneWay ? isNull(fareObservations.returnDate) : isNotNull(fareObservations.returnDate)
  const departures = pairs.map((p) => p.departureDate).sort()
  const latest = new Map<string, { price: number; observedAt: Date }>()
  if (departures.length > 0) {
    const rows = await db
      .selectDistinctOn([fareObservations.departureDate, fareObservations.returnDate], {
        departureDate: fareObservations.departureDate,
        returnDate: fareObservations.returnDate,
        price: fareObservations.lowestPrice,
        observedAt: fareObservations.observedAt,
      })
      .from(fareObservations)
      .where(
        and(
          sameRoute,
          sameKind,
          gte(fareObservations.departureDate, departures[0]!),
          lte(fareObservations.departureDate, departures[departures.length - 1]!),
          gt(fareObservations.observedAt, new Date(now.getTime() - OBSERVED_FRESH_MS)),
        ),
      )
      .orderBy(fareObservations.departureDate, fareObservations.returnDate, desc(fareObservations.observedAt))
    for (const row of rows) latest.set(pairKey(row.departureDate, row.returnDate), { price: row.price, observedAt: row.observedAt })
  }

  // percentile_cont interpolates as the simulated market's insights do (25th–75th percentile).
  const [stats] = await db
    .select({
      count: sql<number>`count(*)::int`,
      low: sql<string | null>`percentile_cont(0.25) within group (order by ${fareObservations.lowestPrice})`,
      high: sql<string | null>`percentile_cont(0.75) within group (order by ${fareObservations.lowestPrice})`,
    })
    .from(fareObservations)
    .where(and(sameRoute, sameKind, gt(fareObservations.observedAt, new Date(now.getTime() - TYPICAL_WINDOW_MS))))
  const enough = stats && stats.count >= TYPICAL_MIN_OBSERVATIONS && stats.low !== null && stats.high !== null
  const low = enough ? Math.round(Number(stats.low)) : 0
  return {
    fares: pairs.map((p) => latest.get(pairKey(p.departureDate, p.returnDate)) ?? null),
    typicalRange: enough ? [low, Math.max(low, Math.round(Number(stats.high)))] : null,
  }
}
