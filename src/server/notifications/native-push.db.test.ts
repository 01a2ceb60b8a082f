/**
 * Decision 039: a price drop reaches the apps. The app signs in with a bearer session, registers
 * its push token at POST /api/push/devices, and the dispatcher sends the notice through FCM HTTP v1
 * (google-auth-library's service-account token, then the send) and APNs (@parse/node-apn over
 * HTTP/2, ES256 provider token) to local fakes that check what Google and Apple check. The token
 * is tied to the app's session: signing out, or the session ending, stops the notices.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NOTIFICATION_MESSAGES } from '#shared/notifications.ts'
import { startFakeApns, type FakeApns } from '#tests/fakes/apns-server.ts'
import { startFakeFcm, type FakeFcm } from '#tests/fakes/fcm-server.ts'
import { ANDROID_APP_ORIGIN, nativeAppClient } from '#tests/support/native-app-client.ts'
import { insertAlert, insertNotification } from '#tests/support/notification-fixtures.ts'
import { planProfile } from '#tests/support/plan-profile.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { createTestApp, uniqueEmail, type TestApp } from '#tests/support/test-app.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'
import { alertNotifications, nativePushDevices, profiles, sessions } from '../db/schema.ts'
import { INPUT_MESSAGES } from '../http/input-guard.ts'
import { dispatchDueNotifications } from './dispatch-notifications.ts'

const TLS_CERT = readFileSync(path.resolve(import.meta.dirname, '../../../tests/fixtures/loopback-tls/cert.pem'), 'utf8')
const ANDROID_TOKEN = (n: number) => `fcm-device-${n}:APA91b${'x'.repeat(140)}`
const IOS_TOKEN = (n: number) => n.toString(16).padStart(2, '0').repeat(32)

const ADMIN_EMAIL = 'native-push-admin@example.com'

let t: TestApp
let fcm: FakeFcm
let apns: FakeApns
const app = nativeAppClient(() => t)

beforeAll(async () => {
  fcm = await startFakeFcm({ projectId: 'faredrop-test' })
  apns = await startFakeApns({ topic: 'app.faredrop' })
  t = await createTestApp(
    {
      ADMIN_EMAILS: ADMIN_EMAIL,
      FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(fcm.serviceAccount),
      FCM_API_BASE_URL: fcm.url,
      APNS_KEY_ID: apns.keyId,
      APNS_PRIVATE_KEY: apns.signingKey.replaceAll('\n', '\\n'),
      IOS_APP_TEAM_ID: apns.teamId,
      APNS_API_URL: `https://${apns.address}:${apns.port}`,
      APNS_ENVIRONMENT: 'sandbox',
    },
    { apnsCa: TLS_CERT },
  )
})

afterAll(async () => {
  await t.close()
  await Promise.all([fcm.close(), apns.close()])
})

beforeEach(() => {
  fcm.received.length = 0
  apns.received.length = 0
})

let tokenCounter = 0

/** An Elite traveller (push is in their plan) signed in on the app, with an alert that sends push. */
async function appUser(origin?: string, email = uniqueEmail('native-push')) {
  const { userId } = await createVerifiedUser(t, email)
  await t.database.db.update(profiles).set(planProfile('elite')).where(eq(profiles.id, userId))
  const refreshToken = await app.appSignIn(email, origin)
  const access = (await app.grant(refreshToken)).access_token
  const alertId = await insertAlert(t.database.db, userId)
  return { email, userId, refreshToken, access, alertId }
}

const register = (access: string, json: unknown) => app.fromApp('/api/push/devices', { access, json })

const dispatch = () =>
  dispatchDueNotifications({
    db: t.database.db,
    channels: t.services.notifications.channels,
    logger: silentLogger,
    now: () => new Date(),
    unsubscribeUrl: t.services.notifications.unsubscribeLinks.url,
    clientLinks: t.services.notifications.clientLinks,
    publicUrl: t.services.publicUrl,
  })

async function noticeRow(id: string) {
  const [row] = await t.database.db.select().from(alertNotifications).where(eq(alertNotifications.id, id))
  return row!
}

