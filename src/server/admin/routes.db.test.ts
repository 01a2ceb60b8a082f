import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminAlertDetail,
  AdminAuditEntry,
  AdminBillingSummary,
  AdminDebugInfo,
  AdminOverviewResponse,
  AdminTrendDay,
  AdminUserRow,
  TestNoticeResult,
  TestSearchResult,
} from '#shared/admin.ts'
import type { Alert } from '#shared/alerts/alert.ts'
import { ACCOUNT_DISABLED_MESSAGE } from '#shared/auth.ts'
import { createAlertVia, readJson, routeAlert, signedInUser } from '#tests/support/alert-fixtures.ts'
import { insertNotification } from '#tests/support/notification-fixtures.ts'
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { createVerifiedUser } from '#tests/support/verified-user.ts'
import { alertNotifications, appSecrets, outboxMessages, providerBudget } from '../db/schema.ts'

/**
 * Issue 13: the admin console's API. What an operator reads (overview, trends, users, alerts,
 * dead letters, billing, debug) reflects what happened, and every action changes what it says,
 * applies the same rules as elsewhere, and leaves an audit entry with the request id.
 */

const ADMIN_EMAIL = 'ops@example.com'
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ana Lima' }

let t: TestApp
let admin: TestClient
let adminId: string

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, PROVIDER_CALLS_PER_DAY: '900' })
  ;({ client: admin, userId: adminId } = await createVerifiedUser(t, ADMIN_EMAIL))
})
afterAll(async () => {
  await t.close()
})

const post = (client: TestClient, path: string, json: unknown = {}) => client.request(path, { method: 'POST', json })
const audit = async (query = '') => (await readJson<{ entries: AdminAuditEntry[] }>(await admin.request(`/api/admin/audit${query}`), 200)).entries

