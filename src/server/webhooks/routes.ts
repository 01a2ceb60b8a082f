import { Hono } from 'hono'
import type { ApiBody } from '#shared/api-contract.ts'
import { createWebhookEndpointSchema, sendTestEventSchema, updateWebhookEndpointSchema, webhookDeliveriesQuerySchema } from '#shared/webhooks.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { jsonBody, optionalJsonBody } from '../http/json-body.ts'
import { listDeliveries, resendDelivery, sendTestEvent } from './deliveries.ts'
import { createEndpoint, deleteEndpoint, listEndpoints, ownedEndpoint, revealSecret, rotateSecret, updateEndpoint } from './endpoints.ts'
import type { WebhookConfig } from './webhook-config.ts'
import { assertUnlimited, webhookOwner } from './webhook-owner.ts'

export interface WebhookRouteDeps {
  auth: Auth
  db: Db
  now: () => Date
  webhookConfig: WebhookConfig
  /** Wakes this process's dispatchers (notifications/outbox-signal.ts) after a test event or re-send is queued. */
  notifications: { outboxSignal: { notify(): void } }
}

/**
 * /api/me/webhooks: the signed-in user's webhook endpoints and their delivery logs (decision 044).
 * Every call is scoped to the caller: another user's endpoint or delivery answers 404, checked
 * before the plan (403 for anything that registers, changes or sends without Unlimited).
 */
export function webhookRoutes(deps: WebhookRouteDeps) {
  const endpointDeps = { db: deps.db, now: deps.now, allowPrivateAddresses: deps.webhookConfig.allowPrivateAddresses }
  const noStore = { 'cache-control': 'no-store' }
  return new Hono()
    .use('*', requireUser(deps))
    .get('/', async (c) => c.json({ endpoints: await listEndpoints(deps.db, c.var.viewer.user.id) } satisfies ApiBody<'GET /api/me/webhooks'>))
    .post('/', async (c) => {
      assertUnlimited(webhookOwner(c.var.viewer).plan)
      const input = createWebhookEndpointSchema.parse(await jsonBody(c))
      return c.json((await createEndpoint(endpointDeps, c.var.viewer.user.id, input)) satisfies ApiBody<'POST /api/me/webhooks'>, 201, noStore)
    })
    .patch('/:id', async (c) => {
      const body = await jsonBody(c)
      // Whose endpoint first: another user's id is 404 whatever the body says.
      await ownedEndpoint(deps.db, c.var.viewer.user.id, c.req.param('id'))
      const patch = updateWebhookEndpointSchema.parse(body)
      const endpoint = await updateEndpoint(endpointDeps, webhookOwner(c.var.viewer), c.req.param('id'), patch)
      return c.json({ endpoint } satisfies ApiBody<'PATCH /api/me/webhooks/:id'>)
    })
    .delete('/:id', async (c) => {
      await deleteEndpoint(deps.db, c.var.viewer.user.id, c.req.param('id'))
      return c.json({ success: true } satisfies ApiBody<'DELETE /api/me/webhooks/:id'>)
    })
    .get('/:id/secret', async (c) => {
      const secret = await revealSecret(deps.db, c.var.viewer.user.id, c.req.param('id'))
      return c.json({ secret } satisfies ApiBody<'GET /api/me/webhooks/:id/secret'>, 200, noStore)
    })
    .post('/:id/secret', async (c) => {
      const rotated = await rotateSecret(endpointDeps, webhookOwner(c.var.viewer), c.req.param('id'))
      return c.json(rotated satisfies ApiBody<'POST /api/me/webhooks/:id/secret'>, 200, noStore)
    })
    .post('/:id/test', async (c) => {
      const { type } = sendTestEventSchema.parse(await optionalJsonBody(c))
      const delivery = await sendTestEvent(deps, webhookOwner(c.var.viewer), c.req.param('id'), type)
      deps.notifications.outboxSignal.notify()
      return c.json({ delivery } satisfies ApiBody<'POST /api/me/webhooks/:id/test'>, 202)
    })
    .get('/:id/deliveries', async (c) => {
      const { before } = webhookDeliveriesQuerySchema.parse(c.req.query())
      return c.json((await listDeliveries(deps.db, c.var.viewer.user.id, c.req.param('id'), before)) satisfies ApiBody<'GET /api/me/webhooks/:id/deliveries'>)
    })
    .post('/deliveries/:id/resend', async (c) => {
      const delivery = await resendDelivery(deps, webhookOwner(c.var.viewer), c.req.param('id'))
      deps.notifications.outboxSignal.notify()
      return c.json({ delivery } satisfies ApiBody<'POST /api/me/webhooks/deliveries/:id/resend'>, 202)
    })
}
