import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { publicUrl, type Env } from '../env.ts'
import type { FlightProvider } from '../flights/providers/provider.ts'
import type { Logger } from '../lib/logger.ts'

/** Everything the price-check engine can be tuned with (env variables, decision 013). */
export interface PriceCheckConfig {
  /** Names this process's leases; each cycle adds its own suffix. */
  workerId: string
  batchSize: number
  leaseMs: number
  pollMs: number
  /** A stored observation younger than this answers identical searches. */
  cacheTtlMs: number
  /** Longest wait for one provider call. */
  timeoutMs: number
  /** Provider calls in flight at once per cycle. */
  concurrency: number
  budget: { perMinute: number; perDay: number }
  /** Dollars a provider call costs (PROVIDER_PRICE_PER_CALL), for the spend the admin overview shows. */
  pricePerCall: number
  breaker: { failures: number; cooldownMs: number }
  /** Origin for the links in notices ("Search now"). */
  publicUrl: string
}

/** What every engine operation receives (architecture section 7: dependencies passed in). */
export interface PriceCheckDeps {
  db: Db
  now: () => Date
  provider: FlightProvider
  logger: Logger
  config: PriceCheckConfig
  /** Jitter source; tests pin it. */
  random?: () => number
  /** Called after a write queued notices (wakes this process's dispatcher). */
  onNotificationsQueued?: () => void
}

export function priceCheckConfig(env: Env): PriceCheckConfig {
  return {
    workerId: randomUUID(),
    batchSize: env.PRICE_CHECK_BATCH_SIZE,
    leaseMs: env.PRICE_CHECK_LEASE_SECONDS * 1000,
    pollMs: env.PRICE_CHECK_POLL_MS,
    cacheTtlMs: env.PRICE_CHECK_CACHE_TTL_SECONDS * 1000,
    timeoutMs: env.FLIGHTS_TIMEOUT_MS,
    concurrency: env.FLIGHTS_MAX_CONCURRENCY,
    budget: { perMinute: env.PROVIDER_CALLS_PER_MINUTE, perDay: env.PROVIDER_CALLS_PER_DAY },
    pricePerCall: env.PROVIDER_PRICE_PER_CALL,
    breaker: { failures: env.PROVIDER_BREAKER_FAILURES, cooldownMs: env.PROVIDER_BREAKER_COOLDOWN_SECONDS * 1000 },
    publicUrl: publicUrl(env),
  }
}
