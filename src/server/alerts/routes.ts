import { Hono, type Context } from 'hono'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import { alertListQuerySchema, createAlertSchema, updateAlertSchema } from '#shared/alerts/alert.ts'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema } from '#shared/idempotency.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser, type SignedIn } from '../auth/viewer.ts'
import { changeFeedOf } from '../db/change-feed.ts'
import type { Db } from '../db/client.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendPreparedJson } from '../http/prepared-json.ts'
import { listAlertNotifications } from './alert-notification-history.ts'
import { createAlertListCache } from './alert-list-cache.ts'
import { createAlertListResponses } from './alert-list-responses.ts'
import type { AlertOwner } from './alert-scope.ts'
import { createAlert } from './create-alert.ts'
import { deleteAlert } from './delete-alert.ts'
import { getAlert } from './get-alert.ts'
import { getQuota } from './get-quota.ts'
import { getReasonableUse } from './reasonable-use.ts'
import { listAlertsPrepared } from './list-alerts.ts'
import { updateAlert } from './update-alert.ts'
import type { ApiBody } from '#shared/api-contract.ts'

/**
 * /api/alerts: signed-in users only (401 otherwise), and every operation is scoped to the caller.
 * Refusals use the API's error body; POST also answers `success: false` (spec section 7).
 */
export function alertRoutes(deps: { auth: Auth; db: Db; now: () => Date }) {
  const app = new Hono()
  // POST /api/alerts's `success: false` error envelope is set in app.ts, before the edge checks and this sign-in check.
  const signedIn = app.use('*', requireUser(deps))

  const owner = (c: Context<SignedIn>): AlertOwner => {
    const { viewer } = c.var
    return { userId: viewer.user.id, plan: planForProfile({ role: viewer.role, subscription_tier: viewer.subscriptionTier }) }
  }

  // The list is the hot path (decision 020): kept alerts and kept answers, checked by version on every
  // request, or on the embedded database by its change feed (decision 029).
  const listDeps = { db: deps.db, now: deps.now, cache: createAlertListCache(), responses: createAlertListResponses(), changes: changeFeedOf(deps.db) }
  signedIn.get('/', async (c) => sendPreparedJson(c, await listAlertsPrepared(listDeps, owner(c), alertListQuerySchema.parse(c.req.query()))))

  // Before '/:id', which would otherwise take "quota" for an alert id.
  signedIn.get('/quota', async (c) => c.json((await getQuota(deps, owner(c))) satisfies ApiBody<'GET /api/alerts/quota'>))
  signedIn.get('/reasonable-use', async (c) => c.json((await getReasonableUse(deps.db, c.var.viewer.user.id)) satisfies ApiBody<'GET /api/alerts/reasonable-use'>))

  signedIn.post('/', async (c) => {
    const input = createAlertSchema.parse(await jsonBody(c))
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER)
    const idempotencyKey = header === undefined ? undefined : idempotencyKeySchema.parse(header)
    const { alert, replayed } = await createAlert(deps, owner(c).userId, input, { idempotencyKey })
    if (replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    return c.json({ success: true, alert } satisfies ApiBody<'POST /api/alerts'>, 201)
  })

  signedIn.get('/:id', async (c) => c.json({ alert: await getAlert(deps, owner(c), c.req.param('id')) } satisfies ApiBody<'GET /api/alerts/:id'>))

  signedIn.patch('/:id', async (c) => {
    const patch = updateAlertSchema.parse(await jsonBody(c))
    return c.json({ alert: await updateAlert(deps, owner(c).userId, c.req.param('id'), patch) } satisfies ApiBody<'PATCH /api/alerts/:id'>)
  })

  signedIn.get('/:id/notifications', async (c) =>
    c.json({ notifications: await listAlertNotifications(deps.db, c.var.viewer.user.id, c.req.param('id')) } satisfies ApiBody<'GET /api/alerts/:id/notifications'>),
  )

  // 200 with a body rather than 204, like the spec's other alert calls ({ success }).
  signedIn.delete('/:id', async (c) => {
    await deleteAlert(deps, owner(c).userId, c.req.param('id'))
    return c.json({ success: true } satisfies ApiBody<'DELETE /api/alerts/:id'>)
  })

  return app
}
