import { Gauge, type Registry } from 'prom-client'
import type { Db } from '../db/client.ts'

/** What node-postgres' Pool tells about itself (the fields read here). */
interface PoolStats {
  totalCount: number
  idleCount: number
  waitingCount: number
  options?: { max?: number }
}

function isPool(client: unknown): client is PoolStats {
  return typeof client === 'object' && client !== null && typeof (client as PoolStats).totalCount === 'number'
}

/**
 * This process's connections (a pool is per process, unlike the database-derived figures): open,
 * idle, requests waiting for one, and the pool's size. Drizzle keeps the client it was given as
 * `$client` (db/client.ts hands it the pg Pool). PGlite has exactly one connection and no queue:
 * total 1, idle 0, waiting 0.
 */
export function registerPoolMetrics(registry: Registry, db: Db): void {
  const client = (db as unknown as { $client?: unknown }).$client
  const read = (pick: (pool: PoolStats) => number | undefined, pglite: number) => () => (isPool(client) ? (pick(client) ?? 0) : pglite)
  const gauges: [string, string, () => number][] = [
    ['faredrop_db_pool_connections', 'Database connections open in this process (PGlite: its one connection).', read((p) => p.totalCount, 1)],
    ['faredrop_db_pool_idle_connections', 'Open database connections not in use (PGlite: 0).', read((p) => p.idleCount, 0)],
    ['faredrop_db_pool_waiting_queries', 'Queries waiting for a free connection in this process.', read((p) => p.waitingCount, 0)],
    ['faredrop_db_pool_max_connections', 'Most connections this process opens (DATABASE_POOL_SIZE; PGlite: 1).', read((p) => p.options?.max, 1)],
  ]
  for (const [name, help, value] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value())
      },
    })
  }
}
