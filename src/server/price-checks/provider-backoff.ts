import { inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { providerBackoffs } from '../db/schema.ts'

/**
 * Failure backoff shared by every worker process (decision 013), in one table of scopes:
 * - `provider:<id>`, the circuit breaker: after `threshold` failures in a row no price check calls
 *   the provider until the cool-down has passed, so an outage can't burn the budget; the first call
 *   after it is the probe (one more failure re-opens it at once, a success closes it);
 * - `search:<key>`, one failing search: alerts sharing it wait for its retry time instead of each
 *   calling again.
 */

export const breakerScope = (provider: string) => `provider:${provider}`
export const searchScope = (key: string) => `search:${key}`

export interface BackoffState {
  failures: number
  retryAt: Date | null
}

/** The scopes' current states (absent: never failed, or recovered). */
export async function loadBackoffs(db: Db, scopes: readonly string[]): Promise<Map<string, BackoffState>> {
  const states = new Map<string, BackoffState>()
  if (scopes.length === 0) return states
  const rows = await db.select().from(providerBackoffs).where(inArray(providerBackoffs.scope, [...scopes]))
  for (const row of rows) states.set(row.scope, { failures: row.failures, retryAt: row.retryAt })
  return states
}

/**
 * Counts one more failure for a scope and sets its retry time: `delayMs(failures)` decides it, or
 * null for "no wait yet" (a breaker under its threshold). Atomic, so concurrent failures all count.
 */
export async function recordFailure(
  db: Db,
  scope: string,
  now: Date,
  error: string,
  delayMs: (failures: number) => number | null,
): Promise<BackoffState> {
  const [row] = await db
    .insert(providerBackoffs)
    .values({ scope, failures: 1, retryAt: null, lastError: error.slice(0, 500), updatedAt: now })
    .onConflictDoUpdate({
      target: providerBackoffs.scope,
      set: { failures: sql`${providerBackoffs.failures} + 1`, lastError: error.slice(0, 500), updatedAt: now },
    })
    .returning()
  const delay = delayMs(row!.failures)
  const retryAt = delay === null ? null : new Date(now.getTime() + delay)
  if (retryAt) await db.update(providerBackoffs).set({ retryAt }).where(inArray(providerBackoffs.scope, [scope]))
  return { failures: row!.failures, retryAt }
}

/** A success ends the backoff of these scopes. */
export async function clearBackoffs(db: Db, scopes: readonly string[]): Promise<void> {
  if (scopes.length > 0) await db.delete(providerBackoffs).where(inArray(providerBackoffs.scope, [...scopes]))
}

/** Rows untouched for a week belong to searches nobody runs any more. */
export async function pruneBackoffs(db: Db, now: Date): Promise<void> {
  await db.delete(providerBackoffs).where(lt(providerBackoffs.updatedAt, new Date(now.getTime() - 7 * 86_400_000)))
}
