import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { TRAVEL_CLASS_CODES } from '#shared/flights/flight-query.ts'
import { OBSERVED_HISTORY_MAX_POINTS, type ObservedHistory, type ObservedHistoryQuery, type ObservedPrice } from '#shared/flights/observed-history.ts'
import type { Db } from '../db/client.ts'
import { fareObservations } from '../db/schema.ts'
import { routeCodes } from './record-fare-observations.ts'
import { fareObservationsOf } from '../db/fare-observations-of.ts'
import { fareRoute } from './validate-fare-route.ts'

/**
 * GET /api/flights/observed-history: one trip's prices as FareDrop saw them (decision 047), for
 * exactly the search a fare observation records: route (codes sorted, as recorded), dates, cabin,
 * adults and currency. Every observation is a point while there are at most
 * OBSERVED_HISTORY_MAX_POINTS of them; beyond that, the lowest of each hour (or of a wider span, so
 * the 90 days rows are kept still fit), which keeps the cheapest fare ever seen on the line.
 */

const HOUR_S = 3600

/** `provider`: the running provider, whose observations alone are read (db/fare-observations-of.ts). */
export async function loadObservedHistory(db: Db, q: ObservedHistoryQuery, provider: string): Promise<ObservedHistory> {
  const route = fareRoute(q)
  const trip = and(
    eq(fareObservations.origin, routeCodes(route.from)),
    eq(fareObservations.destination, routeCodes(route.to)),
    eq(fareObservations.cabin, TRAVEL_CLASS_CODES[route.travelClass]),
    eq(fareObservations.adults, route.adults),
    eq(fareObservations.currency, route.currency),
    eq(fareObservations.departureDate, q.departureDate),
    q.returnDate === undefined ? isNull(fareObservations.returnDate) : eq(fareObservations.returnDate, q.returnDate),
    fareObservationsOf(provider),
  )
  const empty: ObservedHistory = { currency: route.currency, observations: 0, points: [], lowest: null, highest: null, first: null, latest: null }

  const [stats] = await db
    .select({
      count: sql<number>`count(*)::int`,
      spanSeconds: sql<string | null>`extract(epoch from max(${fareObservations.observedAt}) - min(${fareObservations.observedAt}))`,
    })
    .from(fareObservations)
    .where(trip)
  const count = stats?.count ?? 0
  if (count === 0) return empty

  const point = (row: { price: number; at: Date }): ObservedPrice => ({ at: row.at.toISOString(), price: row.price })
  const columns = { price: fareObservations.lowestPrice, at: fareObservations.observedAt }

  if (count <= OBSERVED_HISTORY_MAX_POINTS) {
    const rows = (await db.select(columns).from(fareObservations).where(trip).orderBy(asc(fareObservations.observedAt), asc(fareObservations.id))).map(point)
    // Ties: the latest time a price was seen at that level.
    const pick = (better: (a: ObservedPrice, b: ObservedPrice) => boolean) => rows.reduce((best, p) => (better(p, best) || p.price === best.price ? p : best))
    return {
      ...empty,
      observations: count,
      points: rows,
      lowest: pick((a, b) => a.price < b.price),
      highest: pick((a, b) => a.price > b.price),
      first: rows[0]!,
      latest: rows.at(-1)!,
    }
  }

  // Buckets of whole hours, as few as keep the points within the cap (a span of s seconds touches at most s / bucket + 2 buckets).
  const span = Number(stats?.spanSeconds ?? 0)
  const bucketSeconds = HOUR_S * Math.max(1, Math.ceil(span / HOUR_S / (OBSERVED_HISTORY_MAX_POINTS - 2)))
  // Inlined (a whole number computed here): DISTINCT ON and ORDER BY must be the same expression, not two parameters.
  const bucket = sql`floor(extract(epoch from ${fareObservations.observedAt}) / ${sql.raw(String(bucketSeconds))})`
  const one = async (...order: SQL[]) => {
    const [row] = await db.select(columns).from(fareObservations).where(trip).orderBy(...order).limit(1)
    return row ? point(row) : null
  }
  const points = await db
    .selectDistinctOn([bucket], columns)
    .from(fareObservations)
    .where(trip)
    .orderBy(bucket, asc(fareObservations.lowestPrice), desc(fareObservations.observedAt))
  return {
    ...empty,
    observations: count,
    points: points.map(point),
    lowest: await one(asc(fareObservations.lowestPrice), desc(fareObservations.observedAt)),
    highest: await one(desc(fareObservations.lowestPrice), desc(fareObservations.observedAt)),
    first: await one(asc(fareObservations.observedAt)),
    latest: await one(desc(fareObservations.observedAt)),
  }
}
