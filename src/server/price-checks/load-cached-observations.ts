import { and, desc, gt, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { priceObservations, type ObservedItinerary } from '../db/schema.ts'

/** One provider answer for one search key, as the engine passes it around and stores it once. */
export interface Observation {
  id: string
  searchKey: string
  provider: string
  observedAt: Date
  lowestPrice: number | null
  currency: string
  itineraries: ObservedItinerary[]
  /** Made with every cache bypassed (a re-check before a notice, or an admin check). */
  fresh: boolean
}

/**
 * The newest observation of each key made after `since` (any worker's): these answer their keys
 * without a provider call. One query for the whole batch.
 */
export async function loadCachedObservations(db: Db, keys: readonly string[], since: Date): Promise<Map<string, Observation>> {
  const cached = new Map<string, Observation>()
  if (keys.length === 0) return cached
  const rows = await db
    .selectDistinctOn([priceObservations.searchKey])
    .from(priceObservations)
    .where(and(inArray(priceObservations.searchKey, [...keys]), gt(priceObservations.observedAt, since)))
    .orderBy(priceObservations.searchKey, desc(priceObservations.observedAt))
  for (const row of rows) cached.set(row.searchKey, row)
  return cached
}
