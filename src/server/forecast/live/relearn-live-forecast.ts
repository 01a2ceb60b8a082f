/**
 * The worker's daily task (decision 052, addendum of 2026-11-28): re-counts the buy-or-wait model
 * from the live `fare_observations` and re-measures its gate on a hold-out of the newest moments
 * (forecast/live-forecast.ts), then stores both for the running provider. Bounded: routes are read
 * one at a time in pages of route keys, each route's newest rows up to a cap, and the whole run
 * stops reading at a total cap (the result then says `truncated`).
 */
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { fareObservations } from '../../db/schema.ts'
import { fareObservationsOf } from '../../db/fare-observations-of.ts'
import { distanceKm, findAirport } from '../../reference-data/airports.ts'
import { haulKind } from '../forecast-kind.ts'
import { HOLDOUT_DAYS, measureLiveForecast, routeMoments, type LiveMoment } from '../live-forecast.ts'
import { saveLiveForecast } from './live-forecast-store.ts'

const DAY_MS = 86_400_000
/** `fare_observations` keeps 90 days (prune-observations.ts): read no further back. */
const LOOKBACK_MS = 90 * DAY_MS

export interface RelearnLimits {
  /** Route keys read per page. */
  routesPerPage: number
  /** A route's newest rows read at most (an alert checked every 15 minutes on 7 dates for 90 days is ~60,000). */
  rowsPerRoute: number
  /** Rows read in all; the run stops reading there. */
  maxRows: number
  holdoutDays: number
}

export const RELEARN_LIMITS: RelearnLimits = { routesPerPage: 200, rowsPerRoute: 20_000, maxRows: 300_000, holdoutDays: HOLDOUT_DAYS }

export interface RelearnResult {
  provider: string
  routes: number
  observationsRead: number
  truncated: boolean
  learnedMoments: number
  scoredMoments: number
  /** Bands (haul × days) where the live gate shows the forecast. */
  shownBands: number
}

type RouteKey = { origin: string; destination: string; cabin: number; adults: number; currency: string }

export async function relearnLiveForecast(deps: { db: Db; now: Date; provider: string }, limits: RelearnLimits = RELEARN_LIMITS): Promise<RelearnResult> {
  const { db, now } = deps
  const since = new Date(now.getTime() - LOOKBACK_MS)
  const window = and(gte(fareObservations.observedAt, since), lte(fareObservations.observedAt, now), fareObservationsOf(deps.provider))
  const moments: LiveMoment[] = []
  let read = 0
  let routes = 0
  let truncated = false
  let after: RouteKey | null = null
  pages: for (;;) {
    const keys: RouteKey[] = await db
      .select({ origin: fareObservations.origin, destination: fareObservations.destination, cabin: fareObservations.cabin, adults: fareObservations.adults, currency: fareObservations.currency })
      .from(fareObservations)
      .where(
        and(
          window,
          after
            ? sql`(${fareObservations.origin}, ${fareObservations.destination}, ${fareObservations.cabin}, ${fareObservations.adults}, ${fareObservations.currency}) > (${after.origin}, ${after.destination}, ${after.cabin}, ${after.adults}, ${after.currency})`
            : undefined,
        ),
      )
      .groupBy(fareObservations.origin, fareObservations.destination, fareObservations.cabin, fareObservations.adults, fareObservations.currency)
      .orderBy(asc(fareObservations.origin), asc(fareObservations.destination), asc(fareObservations.cabin), asc(fareObservations.adults), asc(fareObservations.currency))
      .limit(limits.routesPerPage)
    for (const key of keys) {
      if (read >= limits.maxRows) {
        truncated = true
        break pages
      }
      // The first airport of each list stands for the route's distance and the origin's time zone, as the endpoint does.
      const from = findAirport(key.origin.split(',')[0]!)
      const to = findAirport(key.destination.split(',')[0]!)
      if (!from || !to) continue
      const take = Math.min(limits.rowsPerRoute, limits.maxRows - read)
      const rows = await db
        .select({ departureDate: fareObservations.departureDate, returnDate: fareObservations.returnDate, price: fareObservations.lowestPrice, observedAt: fareObservations.observedAt, source: fareObservations.source })
        .from(fareObservations)
        .where(
          and(
            eq(fareObservations.origin, key.origin),
            eq(fareObservations.destination, key.destination),
            eq(fareObservations.cabin, key.cabin),
            eq(fareObservations.adults, key.adults),
            eq(fareObservations.currency, key.currency),
            window,
          ),
        )
        .orderBy(desc(fareObservations.observedAt))
        .limit(take)
      read += rows.length
      // At a cap, the route's oldest rows were left unread.
      if (rows.length === take) truncated = true
      routes++
      moments.push(...routeMoments(rows, { haul: haulKind(distanceKm(from, to)), timeZone: from.timeZone }, now))
    }
    if (keys.length < limits.routesPerPage) break
    after = keys[keys.length - 1]!
  }

  const measured = measureLiveForecast(moments, now, limits.holdoutDays)
  await saveLiveForecast(db, { ...measured, provider: deps.provider, measuredAt: now, holdoutDays: limits.holdoutDays, observationsRead: read, truncated })
  return {
    provider: deps.provider,
    routes,
    observationsRead: read,
    truncated,
    learnedMoments: measured.learnedMoments,
    scoredMoments: measured.scoredMoments,
    shownBands: measured.gate.filter((row) => row.shown).length,
  }
}
