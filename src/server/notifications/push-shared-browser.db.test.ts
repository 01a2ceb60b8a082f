import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAlertVia, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { insertNotification } from '#tests/support/notification-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import type { PushSubscriptionsResponse } from '#shared/notifications.ts'
import { pushSubscriptions } from '../db/schema.ts'
import { loadDeliveryTargets } from './load-delivery-targets.ts'

/**
 * One browser, several people signing in and out of it (decision 015): its push endpoint belongs
 * to whoever registered it last, so a notice only ever reaches the browser for that user.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

let deviceCounter = 0
const browserDevice = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/shared-${++deviceCounter}-${Date.now()}`,
  expirationTime: null,
  keys: { p256dh: `B${'s'.repeat(86)}`, auth: 'k'.repeat(22) },
})

const register = (client: TestClient, device: ReturnType<typeof browserDevice>) => client.request('/api/push/subscriptions', { method: 'POST', json: device })
const unregister = (client: TestClient, endpoint: string) => client.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } })
const list = async (client: TestClient) => readJson<PushSubscriptionsResponse>(await client.request('/api/push/subscriptions'), 200)
const ownerOf = async (endpoint: string) =>
  (await t.database.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).map((row) => row.userId)

/** The devices the dispatcher would push a notice of `userId` to. */
async function pushTargetsOf(userId: string, alertId: string): Promise<string[]> {
  const row = await insertNotification(t.database.db, { alertId, userId, channel: 'push' })
  const targets = await loadDeliveryTargets({ db: t.database.db, unsubscribeUrl: () => 'http://x.test/u', clientLinks: t.services.notifications.clientLinks, publicUrl: t.services.publicUrl }, [row])
  return targets.get(row.id)?.owner?.recipient.pushSubscriptions.map((sub) => sub.endpoint) ?? []
}

describe('a browser shared by two users', () => {
  it('moves the endpoint to whoever registers it last, and only its holder gets notices on it', async () => {
    const ana = await signedInUser(t, 'shared-ana')
    const ben = await signedInUser(t, 'shared-ben')
    await setPlan(t, ana.userId, 'elite')
    await setPlan(t, ben.userId, 'elite')
    const push = { email: false, sms: false, whatsapp: false, push: true }
    const anaAlert = (await createAlertVia(ana.client, routeAlert({ notification_channels: push }))).id
    const benAlert = (await createAlertVia(ben.client, routeAlert({ notification_channels: push }))).id
    const device = browserDevice()

    await readJson(await register(ana.client, device), 201)
    expect(await pushTargetsOf(ana.userId, anaAlert)).toEqual([device.endpoint])

    // Ana signs out: the web app removes the browser's registration before the session ends.
    await readJson(await unregister(ana.client, device.endpoint), 200)
    expect(await ownerOf(device.endpoint)).toEqual([])
    expect(await pushTargetsOf(ana.userId, anaAlert)).toEqual([])

    // Ben signs in on the same browser and has push alerts: the same subscription is registered for him.
    await readJson(await register(ben.client, device), 201)
    expect(await ownerOf(device.endpoint)).toEqual([ben.userId])
    expect(await pushTargetsOf(ben.userId, benAlert)).toEqual([device.endpoint])
    expect(await pushTargetsOf(ana.userId, anaAlert)).toEqual([])

    // A sign-out whose clean-up never reached the server: the next registration still moves it.
    await readJson(await register(ana.client, device), 201)
    expect(await ownerOf(device.endpoint)).toEqual([ana.userId])
    expect(await pushTargetsOf(ben.userId, benAlert)).toEqual([])
    expect((await unregister(ben.client, device.endpoint)).status).toBe(404)
    expect(await ownerOf(device.endpoint)).toEqual([ana.userId])
  })

  it('keeps one row when two users register the endpoint at once', async () => {
    const ana = await signedInUser(t, 'race-ana')
    const ben = await signedInUser(t, 'race-ben')
    const device = browserDevice()
    const answers = await Promise.all([register(ana.client, device), register(ben.client, device)])
    expect(answers.map((res) => res.status)).toEqual([201, 201])
    const owners = await ownerOf(device.endpoint)
    expect(owners).toHaveLength(1)
    expect([ana.userId, ben.userId]).toContain(owners[0])
  })

  it("lists the caller's own devices and how many live alerts send push, for the web app to decide", async () => {
    const ana = await signedInUser(t, 'list-ana')
    const ben = await signedInUser(t, 'list-ben')
    await setPlan(t, ana.userId, 'elite')
    const mine = browserDevice()
    const theirs = browserDevice()
    await readJson(await register(ana.client, mine), 201)
    await readJson(await register(ben.client, theirs), 201)
    expect(await list(ana.client)).toEqual({
      subscriptions: [{ endpoint: mine.endpoint, userAgent: null, createdAt: expect.any(String) }],
      pushAlerts: 0,
    })

    await createAlertVia(ana.client, routeAlert({ notification_channels: { email: true, sms: false, whatsapp: false, push: true } }))
    const paused = await createAlertVia(ana.client, routeAlert({ notification_channels: { email: true, sms: false, whatsapp: false, push: true } }))
    await readJson(await ana.client.request(`/api/alerts/${paused.id}`, { method: 'PATCH', json: { status: 'paused' } }), 200)
    await createAlertVia(ana.client, routeAlert())
    expect((await list(ana.client)).pushAlerts).toBe(1)
    expect((await list(ben.client)).subscriptions.map((s) => s.endpoint)).toEqual([theirs.endpoint])
    expect((await t.client().request('/api/push/subscriptions')).status).toBe(401)
  })
})