describe('native push: registering the app', () => {
  it('reports FCM and APNs as the push drivers', async () => {
    const health = (await (await t.app.request('/api/health')).json()) as { drivers: { push: string } }
    expect(health.drivers.push).toBe('fcm+apns')
  })

  it('takes an Android and an iOS token for the signed-in session; the same token again is one device', async () => {
    const user = await appUser()
    const android = ANDROID_TOKEN(++tokenCounter)
    expect((await register(user.access, { platform: 'android', token: android })).status).toBe(201)
    expect((await register(user.access, { platform: 'android', token: android })).status).toBe(201)
    // APNs tokens are hex: however the app spells it, one device is one row.
    const ios = IOS_TOKEN(++tokenCounter)
    expect((await register(user.access, { platform: 'ios', token: ios.toUpperCase() })).status).toBe(201)
    const rows = await t.database.db.select().from(nativePushDevices).where(eq(nativePushDevices.userId, user.userId))
    expect(rows.map((row) => [row.platform, row.token]).sort()).toEqual([
      ['android', android],
      ['ios', ios],
    ])
  })

  it('refuses anonymous callers and bad tokens with the exact messages, storing nothing', async () => {
    const anonymous = await app.fromApp('/api/push/devices', { json: { platform: 'android', token: ANDROID_TOKEN(++tokenCounter) } })
    expect(anonymous.status).toBe(401)

    const user = await appUser()
    const cases: [unknown, string][] = [
      [{ platform: 'windows', token: 'abc' }, NOTIFICATION_MESSAGES.platform],
      [{ token: 'abc' }, NOTIFICATION_MESSAGES.platform],
      [{ platform: 'android', token: 'short' }, NOTIFICATION_MESSAGES.fcmToken],
      [{ platform: 'android', token: `${'a'.repeat(60)}/../evil` }, NOTIFICATION_MESSAGES.fcmToken],
      // Every route's input guard refuses NUL before the schema sees it.
      [{ platform: 'android', token: `${'a'.repeat(60)}\u0000` }, INPUT_MESSAGES.nul],
      [{ platform: 'android', token: 'a'.repeat(4097) }, NOTIFICATION_MESSAGES.fcmToken],
      [{ platform: 'ios', token: 'zz'.repeat(32) }, NOTIFICATION_MESSAGES.apnsToken],
      [{ platform: 'ios', token: 'ab'.repeat(31) }, NOTIFICATION_MESSAGES.apnsToken],
      [{ platform: 'ios', token: `${'ab'.repeat(32)}/x` }, NOTIFICATION_MESSAGES.apnsToken],
    ]
    for (const [body, message] of cases) {
      const res = await register(user.access, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(await res.json())).toContain(message)
    }
    const extra = await register(user.access, { platform: 'ios', token: IOS_TOKEN(++tokenCounter), userId: 'someone-else' })
    expect(extra.status).toBe(400)
    expect(await t.database.db.select().from(nativePushDevices).where(eq(nativePushDevices.userId, user.userId))).toEqual([])
  })

  it('a phone passed to someone else moves to them: the first user’s notices stop reaching it', async () => {
    const first = await appUser()
    const second = await appUser()
    const token = ANDROID_TOKEN(++tokenCounter)
    await register(first.access, { platform: 'android', token })
    await register(second.access, { platform: 'android', token })
    const rows = await t.database.db.select().from(nativePushDevices).where(eq(nativePushDevices.token, token))
    expect(rows.map((row) => row.userId)).toEqual([second.userId])

    await insertNotification(t.database.db, { alertId: first.alertId, userId: first.userId, channel: 'push' })
    expect(await dispatch()).toMatchObject({ skipped: 1 })
    expect(fcm.received).toEqual([])
  })

  it('nobody can remove another user’s token (404, still registered); the owner can', async () => {
    const owner = await appUser()
    const other = await appUser()
    const token = IOS_TOKEN(++tokenCounter)
    await register(owner.access, { platform: 'ios', token })
    const refused = await app.fromApp('/api/push/devices', { method: 'DELETE', access: other.access, json: { token } })
    expect(refused.status).toBe(404)
    expect(await t.database.db.select().from(nativePushDevices).where(eq(nativePushDevices.token, token))).toHaveLength(1)

    const removed = await app.fromApp('/api/push/devices', { method: 'DELETE', access: owner.access, json: { token: token.toUpperCase() } })
    expect(removed.status).toBe(200)
    expect(await t.database.db.select().from(nativePushDevices).where(eq(nativePushDevices.token, token))).toEqual([])
  })
})

