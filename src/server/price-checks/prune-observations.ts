import { inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { fareObservations, priceObservations } from '../db/schema.ts'
import { pruneCheckLog } from './check-log.ts'
import { pruneBackoffs } from './provider-backoff.ts'
import { pruneProviderBudget } from '../provider-budget/provider-budget.ts'

/** Observations are a cache and an audit trail; each alert's history keeps its own copy of the price. */
export const OBSERVATION_RETENTION_MS = 7 * 86_400_000
/** Fares seen for the calendar (decision 047): 60 days make a route's typical range, with a margin. */
export const FARE_OBSERVATION_RETENTION_MS = 90 * 86_400_000
const PRUNE_CHUNK = 5_000

/** Deletes old observations, fares seen over 90 days ago, check log rows (in chunks, so no long lock), old budget windows and stale backoffs. */
export async function pruneObservations(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - OBSERVATION_RETENTION_MS)
  let total = 0
  for (;;) {
    const old = db.select({ id: priceObservations.id }).from(priceObservations).where(lt(priceObservations.observedAt, before)).limit(PRUNE_CHUNK)
    const deleted = await db.delete(priceObservations).where(inArray(priceObservations.id, old)).returning({ id: priceObservations.id })
    total += deleted.length
    if (deleted.length < PRUNE_CHUNK) break
  }
  const faresBefore = new Date(now.getTime() - FARE_OBSERVATION_RETENTION_MS)
  for (;;) {
    const old = db.select({ id: fareObservations.id }).from(fareObservations).where(lt(fareObservations.observedAt, faresBefore)).limit(PRUNE_CHUNK)
    const deleted = await db.delete(fareObservations).where(inArray(fareObservations.id, old)).returning({ id: fareObservations.id })
    if (deleted.length < PRUNE_CHUNK) break
  }
  await pruneCheckLog(db, now)
  await pruneProviderBudget(db, now)
  await pruneBackoffs(db, now)
  return total
}
