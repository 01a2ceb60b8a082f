import { Hono, type Context } from 'hono'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import { alertListQuerySchema, createAlertSchema, updateAlertSchema } from '#shared/alerts/alert.ts'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema } from '#shared/idempotency.ts'
import type { Auth } from '../auth/auth.ts'
import { getViewer, requireUser } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { successEnvelope } from '../http/error-handler.ts'
import { jsonBody } from '../http/json-body.ts'
import { createAlertListCache } from './alert-list-cache.ts'
import type { AlertOwner } from './alert-scope.ts'
import { createAlert } from './create-alert.ts'
import { deleteAlert } from './delete-alert.ts'
import { getAlert } from './get-alert.ts'
import { getQuota } from './get-quota.ts'
import { listAlerts } from './list-alerts.ts'
import { updateAlert } from './update-alert.ts'

/**
 * /api/alerts: signed-in users only (401 otherwise), and every operation is scoped to the caller.
 * Refusals use the API's error body; POST also answers `success: false` (spec section 7).
 */
export function alertRoutes(deps: { auth: Auth; db: Db; now: () => Date }) {
  const app = new Hono()
  // Before the sign-in check, so a signed-out POST also answers `success: false`.
  app.post('/', successEnvelope)
  app.use('*', requireUser(deps))

  const owner = async (c: Context): Promise<AlertOwner> => {
    const viewer = (await getViewer(c, deps))!
    return { userId: viewer.user.id, plan: planForProfile({ role: viewer.role, subscription_tier: viewer.subscriptionTier }) }
  }

  const listDeps = { db: deps.db, now: deps.now, cache: createAlertListCache() }
  app.get('/', async (c) => c.json({ alerts: await listAlerts(listDeps, await owner(c), alertListQuerySchema.parse(c.req.query())) }))

  // Before '/:id', which would otherwise take "quota" for an alert id.
  app.get('/quota', async (c) => c.json(await getQuota(deps, await owner(c))))

  app.post('/', async (c) => {
    const input = createAlertSchema.parse(await jsonBody(c))
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER)
    const idempotencyKey = header === undefined ? undefined : idempotencyKeySchema.parse(header)
    const { alert, replayed } = await createAlert(deps, (await owner(c)).userId, input, { idempotencyKey })
    if (replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    return c.json({ success: true, alert }, 201)
  })

  app.get('/:id', async (c) => c.json({ alert: await getAlert(deps, await owner(c), c.req.param('id')) }))

  app.patch('/:id', async (c) => {
    const patch = updateAlertSchema.parse(await jsonBody(c))
    return c.json({ alert: await updateAlert(deps, (await owner(c)).userId, c.req.param('id'), patch) })
  })

  // 200 with a body rather than 204, like the spec's other alert calls ({ success }).
  app.delete('/:id', async (c) => {
    await deleteAlert(deps, (await owner(c)).userId, c.req.param('id'))
    return c.json({ success: true })
  })

  return app
}
