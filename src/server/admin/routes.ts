import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import { requireRole } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import type { Drivers } from '../drivers.ts'
import { getOverview } from './get-overview.ts'

/** /api/admin: admins only (401 signed out, 403 for every other role), whatever the UI shows. */
export function adminRoutes(deps: { auth: Auth; db: Db; drivers: Drivers; now: () => Date }) {
  const app = new Hono()
  app.use('*', requireRole(deps, 'admin'))
  app.get('/overview', async (c) => c.json({ overview: await getOverview(deps.db, deps.now()), drivers: deps.drivers }))
  return app
}
