import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PremiumReason, QuotaStatus } from '#shared/alerts/alert-rules.ts'
import type { Alert } from '#shared/alerts/alert.ts'
import { createAlertVia, inDays, readJson, routeAlert, setPlan, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { alerts, profiles } from '../db/schema.ts'
import { applyPlanLimits } from './apply-plan-limits.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

type Refusal = { success: false; error: { code: string; message: string; premiumReasons?: PremiumReason[] } }

const quota = async (client: TestClient) => readJson<QuotaStatus>(await client.request('/api/alerts/quota'), 200)
const post = (client: TestClient, body: unknown) => client.request('/api/alerts', { method: 'POST', json: body })
const refused = async (res: Response) => readJson<Refusal>(res, 403)

/** JFK → LHR in a given cabin: international. */
const abroad = (travelClass: number) => routeAlert({ name: 'NYC → London', params: { arrival_id: 'LHR', travel_class: travelClass } })

describe('alerts: quota per plan', () => {
  it('gives a free user 3 alerts, then 403 quota_exceeded; the quota endpoint agrees', async () => {
    const { client } = await signedInUser(t)
    expect(await quota(client)).toEqual({ isPremiumUser: false, canCreateFreeAlert: true, used: 0, active: 0, limit: 3, tier: 'free' })
    for (let i = 0; i < 3; i++) await createAlertVia(client)
    const body = await refused(await post(client, routeAlert()))
    expect(body).toMatchObject({ success: false, error: { code: 'forbidden', premiumReasons: ['quota_exceeded'] } })
    expect(body.error.message).toContain('the Free plan allows 3 alerts')
    expect(await quota(client)).toEqual({ isPremiumUser: false, canCreateFreeAlert: false, used: 3, active: 3, limit: 3, tier: 'free' })

    // Paused alerts still count; expired ones don't.
    const [first] = (await readJson<{ alerts: Alert[] }>(await client.request('/api/alerts'), 200)).alerts
    await client.request(`/api/alerts/${first!.id}`, { method: 'PATCH', json: { status: 'paused' } })
    expect(await quota(client)).toMatchObject({ used: 3, active: 2, canCreateFreeAlert: false })
    await t.database.db.update(alerts).set({ departureDate: inDays(-5) }).where(eq(alerts.id, first!.id))
    expect(await quota(client)).toMatchObject({ used: 2, active: 2, canCreateFreeAlert: true })
    await createAlertVia(client)
  })

  it('gives premium 15, elite 30 and unlimited no cap', async () => {
    const premium = await signedInUser(t)
    await setPlan(t, premium.userId, 'premium')
    for (let i = 0; i < 15; i++) await createAlertVia(premium.client)
    expect((await refused(await post(premium.client, routeAlert()))).error.premiumReasons).toEqual(['quota_exceeded'])
    expect(await quota(premium.client)).toEqual({ isPremiumUser: true, canCreateFreeAlert: false, used: 15, active: 15, limit: 15, tier: 'premium' })

    const elite = await signedInUser(t)
    await setPlan(t, elite.userId, 'elite')
    expect(await quota(elite.client)).toMatchObject({ limit: 30, tier: 'elite' })

    const unlimited = await signedInUser(t)
    await setPlan(t, unlimited.userId, 'unlimited')
    expect(await quota(unlimited.client)).toMatchObject({ limit: null, canCreateFreeAlert: true, tier: 'unlimited' })
  })

  it('counts an archived alert again when it is resumed', async () => {
    const { client } = await signedInUser(t)
    const archived = await createAlertVia(client)
    await t.database.db.update(alerts).set({ status: 'archived_not_found' }).where(eq(alerts.id, archived.id))
    for (let i = 0; i < 3; i++) await createAlertVia(client)
    const resume = await client.request(`/api/alerts/${archived.id}`, { method: 'PATCH', json: { status: 'active' } })
    expect((await refused(resume)).error.premiumReasons).toEqual(['quota_exceeded'])
  })

  it('lets exactly 3 of 50 concurrent creates by one free user through', async () => {
    const { client, userId } = await signedInUser(t)
    const results = await Promise.all(Array.from({ length: 50 }, () => post(client, routeAlert())))
    const statuses = results.map((res) => res.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(3)
    expect(statuses.filter((s) => s === 403)).toHaveLength(47)
    expect(await t.database.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.userId, userId))).toHaveLength(3)
  })
})