describe('users', () => {
  it('finds users by email with their plan, alerts and sign-in; a tier grant applies the plan rules and is audited', async () => {
    const member = await signedInUser(t, 'grant')
    await createAlertVia(member.client)
    const found = await readJson<{ users: AdminUserRow[] }>(await admin.request(`/api/admin/users?q=${encodeURIComponent(member.email)}`), 200)
    expect(found.users).toEqual([
      expect.objectContaining({ id: member.userId, email: member.email, emailVerified: true, role: 'free', tier: 'free', alertCount: 1, liveAlertCount: 1, disabledAt: null, adminByConfig: false }),
    ])
    expect(found.users[0]!.lastSignInAt).not.toBeNull()
    // `%` and `_` in the search are the characters themselves, not wildcards.
    expect((await readJson<{ users: AdminUserRow[] }>(await admin.request('/api/admin/users?q=%25'), 200)).users).toEqual([])

    const granted = await readJson<{ user: AdminUserRow }>(await post(admin, `/api/admin/users/${member.userId}/plan`, { tier: 'unlimited' }), 200)
    expect(granted.user).toMatchObject({ role: 'unlimited', tier: 'unlimited', grantedTier: 'unlimited' })
    const res = await post(admin, `/api/admin/users/${member.userId}/plan`, { tier: 'free' })
    const [entry] = await audit(`?action=user.plan&q=${encodeURIComponent(member.email)}`)
    expect(entry).toMatchObject({ actorEmail: ADMIN_EMAIL, action: 'user.plan', targetId: member.userId, targetLabel: member.email, detail: { grant: 'free', tierBefore: 'unlimited', tierAfter: 'free' } })
    expect(entry!.requestId).toBe(res.headers.get('x-request-id'))
  })

  it('makes a member an admin and back; refuses to demote an ADMIN_EMAILS address or oneself', async () => {
    const member = await signedInUser(t, 'promote')
    expect((await readJson<{ user: AdminUserRow }>(await post(admin, `/api/admin/users/${member.userId}/role`, { role: 'admin' }), 200)).user.role).toBe('admin')
    expect((await member.client.request('/api/admin/overview')).status).toBe(200)
    // A grant while admin keeps the admin role; back to member, the role is the granted tier.
    expect((await readJson<{ user: AdminUserRow }>(await post(admin, `/api/admin/users/${member.userId}/plan`, { tier: 'premium' }), 200)).user).toMatchObject({ role: 'admin', tier: 'premium' })
    const demoted = await readJson<{ user: AdminUserRow }>(await post(admin, `/api/admin/users/${member.userId}/role`, { role: 'member' }), 200)
    expect(demoted.user).toMatchObject({ role: 'premium', tier: 'premium' })
    expect((await member.client.request('/api/admin/overview')).status).toBe(403)

    const self = await post(admin, `/api/admin/users/${adminId}/role`, { role: 'member' })
    expect(await readJson(self, 409)).toMatchObject({ error: { message: expect.stringContaining('ADMIN_EMAILS') } })
    expect(await readJson(await post(admin, `/api/admin/users/${adminId}/role`, { role: 'owner' }), 400)).toMatchObject({ error: { code: 'validation_failed' } })
    expect((await audit('?action=user.role')).map((e) => e.detail)).toEqual([
      { from: 'admin', to: 'member' },
      { from: 'free', to: 'admin' },
    ])
  })

  it('disabling ends the sessions, stops the alerts and refuses sign-in; enabling brings back exactly those alerts', async () => {
    const member = await signedInUser(t, 'disable')
    const live = await createAlertVia(member.client)
    const paused = await createAlertVia(member.client, routeAlert({ name: 'Paused one' }))
    await member.client.request(`/api/alerts/${paused.id}`, { method: 'PATCH', json: { status: 'paused' } })

    const res = await post(admin, `/api/admin/users/${member.userId}/disable`, { reason: 'chargeback fraud' })
    expect(await readJson(res, 200)).toMatchObject({ alertsDisabled: 1, sessionsRevoked: 1, user: { disabledAt: expect.any(String) } })
    expect((await member.client.request('/api/alerts')).status).toBe(401)
    const again = t.client()
    const signIn = await t.signIn(again, member.email, TEST_PASSWORD)
    expect(signIn.status).toBe(403)
    expect(await signIn.json()).toMatchObject({ error: { code: 'forbidden', message: ACCOUNT_DISABLED_MESSAGE } })
    // A magic link opened in the browser lands on the page that explains it, not on JSON.
    await post(t.client(), '/api/auth/sign-in/magic-link', { email: member.email, callbackURL: '/alerts' })
    const magicLink = async () => (await t.lastEmail(member.email))?.links.find((l) => l.includes('magic-link'))
    await expect.poll(magicLink).toBeDefined()
    const link = new URL((await magicLink())!)
    const opened = await t.client().request(link.pathname + link.search, { redirect: 'manual' })
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toMatch(/\/auth\/callback\?error=account_disabled$/)
    const stopped = await readJson<AdminAlertDetail>(await admin.request(`/api/admin/alerts/${live.id}`), 200)
    expect(stopped.alert).toMatchObject({ status: 'disabled', statusNote: 'Disabled with the account by FareDrop support.' })
    expect(await readJson(await post(admin, `/api/admin/users/${adminId}/disable`), 409)).toMatchObject({ error: { message: "You can't disable your own account." } })

    expect(await readJson(await post(admin, `/api/admin/users/${member.userId}/enable`), 200)).toMatchObject({ alertsRestored: 1, user: { disabledAt: null } })
    const back = t.client()
    expect((await t.signIn(back, member.email, TEST_PASSWORD)).status).toBe(200)
    const alerts = (await readJson<{ alerts: Alert[] }>(await back.request('/api/alerts?status=all'), 200)).alerts
    expect(Object.fromEntries(alerts.map((a) => [a.id, a.status]))).toEqual({ [live.id]: 'active', [paused.id]: 'paused' })
    expect((await audit(`?q=${encodeURIComponent(member.email)}`)).map((e) => e.action)).toEqual(['user.enable', 'user.disable'])
  })

  it('signs a user out everywhere and resends verification only to an unverified address', async () => {
    const member = await signedInUser(t, 'signout')
    expect(await readJson(await post(admin, `/api/admin/users/${member.userId}/sign-out`), 200)).toEqual({ sessionsRevoked: 1 })
    expect((await member.client.request('/api/me')).status).toBe(401)
    // The last sign-in outlives the session.
    const [after] = (await readJson<{ users: AdminUserRow[] }>(await admin.request(`/api/admin/users?q=${encodeURIComponent(member.email)}`), 200)).users
    expect(after!.lastSignInAt).not.toBeNull()
    expect(await readJson(await post(admin, `/api/admin/users/${member.userId}/resend-verification`), 409)).toMatchObject({
      error: { message: 'This email address is already verified.' },
    })
    const waiting = `waiting-${Date.now()}@example.com`
    await t.signUp(t.client(), waiting)
    const [row] = (await readJson<{ users: AdminUserRow[] }>(await admin.request(`/api/admin/users?q=${waiting}`), 200)).users
    expect(row).toMatchObject({ emailVerified: false })
    await t.database.db.delete(outboxMessages).where(eq(outboxMessages.to, waiting))
    // The per-inbox spacing (A12) holds for admins too: a minute after the sign-up's own email.
    t.now.value = new Date(Date.now() + 61_000)
    try {
      expect(await readJson(await post(admin, `/api/admin/users/${row!.id}/resend-verification`), 200)).toEqual({ sent: true })
      await expect.poll(async () => (await t.lastEmail(waiting))?.links.some((l) => l.includes('verify-email'))).toBe(true)
    } finally {
      t.now.value = null
    }
    expect((await post(admin, '/api/admin/users/nobody/sign-out')).status).toBe(404)
  })
})

