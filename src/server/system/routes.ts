import { Hono } from 'hono'
import { migrationsApplied } from '../db/client.ts'
import { hasFreshWorker } from '../jobs/worker-heartbeat.ts'
import type { AppDeps } from '../app.ts'

export function systemRoutes(deps: AppDeps) {
  return new Hono()
    .get('/health', (c) =>
      c.json({ status: 'ok' as const, version: deps.version, drivers: deps.drivers }),
    )
    .get('/ready', async (c) => {
      const checks = { database: false, migrations: false, worker: false }
      try {
        checks.migrations = await migrationsApplied(deps.db)
        checks.database = true
        checks.worker = await hasFreshWorker(deps.db, deps.now())
      } catch (err) {
        deps.logger.warn({ err }, 'readiness check failed')
      }
      const ready = checks.database && checks.migrations && checks.worker
      return c.json({ status: ready ? ('ready' as const) : ('not-ready' as const), checks }, ready ? 200 : 503)
    })
}