describe('alerts: premium reasons', () => {
  let free: TestClient
  beforeAll(async () => {
    ;({ client: free } = await signedInUser(t))
  })

  it.each([
    ['sms', { notification_channels: { email: true, sms: true, whatsapp: false, push: false } }, ['sms_notifications'], 'SMS notifications'],
    [
      'whatsapp',
      { notification_channels: { email: false, sms: false, whatsapp: true, push: false } },
      ['whatsapp_notifications'],
      'WhatsApp notifications',
    ],
    ['hourly checks', { check_frequency: '1h' }, ['high_frequency_check'], 'High-frequency checks'],
  ] as const)('refuses %s on Free with its reason', async (_, fields, reasons, label) => {
    const body = await refused(await post(free, { ...routeAlert(), ...fields }))
    expect(body.error.premiumReasons).toEqual(reasons)
    expect(body.error.message).toBe(`Upgrade to use: ${label}.`)
  })

  it('refuses international business and first on Free, allows domestic business', async () => {
    expect((await refused(await post(free, abroad(3)))).error.premiumReasons).toEqual(['international_business'])
    expect((await refused(await post(free, abroad(4)))).error.premiumReasons).toEqual(['international_first'])
    const domestic = await createAlertVia(free, routeAlert({ params: { travel_class: 3 } }))
    expect(domestic).toMatchObject({ alert_category: 'other', premium_reasons: [] })
    // International economy is fine too.
    await createAlertVia(free, abroad(1))
  })

  it('names every reason at once', async () => {
    const { client } = await signedInUser(t)
    for (let i = 0; i < 3; i++) await createAlertVia(client)
    const body = await refused(await post(client, { ...abroad(4), notification_channels: { email: true, sms: true, whatsapp: true, push: false } }))
    expect(body.error.message).toBe(
      'Upgrade to use: SMS notifications, WhatsApp notifications, International first class. ' +
        'Alert quota exceeded: the Free plan allows 3 alerts. Upgrade or delete an alert to add another.',
    )
    expect(body.error.premiumReasons).toEqual(['sms_notifications', 'whatsapp_notifications', 'international_first', 'quota_exceeded'])
  })

  it('lets premium have WhatsApp, 12h checks and premium cabins abroad, but not hourly checks', async () => {
    const { client, userId } = await signedInUser(t)
    await setPlan(t, userId, 'premium')
    const alert = await createAlertVia(client, {
      ...abroad(4),
      notification_channels: { email: true, sms: false, whatsapp: true, push: false },
      check_frequency: '12h',
    })
    expect(alert).toMatchObject({ alert_category: 'premium', premium_reasons: [] })
    expect((await refused(await post(client, { ...routeAlert(), check_frequency: '1h' }))).error.premiumReasons).toEqual(['high_frequency_check'])
    expect((await refused(await post(client, { ...routeAlert(), check_frequency: '3h' }))).error.premiumReasons).toEqual(['high_frequency_check'])
    const sms = { notification_channels: { email: true, sms: true, whatsapp: false, push: false } }
    const addSms = await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: sms })
    expect((await refused(addSms)).error.premiumReasons).toEqual(['sms_notifications'])
    const hourly = await client.request(`/api/alerts/${alert.id}`, { method: 'PATCH', json: { check_frequency: '1h' } })
    expect((await refused(hourly)).error.premiumReasons).toEqual(['high_frequency_check'])

    await setPlan(t, userId, 'unlimited')
    const custom = await createAlertVia(client, { ...routeAlert(), check_frequency: '3h' })
    expect(custom).toMatchObject({ check_frequency: '3h', alert_category: 'premium' })
  })
})

