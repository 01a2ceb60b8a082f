import { readFileSync } from 'node:fs'
import path from 'node:path'
import { desc, gt, sql } from 'drizzle-orm'
import type { AdminDebugInfo } from '#shared/admin.ts'
import type { Db } from '../db/client.ts'
import { simulatorPriceShocks, workerHeartbeats } from '../db/schema.ts'
import type { Drivers } from '../drivers.ts'
import type { SimulatedMarketControls } from '../flights/providers/create-flight-provider.ts'
import { HEARTBEAT_STALE_MS } from '../jobs/worker-heartbeat.ts'
import { MIGRATIONS_DIR } from '../lib/paths.ts'
import type { PriceCheckConfig } from '../price-checks/price-check-config.ts'

const DAY_MS = 86_400_000

export interface DebugInfoDeps {
  db: Db
  now: () => Date
  version: string
  /** When this process started serving. */
  startedAt: Date
  drivers: Drivers
  publicUrl: string
  priceCheckConfig: PriceCheckConfig
  simulatedMarket: SimulatedMarketControls | null
}

let migrationTags: string[] | undefined
function expectedMigrations(): string[] {
  migrationTags ??= (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map(
    (entry) => entry.tag,
  )
  return migrationTags
}

/**
 * GET /api/admin/debug: what this installation runs on and whether its parts are alive. Only
 * settings that explain behaviour are listed; keys, secrets and connection strings never are.
 */
export async function getDebugInfo(deps: DebugInfoDeps): Promise<AdminDebugInfo> {
  const now = deps.now()
  const [applied, workers, shocks] = await Promise.all([
    deps.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
    // Processes that beat within a day; older rows are workers long gone.
    deps.db
      .select()
      .from(workerHeartbeats)
      .where(gt(workerHeartbeats.beatAt, new Date(now.getTime() - DAY_MS)))
      .orderBy(desc(workerHeartbeats.beatAt)),
    deps.simulatedMarket ? deps.db.select().from(simulatorPriceShocks).where(gt(simulatorPriceShocks.expiresAt, now)) : Promise.resolve([]),
  ])
  const appliedCount = Number((applied as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0)
  const tags = expectedMigrations()
  const config = deps.priceCheckConfig
  const market = deps.simulatedMarket
  return {
    version: deps.version,
    nodeVersion: process.version,
    startedAt: deps.startedAt.toISOString(),
    uptimeSeconds: Math.round((now.getTime() - deps.startedAt.getTime()) / 1000),
    drivers: deps.drivers,
    migrations: { applied: appliedCount, expected: tags.length, latest: tags[Math.min(appliedCount, tags.length) - 1] ?? null },
    workers: workers.map((w) => ({
      workerId: w.workerId,
      hostname: w.hostname,
      pid: w.pid,
      startedAt: w.startedAt.toISOString(),
      beatAt: w.beatAt.toISOString(),
      fresh: now.getTime() - w.beatAt.getTime() < HEARTBEAT_STALE_MS,
    })),
    settings: {
      'Public URL': deps.publicUrl,
      'Provider calls per day': config.budget.perDay,
      'Provider calls per minute': config.budget.perMinute,
      'Price-check batch size': config.batchSize,
      'Price-check poll (ms)': config.pollMs,
      'Observation cache (s)': Math.round(config.cacheTtlMs / 1000),
      'Provider timeout (ms)': config.timeoutMs,
      'Provider calls in flight': config.concurrency,
      'Breaker: failures to open': config.breaker.failures,
      'Breaker: cool-down (s)': Math.round(config.breaker.cooldownMs / 1000),
    },
    simulator: market
      ? {
          shocks: shocks.map((s) => ({ id: s.id, from: s.fromCodes, to: s.toCodes, departureDate: s.departureDate, factor: s.factor, until: s.expiresAt.toISOString() })),
          failures: { ...market.failures },
        }
      : null,
  }
}
