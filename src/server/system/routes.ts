import { Hono } from 'hono'
import { withTimeout } from '#shared/timeout.ts'
import { databaseAnswers, migrationsApplied, PROBE_TIMEOUT_MS } from '../db/client.ts'
import { hasFreshWorker } from '../jobs/worker-heartbeat.ts'
import type { AppDeps } from '../app.ts'
import type { ApiBody } from '#shared/api-contract.ts'

export function systemRoutes(deps: AppDeps) {
  return new Hono()
    // The process and its database: 503 while the database is unreachable or silent (the answer
    // comes within PROBE_TIMEOUT_MS), 200 again as soon as it answers (security target W5).
    .get('/health', async (c) => {
      const { version, drivers } = deps
      const database = await databaseAnswers(deps.db)
      const body: ApiBody<'GET /api/health'> = { status: database ? 'ok' : 'unavailable', version, drivers, checks: { database } }
      return c.json(body, database ? 200 : 503)
    })
    .get('/ready', async (c) => {
      const checks = { database: false, migrations: false, worker: false }
      try {
        checks.migrations = await withTimeout(() => migrationsApplied(deps.db), PROBE_TIMEOUT_MS)
        checks.database = true
        checks.worker = await withTimeout(() => hasFreshWorker(deps.db, deps.now()), PROBE_TIMEOUT_MS)
      } catch (err) {
        deps.logger.warn({ err }, 'readiness check failed')
      }
      const ready = checks.database && checks.migrations && checks.worker
      const body: ApiBody<'GET /api/ready'> = { status: ready ? 'ready' : 'not-ready', checks }
      return c.json(body, ready ? 200 : 503)
    })
}