describe('alerts: plan downgrade', () => {
  it('pauses the newest alerts over the cap, switches channels off with a note, and blocks resuming', async () => {
    const { client, userId } = await signedInUser(t)
    await setPlan(t, userId, 'elite')
    const created: Alert[] = []
    for (let i = 0; i < 5; i++) {
      created.push(
        await createAlertVia(client, {
          ...routeAlert({ name: `Alert ${i}` }),
          notification_channels: { email: i !== 0, sms: true, whatsapp: i === 1, push: false },
          check_frequency: '12h',
        }),
      )
    }
    await client.request(`/api/alerts/${created[2]!.id}`, { method: 'PATCH', json: { status: 'paused' } })

    await setPlan(t, userId, 'free')
    const result = await applyPlanLimits({ db: t.database.db, now: () => new Date() }, userId)
    expect(result.paused).toEqual([created[4]!.id])

    const byName = new Map(
      (await readJson<{ alerts: Alert[] }>(await client.request('/api/alerts?status=all'), 200)).alerts.map((a) => [a.name, a]),
    )
    // Oldest three keep running (alert 2 was already paused), the newest is paused.
    expect(['Alert 0', 'Alert 1', 'Alert 2', 'Alert 3', 'Alert 4'].map((name) => byName.get(name)!.status)).toEqual([
      'active',
      'active',
      'paused',
      'active',
      'paused',
    ])
    const zero = byName.get('Alert 0')!
    expect(zero.notification_channels).toEqual({ email: true, sms: false, whatsapp: false, push: false })
    expect(zero.check_frequency).toBe('15d')
    expect(zero.status_note).toBe(
      'SMS notifications switched off: not in the Free plan; email switched on instead. Check frequency changed from 12h to 15d to fit the Free plan.',
    )
    expect(byName.get('Alert 1')!.status_note).toContain('SMS and WhatsApp notifications switched off: not in the Free plan.')
    expect(byName.get('Alert 4')!.status_note).toMatch(/^Paused: the Free plan allows 3 alerts\. SMS notifications switched off/)
    expect(zero.alert_category).toBe('other')

    // Nothing deleted; running it again changes nothing.
    expect(byName.size).toBe(5)
    expect(await applyPlanLimits({ db: t.database.db, now: () => new Date() }, userId)).toEqual({ plan: 'free', paused: [], resumed: [], changed: [] })

    // Three alerts run: resuming a fourth is over the cap.
    const resume = await client.request(`/api/alerts/${byName.get('Alert 4')!.id}`, { method: 'PATCH', json: { status: 'active' } })
    const body = await refused(resume)
    expect(body.error.premiumReasons).toEqual(['quota_exceeded'])
    expect(body.error.message).toContain('to resume this one')
    expect(await quota(client)).toMatchObject({ used: 5, canCreateFreeAlert: false })

    // Pausing one frees a slot for another.
    await client.request(`/api/alerts/${zero.id}`, { method: 'PATCH', json: { status: 'paused' } })
    const resumed = await client.request(`/api/alerts/${byName.get('Alert 4')!.id}`, { method: 'PATCH', json: { status: 'active' } })
    expect((await readJson<{ alert: Alert }>(resumed, 200)).alert).toMatchObject({ status: 'active', status_note: null })
  })

  it('pauses premium cabins abroad and says why; POST /api/admin/users/:id/plan applies it', async () => {
    const admin = await signedInUser(t, 'admin')
    await t.database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, admin.userId))
    const { client, userId } = await signedInUser(t)
    await setPlan(t, userId, 'premium')
    const business = await createAlertVia(client, abroad(3))

    expect((await client.request(`/api/admin/users/${userId}/plan`, { method: 'POST', json: { tier: 'free' } })).status).toBe(403)
    const res = await admin.client.request(`/api/admin/users/${userId}/plan`, { method: 'POST', json: { tier: 'free' } })
    expect(await readJson(res, 200)).toMatchObject({
      profile: { role: 'free', subscription_tier: 'free' },
      alerts: { plan: 'free', paused: [business.id], resumed: [], changed: [business.id] },
      user: { id: userId, tier: 'free', grantedTier: null, liveAlertCount: 0 },
    })
    const read = (await readJson<{ alert: Alert }>(await client.request(`/api/alerts/${business.id}`), 200)).alert
    expect(read).toMatchObject({
      status: 'paused',
      status_note: 'Paused: the Free plan does not include international business class alerts.',
      premium_reasons: ['international_business'],
    })
    const resume = await client.request(`/api/alerts/${business.id}`, { method: 'PATCH', json: { status: 'active' } })
    expect((await refused(resume)).error.premiumReasons).toEqual(['international_business'])

    // An admin's own plan change keeps the admin role.
    const self = await admin.client.request(`/api/admin/users/${admin.userId}/plan`, { method: 'POST', json: { tier: 'premium' } })
    expect((await readJson<{ profile: unknown }>(self, 200)).profile).toEqual({ role: 'admin', subscription_tier: 'premium' })
    expect((await admin.client.request('/api/admin/users/nobody/plan', { method: 'POST', json: { tier: 'free' } })).status).toBe(404)
  })
})