describe('the overview’s provider spend (issue 17)', () => {
  it('counts this month’s calls of the checks and the searches, not last month’s, at PROVIDER_PRICE_PER_CALL', async () => {
    const read = async () => (await readJson<AdminOverviewResponse>(await admin.request('/api/admin/overview'), 200)).overview.provider.month
    const before = await read()
    const now = new Date()
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
    await t.database.db.insert(providerBudget).values([
      { provider: 'simulated:search', period: 'day', windowStart: today, calls: 40 },
      { provider: 'simulated', period: 'day', windowStart: lastMonth, calls: 1_000 },
      { provider: 'serpapi', period: 'day', windowStart: today, calls: 7 },
    ])
    const month = await read()
    expect(month.calls).toBe(before.calls + 40)
    expect(month.pricePerCall).toBe(0.015)
    expect(month.spend).toBe(Math.round((before.calls + 40) * 0.015 * 100) / 100)
    // Nobody pays in this test app: no figure per paying user, none against revenue.
    expect(month).toMatchObject({ perPayingUser: null, shareOfRevenue: null })
  })
})

describe('alerts, checks and the overview', () => {
  it('a check now is recorded with its price; a shock makes a drop that the overview, trends and detail show', async () => {
    const member = await signedInUser(t, 'checks')
    const alert = await createAlertVia(member.client, routeAlert({ target_price: 5000 }))
    await readJson(await post(admin, '/api/admin/simulator/shocks', { from: 'JFK', to: 'LAX', factor: 0.5, hours: 1 }), 201)
    const checked = await readJson<{ evaluation: { outcome: string; notified: unknown } }>(await post(admin, `/api/admin/alerts/${alert.id}/check`), 200)
    expect(checked.evaluation).toMatchObject({ outcome: 'price', notified: expect.objectContaining({ reason: expect.any(String) }) })

    const detail = await readJson<AdminAlertDetail>(await admin.request(`/api/admin/alerts/${alert.id}`), 200)
    expect(detail.alert).toMatchObject({ id: alert.id, userEmail: member.email, route: 'JFK → LAX', status: 'triggered' })
    expect(detail.checks).toEqual([expect.objectContaining({ outcome: 'price', cached: false, notified: true, dueAt: expect.any(String), price: detail.alert.currentPrice })])
    expect(detail.prices).toHaveLength(1)
    expect(detail.notices.map((n) => n.channel)).toEqual(['email'])

    const { overview } = await readJson<AdminOverviewResponse>(await admin.request('/api/admin/overview'), 200)
    // A new alert is due at once: its first check's lag is the time it waited.
    expect(overview.checks).toMatchObject({ lastHour: 1, lastDay: 1, failedLastDay: 0, lagP50Seconds: expect.any(Number) })
    expect(overview.priceDrops).toEqual({ lastDay: 1, last7Days: 1 })
    expect(overview.provider).toMatchObject({ name: 'simulated', dailyBudget: 900, cacheHitRatio: 0 })
    expect(overview.alerts.byStatus.triggered).toBe(1)
    expect(overview.users.admins).toBe(1)
    const { days } = await readJson<{ days: AdminTrendDay[] }>(await admin.request('/api/admin/trends'), 200)
    expect(days).toHaveLength(30)
    expect(days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), checks: 1, priceDrops: 1 })
    expect(days.at(-1)!.signUps).toBeGreaterThanOrEqual(2)

    const found = await readJson<{ alerts: { id: string }[] }>(await admin.request(`/api/admin/alerts?q=${encodeURIComponent(member.email)}&status=triggered`), 200)
    expect(found.alerts.map((a) => a.id)).toEqual([alert.id])
    expect(await readJson(await post(admin, `/api/admin/alerts/${alert.id}/disable`), 200)).toMatchObject({ alert: { status: 'disabled', statusNote: 'Disabled by FareDrop support.' } })
    expect((await readJson<{ alert: Alert }>(await member.client.request(`/api/alerts/${alert.id}`), 200)).alert.status).toBe('disabled')
    expect(await readJson(await post(admin, `/api/admin/alerts/${alert.id}/disable`), 409)).toMatchObject({ error: { message: 'This alert is already disabled.' } })
    expect(await readJson(await post(admin, `/api/admin/alerts/${alert.id}/enable`), 200)).toMatchObject({ alert: { status: 'active', statusNote: null } })
    const entries = await audit(`?q=${alert.id}`)
    expect(entries.map((e) => [e.action, e.targetLabel])).toEqual([
      ['alert.enable', alert.name],
      ['alert.disable', alert.name],
      ['alert.check', alert.name],
    ])
    expect(await readJson(await post(admin, '/api/admin/simulator/shocks/clear', { from: 'jfk', to: 'lax' }), 200)).toEqual({ cleared: 1 })
  })

  it('counts subscriptions and monthly revenue by price after a test-mode checkout', async () => {
    const buyer = await signedInUser(t, 'buyer')
    const { sessionId } = await readJson<{ sessionId: string }>(await post(buyer.client, '/api/billing/checkout', { priceId: 'elite_yearly' }), 200)
    await readJson(await post(buyer.client, `/api/billing/local/checkout/${sessionId}/pay`, GOOD_CARD), 200)
    const { overview } = await readJson<AdminOverviewResponse>(await admin.request('/api/admin/overview'), 200)
    const elite = overview.billing.byPrice.find((p) => p.priceId === 'elite_yearly')!
    expect(elite.subscriptions).toBe(1)
    expect(overview.billing.mrr).toBeGreaterThanOrEqual(elite.mrr)
    expect(elite.mrr).toBeGreaterThan(0)
    const billing = await readJson<AdminBillingSummary>(await admin.request('/api/admin/billing'), 200)
    expect(billing.byStatus.active).toBeGreaterThanOrEqual(1)
    expect(await readJson(await post(admin, '/api/admin/billing/reconcile'), 200)).toMatchObject({ report: { provider: 'local' } })
    expect((await readJson<AdminBillingSummary>(await admin.request('/api/admin/billing'), 200)).lastReconciledAt).not.toBeNull()
  })
})

