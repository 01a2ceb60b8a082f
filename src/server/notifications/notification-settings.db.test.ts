import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '#tests/support/alert-fixtures.ts'
import { insertAlert, insertNotification } from '#tests/support/notification-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { NOTIFICATION_MESSAGES } from '#shared/notifications.ts'
import { alertNotifications, notificationDigests, profiles, pushSubscriptions } from '../db/schema.ts'
import { getVapidKeys } from './vapid-keys.ts'
import { MAX_PUSH_SUBSCRIPTIONS } from './push-subscriptions.ts'

/** The web app's notification settings: phone number, push subscriptions, the VAPID key; and the admins' dead letters. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'ops-notify@example.com' })
})
afterAll(async () => {
  await t.close()
})

const json = async <T>(res: Response, status: number): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

const phoneOf = async (userId: string) => (await t.database.db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, userId)))[0]?.phone

const P256DH = `B${'x'.repeat(86)}`
const AUTH = 'y'.repeat(22)
const subscription = (id: string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } })

describe('/api/me/phone', () => {
  it('needs a session', async () => {
    expect((await t.client().request('/api/me/phone', { method: 'PUT', json: { phone: '+14155550100' } })).status).toBe(401)
    expect((await t.client().request('/api/me/phone', { method: 'DELETE' })).status).toBe(401)
  })

  it("sets, reads and removes the caller's own number, stored as E.164", async () => {
    const ana = await signedInUser(t, 'phone-ana')
    const ben = await signedInUser(t, 'phone-ben')
    await ben.client.request('/api/me/phone', { method: 'PUT', json: { phone: '+442079460958' } })

    // The full state (verification is decision 015's, tested in phone-verification.db.test.ts).
    expect(await json(await ana.client.request('/api/me/phone', { method: 'PUT', json: { phone: '+1 (415) 555-0100' } }), 200)).toMatchObject({ phone: '+14155550100', verified: false })
    expect(await json(await ana.client.request('/api/me/phone'), 200)).toMatchObject({ phone: '+14155550100' })
    expect(await phoneOf(ana.userId)).toBe('+14155550100')

    expect(await json(await ana.client.request('/api/me/phone', { method: 'DELETE' }), 200)).toMatchObject({ phone: null, verified: false })
    expect(await phoneOf(ana.userId)).toBeNull()
    expect(await phoneOf(ben.userId)).toBe('+442079460958')
  })

  it('refuses numbers that are not E.164 with the field message, and unknown fields', async () => {
    const { client, userId } = await signedInUser(t, 'phone-bad')
    const body = await json<{ error: { code: string; fieldErrors: Record<string, string[]> } }>(
      await client.request('/api/me/phone', { method: 'PUT', json: { phone: '415 555 0100' } }),
      400,
    )
    expect(body.error).toMatchObject({ code: 'validation_failed', fieldErrors: { phone: [NOTIFICATION_MESSAGES.phone] } })
    expect((await client.request('/api/me/phone', { method: 'PUT', json: { phone: '+14155550100', userId: 'someone-else' } })).status).toBe(400)
    expect((await client.request('/api/me/phone', { method: 'PUT', body: 'not json', headers: { 'content-type': 'application/json' } })).status).toBe(400)
    expect(await phoneOf(userId)).toBeNull()
  })

  it('refuses a cross-site request like every other state change', async () => {
    const { client, userId } = await signedInUser(t, 'phone-csrf')
    // By hand: the test client always claims the app's own origin.
    const forged = await t.app.request('/api/me/phone', {
      method: 'PUT',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ phone: '+14155550199' }),
    })
    expect(forged.status).toBe(403)
    expect(await phoneOf(userId)).toBeNull()
  })
})

describe('/api/push', () => {
  it('gives anyone the VAPID public key, the same one every process reads from the database', async () => {
    const body = await json<{ publicKey: string }>(await t.client().request('/api/push/public-key'), 200)
    expect(body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/)
    expect(body.publicKey).toBe((await getVapidKeys(t.database.db, t.env)).publicKey)
  })

  it('stores a subscription for the caller, and moves a device to whoever registers it next', async () => {
    const ana = await signedInUser(t, 'push-ana')
    const ben = await signedInUser(t, 'push-ben')
    const device = subscription(`ana-${Date.now()}`)

    expect(await json(await ana.client.request('/api/push/subscriptions', { method: 'POST', json: device, headers: { 'user-agent': 'Firefox/140' } }), 201)).toEqual({
      success: true,
    })
    const rows = () => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))
    expect(await rows()).toMatchObject([{ userId: ana.userId, p256dh: P256DH, auth: AUTH, userAgent: 'Firefox/140' }])

    // Saving again (new keys) keeps one row.
    await ana.client.request('/api/push/subscriptions', { method: 'POST', json: { ...device, keys: { p256dh: `B${'z'.repeat(86)}`, auth: AUTH } } })
    expect(await rows()).toMatchObject([{ userId: ana.userId, p256dh: `B${'z'.repeat(86)}` }])

    // Ben signs in on the same browser: the device is his now, and Ana can no longer remove it.
    await json(await ben.client.request('/api/push/subscriptions', { method: 'POST', json: device }), 201)
    expect(await rows()).toMatchObject([{ userId: ben.userId }])
    expect((await ana.client.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: device.endpoint } })).status).toBe(404)
    expect(await json(await ben.client.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: device.endpoint } }), 200)).toEqual({ success: true })
    expect(await rows()).toEqual([])
  })

  it('needs a session, and refuses endpoints that are not public https push services', async () => {
    expect((await t.client().request('/api/push/subscriptions', { method: 'POST', json: subscription('anon') })).status).toBe(401)
    expect((await t.client().request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: 'x' } })).status).toBe(401)
    const { client } = await signedInUser(t, 'push-bad')
    for (const endpoint of ['http://fcm.googleapis.com/x', 'https://169.254.169.254/latest', 'https://localhost/push']) {
      const res = await client.request('/api/push/subscriptions', { method: 'POST', json: { ...subscription('x'), endpoint } })
      expect(res.status, endpoint).toBe(400)
    }
    expect((await client.request('/api/push/subscriptions', { method: 'POST', json: { endpoint: subscription('k').endpoint, keys: { p256dh: 'short', auth: AUTH } } })).status).toBe(400)
  })

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} devices per user, dropping the oldest`, async () => {
    const { client, userId } = await signedInUser(t, 'push-many')
    for (let i = 0; i <= MAX_PUSH_SUBSCRIPTIONS; i++) {
      await json(await client.request('/api/push/subscriptions', { method: 'POST', json: subscription(`many-${userId}-${i}`) }), 201)
    }
    const endpoints = (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((row) => row.endpoint)
    expect(endpoints).toHaveLength(MAX_PUSH_SUBSCRIPTIONS)
    expect(endpoints).not.toContain(subscription(`many-${userId}-0`).endpoint)
  })
})

describe('GET /api/alerts/:id/notifications', () => {
  it("shows the owner each notice's channel and status, and nobody else", async () => {
    const owner = await signedInUser(t, 'history-owner')
    const stranger = await signedInUser(t, 'history-stranger')
    const alertId = await insertAlert(t.database.db, owner.userId)
    const sent = await insertNotification(t.database.db, { alertId, userId: owner.userId, channel: 'email' })
    const skipped = await insertNotification(t.database.db, { alertId, userId: owner.userId, channel: 'sms' })
    const dead = await insertNotification(t.database.db, { alertId, userId: owner.userId, channel: 'whatsapp' })
    const sentAt = new Date()
    await t.database.db.update(alertNotifications).set({ status: 'sent', sentAt, attempts: 1 }).where(eq(alertNotifications.id, sent.id))
    await t.database.db.update(alertNotifications).set({ status: 'skipped', lastError: 'skipped: no phone number on the profile' }).where(eq(alertNotifications.id, skipped.id))
    await t.database.db.update(alertNotifications).set({ status: 'dead', lastError: 'ChannelError: provider detail' }).where(eq(alertNotifications.id, dead.id))

    const body = await json<{ notifications: Record<string, unknown>[] }>(await owner.client.request(`/api/alerts/${alertId}/notifications`), 200)
    const byChannel = Object.fromEntries(body.notifications.map((n) => [n.channel, n]))
    expect(byChannel.email).toMatchObject({ status: 'sent', attempts: 1, price: 412, sentAt: sentAt.toISOString(), note: null, nextAttemptAt: null })
    expect(byChannel.sms).toMatchObject({ status: 'skipped', note: 'no phone number on the profile' })
    expect(byChannel.whatsapp).toMatchObject({ status: 'dead', note: null })
    expect(JSON.stringify(body)).not.toContain('provider detail')
    expect(body.notifications.every((n) => n.inDigest === false)).toBe(true)

    // A notice waiting for the daily digest says so, with the digest's time (decision 054).
    const push = await insertNotification(t.database.db, { alertId, userId: owner.userId, channel: 'push' })
    const dueAt = new Date(Date.now() + 3_600_000)
    const [digest] = await t.database.db
      .insert(notificationDigests)
      .values({ userId: owner.userId, channel: 'push', groupKey: `history-${push.id}`, dueAt, nextAttemptAt: dueAt })
      .returning()
    await t.database.db.update(alertNotifications).set({ digestId: digest!.id, nextAttemptAt: dueAt }).where(eq(alertNotifications.id, push.id))
    const again = await json<{ notifications: Record<string, unknown>[] }>(await owner.client.request(`/api/alerts/${alertId}/notifications`), 200)
    expect(again.notifications.find((n) => n.channel === 'push')).toMatchObject({ status: 'pending', inDigest: true, nextAttemptAt: dueAt.toISOString() })

    expect((await stranger.client.request(`/api/alerts/${alertId}/notifications`)).status).toBe(404)
    expect((await t.client().request(`/api/alerts/${alertId}/notifications`)).status).toBe(401)
    expect((await owner.client.request('/api/alerts/not-an-id/notifications')).status).toBe(404)
  })
})

describe('/api/admin/notifications', () => {
  let admin: TestClient

  beforeAll(async () => {
    admin = t.client()
    await t.signUp(admin, 'ops-notify@example.com')
    await t.verifyFromEmail(admin, 'ops-notify@example.com')
  })

  it('lists the dead letters for admins only, and counts them in the overview', async () => {
    const member = await signedInUser(t, 'dead-owner')
    const alertId = await insertAlert(t.database.db, member.userId)
    const dead = await insertNotification(t.database.db, { alertId, userId: member.userId, channel: 'sms' })
    await t.database.db
      .update(alertNotifications)
      .set({ status: 'dead', attempts: 8, lastError: 'ChannelError: Twilio error 21211' })
      .where(eq(alertNotifications.id, dead.id))
    await insertNotification(t.database.db, { alertId, userId: member.userId, channel: 'email' })

    expect((await t.client().request('/api/admin/notifications')).status).toBe(401)
    expect((await member.client.request('/api/admin/notifications?status=dead')).status).toBe(403)

    const body = await json<{ notifications: Record<string, unknown>[] }>(await admin.request('/api/admin/notifications?status=dead'), 200)
    expect(body.notifications.every((n) => n.status === 'dead')).toBe(true)
    expect(body.notifications.filter((n) => n.alertId === alertId)).toEqual([
      expect.objectContaining({
        id: dead.id,
        status: 'dead',
        channel: 'sms',
        attempts: 8,
        lastError: 'ChannelError: Twilio error 21211',
        alertId,
        alertName: 'JFK → LHR Route Alert',
        userId: member.userId,
        userEmail: member.email,
      }),
    ])
    const pending = await json<{ notifications: { alertId: string }[] }>(await admin.request('/api/admin/notifications?status=pending'), 200)
    expect(pending.notifications.filter((n) => n.alertId === alertId)).toHaveLength(1)
    expect((await admin.request('/api/admin/notifications?status=lost')).status).toBe(400)

    const overview = await json<{ overview: { notices: { dead: number } } }>(await admin.request('/api/admin/overview'), 200)
    const deadRows = await t.database.db.select().from(alertNotifications).where(eq(alertNotifications.status, 'dead'))
    expect(overview.overview.notices.dead).toBe(deadRows.length)
    expect(deadRows.length).toBeGreaterThanOrEqual(1)
  })
})
