import { randomUUID } from 'node:crypto'
import { isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, testConfig, type Harness } from '#tests/support/price-check-harness.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { alertPrices, alerts } from '../db/schema.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import { runPriceChecks } from './run-price-checks.ts'

/**
 * Two worker loops share the due alerts. On PostgreSQL (CI's second pass, DATABASE_URL) each loop
 * has its own connection pool, so their claims really race (FOR UPDATE SKIP LOCKED); on PGlite they
 * share the one connection, interleaving at every await. Either way no alert may be checked twice.
 */

const ALERTS = 2_000
const SEARCHES = 40

let h: Harness
let second: Database | null = null
beforeAll(async () => {
  h = await createHarness()
  if (h.database.url) second = await openDatabase({ driver: 'postgres', url: h.database.url, poolSize: 4 })
})
afterAll(async () => {
  await second?.close()
  await h.close()
})

/** One worker: cycles until nothing is due; returns how many alerts each of its cycles claimed. */
async function workerLoop(deps: PriceCheckDeps): Promise<number[]> {
  const claims: number[] = []
  for (;;) {
    const report = await runPriceChecks(deps)
    if (report.claimed === 0) return claims
    claims.push(report.claimed)
  }
}

describe('two workers on one database', () => {
  it(`check ${ALERTS} due alerts exactly once between them`, { timeout: 180_000 }, async () => {
    const userId = await h.user('unlimited')
    const routes = ['LAX', 'SFO', 'ORD', 'MIA', 'SEA', 'BOS', 'DEN', 'ATL']
    await h.alerts(
      userId,
      Array.from({ length: ALERTS }, (_, i) => {
        const search = i % SEARCHES
        return { params: { arrival_id: routes[search % routes.length], outbound_date: h.day(20 + Math.floor(search / routes.length)) }, targetPrice: 10 }
      }),
    )
    // Small batches (10 picked, up to 40 more of their searches) make many claims, so both loops
    // race for the same rows for the whole run rather than one finishing before the other starts.
    const worker = (db: PriceCheckDeps['db']): PriceCheckDeps => ({ ...h.deps, db, config: testConfig({ workerId: randomUUID(), batchSize: 10 }) })
    const [a, b] = await Promise.all([workerLoop(worker(h.db)), workerLoop(worker(second?.db ?? h.db))])

    const claimed = [...a, ...b].reduce((sum, n) => sum + n, 0)
    expect(claimed).toBe(ALERTS)
    expect(a.length).toBeGreaterThan(0)
    expect(b.length).toBeGreaterThan(0)

    // One price point per alert: none was checked twice, none was skipped.
    const perAlert = await h.db
      .select({ alertId: alertPrices.alertId, points: sql<number>`count(*)::int` })
      .from(alertPrices)
      .groupBy(alertPrices.alertId)
    expect(perAlert).toHaveLength(ALERTS)
    expect(perAlert.every((row) => row.points === 1)).toBe(true)
    expect(await h.db.select({ id: alerts.id }).from(alerts).where(isNotNull(alerts.leaseOwner))).toEqual([])
    // Coalesced: far fewer calls than alerts (at most one per search per concurrent batch).
    expect(h.provider.calls.length).toBeGreaterThanOrEqual(SEARCHES)
    expect(h.provider.calls.length).toBeLessThan(ALERTS / 10)
  })
})
