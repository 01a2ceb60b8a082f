import { Registry } from 'prom-client'
import type { Db } from '../db/client.ts'
import type { Logger } from '../lib/logger.ts'
import { searchBudgetKey } from '../flights/search-call-budget.ts'
import { registerDatabaseGauges } from './database-gauges.ts'
import { httpDurationHistogram, recordHttpDurations } from './http-metrics.ts'
import { registerPoolMetrics } from './pool-metrics.ts'
import { processMetrics } from './process-metrics.ts'

export interface AppMetricsDeps {
  db: Db
  now: () => Date
  logger: Logger
  flightProvider: { id: string }
  priceCheckConfig: { budget: { perMinute: number; perDay: number } }
  /** The flight searches' provider-call budget (decision 050); null when uncapped. */
  searchCallLimits?: { perMinute: number; perDay: number } | null
}

/**
 * One app's metrics (decision 033), on a registry of its own rather than prom-client's global one,
 * so tests can build many apps in one process: the HTTP histogram, this process's database pool,
 * and the database-derived gauges read at each scrape. The process's default metrics, shared by
 * every app of the process, are rendered after them (process-metrics.ts).
 */
export function createAppMetrics(deps: AppMetricsDeps) {
  const registry = new Registry()
  const processRegistry = processMetrics()
  const histogram = httpDurationHistogram(registry)
  registerPoolMetrics(registry, deps.db)
  const database = registerDatabaseGauges(registry, {
    db: deps.db,
    now: deps.now,
    logger: deps.logger,
    // Read at each scrape, not when the app is built.
    provider: () => ({ id: deps.flightProvider.id, ...deps.priceCheckConfig.budget }),
    searchBudget: () => (deps.searchCallLimits ? { id: searchBudgetKey(deps.flightProvider.id), ...deps.searchCallLimits } : null),
  })
  return {
    /** Middleware timing every request by route template. */
    recordRequests: recordHttpDurations(histogram),
    contentType: registry.contentType,
    /** The exposition text: reads the database figures first, then this app's and the process's metrics. */
    async render(): Promise<string> {
      await database.refresh()
      return (await registry.metrics()) + (await processRegistry.metrics())
    },
  }
}

export type AppMetrics = ReturnType<typeof createAppMetrics>