describe('dead letters', () => {
  it('retries or discards named dead letters, or all of them, and leaves other notices alone', async () => {
    const member = await signedInUser(t, 'dead')
    const alert = await createAlertVia(member.client)
    const db = t.database.db
    const rows = await Promise.all(['email', 'sms', 'push', 'whatsapp'].map((channel) => insertNotification(db, { alertId: alert.id, userId: member.userId, channel: channel as 'email' })))
    for (const row of rows.slice(0, 3)) await db.update(alertNotifications).set({ status: 'dead', attempts: 8, lastError: 'boom' }).where(eq(alertNotifications.id, row.id))
    const [first, second, third, pending] = rows

    expect(await readJson(await post(admin, '/api/admin/notifications/retry', { ids: [first!.id, pending!.id] }), 200)).toEqual({ count: 1 })
    expect(await readJson(await post(admin, '/api/admin/notifications/discard', { ids: [second!.id] }), 200)).toEqual({ count: 1 })
    const status = async (id: string) => (await db.select().from(alertNotifications).where(eq(alertNotifications.id, id)))[0]!
    expect(await status(first!.id)).toMatchObject({ status: expect.stringMatching(/pending|sent/), attempts: expect.any(Number) })
    expect((await status(second!.id)).status).toBe('discarded')
    expect((await status(pending!.id)).status).not.toBe('discarded')
    expect(await readJson(await post(admin, '/api/admin/notifications/discard', { all: true }), 200)).toMatchObject({ count: expect.any(Number) })
    expect((await status(third!.id)).status).toBe('discarded')
    expect((await readJson<{ notifications: unknown[] }>(await admin.request('/api/admin/notifications?status=dead'), 200)).notifications).toEqual([])
    expect((await post(admin, '/api/admin/notifications/retry', { ids: ['not-a-uuid'] })).status).toBe(400)
    expect((await post(admin, '/api/admin/notifications/retry', { ids: [], all: true })).status).toBe(400)
    expect((await audit('?action=notification.discard'))[0]).toMatchObject({ targetLabel: 'every dead letter' })
  })
})

