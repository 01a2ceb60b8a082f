import { Hono } from 'hono'
import { deleteNativePushDeviceSchema, deletePushSubscriptionSchema, nativePushDeviceSchema, pushSubscriptionSchema } from '#shared/notifications.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { jsonBody } from '../http/json-body.ts'
import { AppError } from '../lib/app-error.ts'
import { deleteNativePushDevice, saveNativePushDevice } from './native-push-devices.ts'
import { deletePushSubscription, listPushSubscriptions, savePushSubscription } from './push-subscriptions.ts'
import type { ApiBody } from '#shared/api-contract.ts'

/**
 * /api/push: the VAPID public key (public: the browser needs it before subscribing), the signed-in
 * user's browser subscriptions and the native app's push tokens (tied to the session that
 * registered them, decision 039). Every write is scoped to the caller.
 */
export function pushRoutes(deps: { auth: Auth; db: Db; notifications: { vapidPublicKey: string } }) {
  return new Hono()
    .get('/public-key', (c) => c.json({ publicKey: deps.notifications.vapidPublicKey } satisfies ApiBody<'GET /api/push/public-key'>))
    .use('/subscriptions', requireUser(deps))
    .get('/subscriptions', async (c) => c.json((await listPushSubscriptions(deps.db, c.var.viewer.user.id)) satisfies ApiBody<'GET /api/push/subscriptions'>))
    .post('/subscriptions', async (c) => {
      const input = pushSubscriptionSchema.parse(await jsonBody(c))
      const userAgent = c.req.header('user-agent')?.slice(0, 255) ?? null
      await savePushSubscription(deps.db, c.var.viewer.user.id, input, userAgent)
      return c.json({ success: true } satisfies ApiBody<'POST /api/push/subscriptions'>, 201)
    })
    .delete('/subscriptions', async (c) => {
      const { endpoint } = deletePushSubscriptionSchema.parse(await jsonBody(c))
      if (!(await deletePushSubscription(deps.db, c.var.viewer.user.id, endpoint))) {
        throw new AppError('not_found', 'You have no push subscription with that endpoint.')
      }
      return c.json({ success: true } satisfies ApiBody<'DELETE /api/push/subscriptions'>)
    })
    .use('/devices', requireUser(deps))
    .post('/devices', async (c) => {
      const input = nativePushDeviceSchema.parse(await jsonBody(c))
      const { viewer } = c.var
      await saveNativePushDevice(deps.db, { userId: viewer.user.id, sessionId: viewer.sessionId }, input)
      return c.json({ success: true } satisfies ApiBody<'POST /api/push/devices'>, 201)
    })
    .delete('/devices', async (c) => {
      const { token } = deleteNativePushDeviceSchema.parse(await jsonBody(c))
      if (!(await deleteNativePushDevice(deps.db, c.var.viewer.user.id, token))) {
        throw new AppError('not_found', 'You have no app registered for push with that token.')
      }
      return c.json({ success: true } satisfies ApiBody<'DELETE /api/push/devices'>)
    })
}