describe('native push: a price drop reaches the apps', () => {
  it('Android through FCM and iOS through APNs: the title and body shown, the alert’s link opened on tap', async () => {
    const user = await appUser(ANDROID_APP_ORIGIN)
    const android = ANDROID_TOKEN(++tokenCounter)
    const ios = IOS_TOKEN(++tokenCounter)
    await register(user.access, { platform: 'android', token: android })
    await register(user.access, { platform: 'ios', token: ios })
    const row = await insertNotification(t.database.db, { alertId: user.alertId, userId: user.userId, channel: 'push' })

    expect(await dispatch()).toMatchObject({ sent: 1 })
    const title = 'Price drop: JFK → LHR now $412'
    expect(fcm.received).toHaveLength(1)
    expect(fcm.received[0]!.token).toBe(android)
    expect(fcm.received[0]!.message).toMatchObject({
      notification: { title, body: expect.stringContaining('below your $450 target') },
      data: { url: row.payload.alertUrl },
      android: { priority: 'high', ttl: '86400s' },
    })
    expect(apns.received).toHaveLength(1)
    expect(apns.received[0]).toMatchObject({ deviceToken: ios, topic: 'app.faredrop', pushType: 'alert', priority: '10' })
    expect(apns.received[0]!.payload).toMatchObject({ aps: { alert: { title } }, url: row.payload.alertUrl })
    // A retried notice replaces its earlier copy on the phone: the same key on both services.
    const fcmTag = (fcm.received[0]!.message as { android: { notification: { tag: string } } }).android.notification.tag
    expect(apns.received[0]!.collapseId).toBe(fcmTag)
    expect(await noticeRow(row.id)).toMatchObject({ status: 'sent', providerMessageId: expect.stringMatching(/^projects\/faredrop-test\/messages\//) })
  })

  it('gets a new Google access token when the old one is refused, and the notice still goes out', async () => {
    const user = await appUser()
    await register(user.access, { platform: 'android', token: ANDROID_TOKEN(++tokenCounter) })
    await insertNotification(t.database.db, { alertId: user.alertId, userId: user.userId, channel: 'push' })
    await dispatch()
    const issued = fcm.tokensIssued
    fcm.expireAccessTokens()

    await insertNotification(t.database.db, { alertId: user.alertId, userId: user.userId, channel: 'push' })
    expect(await dispatch()).toMatchObject({ sent: 1 })
    expect(fcm.tokensIssued).toBe(issued + 1)
  })

  it('forgets a token FCM says is unregistered, and one APNs says is gone (410), skipping the notice', async () => {
    const user = await appUser()
    const android = ANDROID_TOKEN(++tokenCounter)
    const ios = IOS_TOKEN(++tokenCounter)
    await register(user.access, { platform: 'android', token: android })
    await register(user.access, { platform: 'ios', token: ios })
    fcm.respondWith({ status: 404, errorCode: 'UNREGISTERED', token: android, times: 1 })
    apns.respondWith({ status: 410, reason: 'Unregistered', deviceToken: ios, times: 1 })
    const row = await insertNotification(t.database.db, { alertId: user.alertId, userId: user.userId, channel: 'push' })

    expect(await dispatch()).toMatchObject({ skipped: 1 })
    expect(await noticeRow(row.id)).toMatchObject({ status: 'skipped', lastError: 'skipped: every push subscription of this user has expired' })
    expect(await t.database.db.select().from(nativePushDevices).where(eq(nativePushDevices.userId, user.userId))).toEqual([])
  })

  it('a passing failure (FCM 503, APNs 500 twice) keeps the token and retries the notice later', async () => {
    const user = await appUser()
    const android = ANDROID_TOKEN(++tokenCounter)
    const ios = IOS_TOKEN(++tokenCounter)
    await register(user.access, { platform: 'android', token: android })
    await register(user.access, { platform: 'ios', token: ios })
    fcm.respondWith({ status: 503, errorCode: 'UNAVAILABLE', token: android, times: 1 })
    // node-apn tries once more at once; both fail.
    apns.respondWith({ status: 500, reason: 'InternalServerError', deviceToken: ios, times: 2 })
    const row = await insertNotification(t.database.db, { alertId: user.alertId, userId: user.userId, channel: 'push' })

    expect(await dispatch()).toMatchObject({ retrying: 1 })
    expect(await noticeRow(row.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('FCM UNAVAILABLE (HTTP 503)') })
    expect(await t.database.db.select().from(nativePushDevices).where(eq(nativePushDevices.userId, user.userId))).toHaveLength(2)
  })

  it('signing out of the app ends its notices: the session’s tokens go with it', async () => {
    const user = await appUser()
    await register(user.access, { platform: 'android', token: ANDROID_TOKEN(++tokenCounter) })
    const signOut = await app.fromApp('/api/auth/sign-out', { access: user.access, json: {} })
    expect(signOut.status).toBe(200)
    expect(await t.database.db.select().from(nativePushDevices).where(eq(nativePushDevices.userId, user.userId))).toEqual([])

    await insertNotification(t.database.db, { alertId: user.alertId, userId: user.userId, channel: 'push' })
    expect(await dispatch()).toMatchObject({ skipped: 1 })
    expect(fcm.received).toEqual([])
  })

  it('an expired session’s app gets nothing, even before its row is cleaned up', async () => {
    const user = await appUser()
    await register(user.access, { platform: 'ios', token: IOS_TOKEN(++tokenCounter) })
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.userId))
    await insertNotification(t.database.db, { alertId: user.alertId, userId: user.userId, channel: 'push' })
    expect(await dispatch()).toMatchObject({ skipped: 1 })
    expect(apns.received).toEqual([])
  })
})

describe('native push: the admin’s test notice', () => {
  it('reaches the admin’s own phone through the same drivers, and says where it went', async () => {
    const admin = await appUser(undefined, ADMIN_EMAIL)
    const refused = await app.fromApp('/api/admin/debug/test-notice', { access: admin.access, json: { channel: 'push' } })
    expect(await refused.json()).toMatchObject({ delivered: false, detail: expect.stringContaining('sign in to the app with push allowed') })

    await register(admin.access, { platform: 'ios', token: IOS_TOKEN(++tokenCounter) })
    const res = await app.fromApp('/api/admin/debug/test-notice', { access: admin.access, json: { channel: 'push' } })
    expect(await res.json()).toMatchObject({ channel: 'push', driver: 'fcm+apns', delivered: true, detail: expect.stringMatching(/^Sent to 1 app \(id [0-9a-f-]{36}\)\.$/) })
    expect(apns.received.at(-1)!.payload).toMatchObject({ aps: { alert: { title: 'Price drop: JFK → LHR now $399', body: expect.stringContaining('This is a test') } } })
  })
})