describe('debug', () => {
  it('reports migrations, workers and settings without secrets; runs a test search and a test notice', async () => {
    const info = await readJson<AdminDebugInfo>(await admin.request('/api/admin/debug'), 200)
    expect(info.migrations.applied).toBe(info.migrations.expected)
    expect(info.migrations.latest).toMatch(/^\d{4}_/)
    expect(info).toMatchObject({ version: 'test', drivers: { email: 'outbox' }, simulator: { failures: { mode: 'none' } } })
    const text = JSON.stringify(info)
    const stored = await t.database.db.select({ value: appSecrets.value }).from(appSecrets)
    expect(stored.length).toBeGreaterThan(0)
    for (const secret of [t.services.outboxKey, ...stored.map((s) => s.value)]) expect(text).not.toContain(secret)

    const search = await readJson<TestSearchResult>(await post(admin, '/api/admin/debug/test-search', { from: 'jfk', to: 'LHR', departureDate: '2027-03-01' }), 200)
    expect(search.provider).toBe('simulated')
    expect(search.raw).toHaveProperty('search_metadata')
    expect((search.mapped as { best: unknown[] }).best.length).toBeGreaterThan(0)
    expect(await readJson(await post(admin, '/api/admin/debug/test-search', { from: 'J', to: 'LHR', departureDate: 'soon' }), 400)).toMatchObject({
      error: { fieldErrors: { from: ['Enter a 3-letter airport code'], departureDate: ['Enter a date as YYYY-MM-DD'] } },
    })

    const email = await readJson<TestNoticeResult>(await post(admin, '/api/admin/debug/test-notice', { channel: 'email' }), 200)
    expect(email).toMatchObject({ channel: 'email', driver: 'outbox', delivered: true })
    await expect.poll(async () => (await t.lastEmail(ADMIN_EMAIL))?.text).toContain('Test notice from FareDrop admin')
    expect(await readJson(await post(admin, '/api/admin/debug/test-notice', { channel: 'sms' }), 200)).toMatchObject({
      delivered: false,
      detail: 'Add and verify a phone number on your profile first.',
    })
    expect((await audit('?action=debug.test_notice')).map((e) => e.targetLabel)).toEqual(['sms', 'email'])
  })
})
