import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BillingHistoryEntry, SubscriptionResponse, SubscriptionView } from '#shared/billing.ts'
import type { Alert } from '#shared/alerts/alert.ts'
import { createAlertVia, readJson, routeAlert, signedInUser } from '#tests/support/alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import { eq } from 'drizzle-orm'
import { profiles } from '../db/schema.ts'

/**
 * The local test mode end to end through the API (the default billing driver): checkout → test
 * card → tier → caps, cancel → period end → downgrade → alerts paused, reactivate, switch plans,
 * portal, and every endpoint's refusal.
 */

let t: TestApp
let admin: TestClient
beforeAll(async () => {
  t = await createTestApp()
  const a = await signedInUser(t, 'billing-admin')
  await t.database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, a.userId))
  admin = a.client
})
afterAll(async () => {
  await t.close()
})

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ana Lima' }
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' }

const subscription = async (client: TestClient) => readJson<SubscriptionResponse>(await client.request('/api/billing/subscription'), 200)
const history = async (client: TestClient) =>
  (await readJson<{ events: BillingHistoryEntry[] }>(await client.request('/api/billing/history'), 200)).events

async function checkout(client: TestClient, priceId: string, extra: Record<string, unknown> = {}) {
  return readJson<{ sessionId: string; url: string }>(
    await client.request('/api/billing/checkout', { method: 'POST', json: { priceId, ...extra } }),
    200,
  )
}

async function subscribe(client: TestClient, priceId = 'premium_monthly') {
  const { sessionId } = await checkout(client, priceId)
  return readJson<{ redirect_path: string }>(
    await client.request(`/api/billing/local/checkout/${sessionId}/pay`, { method: 'POST', json: GOOD_CARD }),
    200,
  )
}

describe('local test mode: checkout', () => {
  it('opens a FareDrop checkout page, declines the decline card, and on 4242 makes the user Premium', async () => {
    const { client } = await signedInUser(t, 'buyer')
    expect(await subscription(client)).toMatchObject({ subscription: null, role: 'free', subscription_tier: 'free', billing: { provider: 'local', testMode: true } })

    const session = await checkout(client, 'premium_monthly')
    expect(session.sessionId).toMatch(/^cs_test_local_/)
    expect(session.url).toBe(`${t.env.PUBLIC_URL ?? 'http://localhost:3999'}/billing/checkout/${session.sessionId}`)

    const page = await readJson<{ checkout: { status: string; price: { amount: number; planName: string; interval: string } } }>(
      await client.request(`/api/billing/local/checkout/${session.sessionId}`),
      200,
    )
    expect(page.checkout).toMatchObject({ status: 'open', price: { amount: 3.99, planName: 'Premium', interval: 'month' } })

    const declined = await client.request(`/api/billing/local/checkout/${session.sessionId}/pay`, { method: 'POST', json: DECLINED_CARD })
    expect(declined.status).toBe(402)
    expect(((await declined.json()) as { error: { message: string } }).error.message).toBe('Your card was declined.')
    expect((await subscription(client)).subscription_tier).toBe('free')

    const paid = await readJson<{ redirect_path: string }>(
      await client.request(`/api/billing/local/checkout/${session.sessionId}/pay`, { method: 'POST', json: GOOD_CARD }),
      200,
    )
    expect(paid.redirect_path).toBe('/profile?success=true')
    const after = await subscription(client)
    expect(after).toMatchObject({
      role: 'premium',
      subscription_tier: 'premium',
      subscription: { price_id: 'premium_monthly', status: 'active', cancel_at_period_end: false, provider: 'local' },
      paymentMethod: { brand: 'Visa', last4: '4242' },
    })
    const start = new Date(after.subscription!.current_period_start!)
    const end = new Date(after.subscription!.current_period_end!)
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12)

    // Paying the same session again changes nothing (a double click, a retried request).
    await client.request(`/api/billing/local/checkout/${session.sessionId}/pay`, { method: 'POST', json: GOOD_CARD })
    expect((await history(client)).filter((e) => e.kind === 'subscription_started')).toHaveLength(1)
    expect((await history(client)).map((e) => e.kind).sort()).toEqual(['subscription_started', 'tier_changed'])

    // A second checkout while subscribed is refused: switching goes through Manage billing.
    const again = await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'elite_monthly' } })
    expect(again.status).toBe(409)
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'You already have the Premium plan. Use Manage billing to change it.',
    )

    // The upgrade reaches the alert rules at once: a 4th alert with WhatsApp.
    for (let i = 0; i < 3; i++) await createAlertVia(client, routeAlert({ name: `Alert ${i}` }))
    const fourth = await createAlertVia(client, { ...routeAlert({ name: 'Alert 3' }), notification_channels: { email: true, sms: false, whatsapp: true, push: false } })
    expect(fourth.notification_channels.whatsapp).toBe(true)
  })

  it('shows one account nothing of another account’s checkout', async () => {
    const owner = await signedInUser(t, 'owner')
    const other = await signedInUser(t, 'intruder')
    const { sessionId } = await checkout(owner.client, 'elite_yearly')
    expect((await other.client.request(`/api/billing/local/checkout/${sessionId}`)).status).toBe(404)
    expect((await other.client.request(`/api/billing/local/checkout/${sessionId}/pay`, { method: 'POST', json: GOOD_CARD })).status).toBe(404)
    expect((await subscription(other.client)).subscription_tier).toBe('free')
    expect((await subscription(owner.client)).subscription_tier).toBe('free')
  })
})

describe('local test mode: cancel, period end, reactivate', () => {
  it('cancels at period end, downgrades when the period ends (pausing over-cap alerts), and an upgrade resumes them', async () => {
    const { client, email } = await signedInUser(t, 'canceller')
    await subscribe(client, 'premium_monthly')
    const created: Alert[] = []
    for (let i = 0; i < 5; i++) created.push(await createAlertVia(client, routeAlert({ name: `Alert ${i}` })))

    const cancelled = await readJson<{ subscription: SubscriptionView }>(await client.request('/api/billing/cancel', { method: 'POST' }), 200)
    expect(cancelled.subscription).toMatchObject({ cancel_at_period_end: true, status: 'active' })
    // The plan stays until the period ends.
    expect((await subscription(client)).subscription_tier).toBe('premium')

    const ended = await readJson<SubscriptionResponse>(
      await admin.request('/api/admin/billing/advance-clock', { method: 'POST', json: { email } }),
      200,
    )
    expect(ended).toMatchObject({ subscription: null, subscription_tier: 'free', role: 'free' })
    const list = (await readJson<{ alerts: Alert[] }>(await client.request('/api/alerts?status=all'), 200)).alerts
    const status = new Map(list.map((a) => [a.name, a.status]))
    expect(['Alert 0', 'Alert 1', 'Alert 2', 'Alert 3', 'Alert 4'].map((n) => status.get(n))).toEqual(['active', 'active', 'active', 'paused', 'paused'])
    expect((await history(client)).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['cancel_scheduled', 'subscription_ended', 'tier_changed']),
    )
    const mail = await t.lastEmail(email)
    expect(mail?.subject).toBe('Your FareDrop plan is now Free')
    expect(mail?.text).toContain('we paused 2 alerts')

    // Subscribing again resumes the alerts the downgrade paused.
    await subscribe(client, 'elite_monthly')
    const again = (await readJson<{ alerts: Alert[] }>(await client.request('/api/alerts?status=all'), 200)).alerts
    expect(again.every((a) => a.status === 'active')).toBe(true)
    expect(again.find((a) => a.name === 'Alert 4')!.status_note).toBe('Resumed: the Elite plan has room for it again.')
  })

  it('reactivates a cancellation before the period ends, and then renews as usual', async () => {
    const { client, email } = await signedInUser(t, 'reactivator')
    await subscribe(client, 'elite_yearly')
    await client.request('/api/billing/cancel', { method: 'POST', json: {} })
    const back = await readJson<{ subscription: SubscriptionView }>(await client.request('/api/billing/reactivate', { method: 'POST' }), 200)
    expect(back.subscription.cancel_at_period_end).toBe(false)

    const before = (await subscription(client)).subscription!
    const renewed = await readJson<SubscriptionResponse>(await admin.request('/api/admin/billing/advance-clock', { method: 'POST', json: { email } }), 200)
    expect(renewed.subscription_tier).toBe('elite')
    expect(renewed.subscription!.id).toBe(before.id)
    expect(new Date(renewed.subscription!.current_period_end!).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000)
    expect((await history(client))[0]!.kind).toBe('renewed')
  })

  it('answers the spec messages when there is nothing to cancel or reactivate', async () => {
    const { client } = await signedInUser(t, 'nothing')
    const cancel = await client.request('/api/billing/cancel', { method: 'POST' })
    expect(cancel.status).toBe(404)
    expect(((await cancel.json()) as { error: { message: string } }).error.message).toBe('Failed to cancel subscription')
    const reactivate = await client.request('/api/billing/reactivate', { method: 'POST' })
    expect(((await reactivate.json()) as { error: { message: string } }).error.message).toBe('Failed to reactivate subscription')
    const portal = await client.request('/api/billing/portal', { method: 'POST' })
    expect(portal.status).toBe(404)
    expect(((await portal.json()) as { error: { message: string } }).error.message).toBe('Failed to create billing portal session')
  })
})

describe('local test mode: renewals on the server clock', () => {
  it('renews with a card whose renewals fail: past_due keeps the plan for the grace, a new card recovers it, and otherwise it ends', async () => {
    const start = new Date()
    t.now.value = start
    try {
      for (const fix of [true, false]) {
        const { client, email } = await signedInUser(t, fix ? 'renewal-fixed' : 'renewal-lapsed')
        const { sessionId } = await checkout(client, 'premium_monthly')
        await readJson(await client.request(`/api/billing/local/checkout/${sessionId}/pay`, { method: 'POST', json: { ...GOOD_CARD, number: '4000 0000 0000 0341' } }), 200)

        // A month and a minute later the worker's run (the reconciliation runs the same renewals) finds it due.
        t.now.value = new Date(start.getTime() + 32 * 86_400_000)
        const { report } = await readJson<{ report: { renewals: number } }>(await admin.request('/api/admin/billing/reconcile', { method: 'POST' }), 200)
        expect(report.renewals).toBeGreaterThanOrEqual(1)
        expect(await subscription(client)).toMatchObject({ subscription_tier: 'premium', subscription: { status: 'past_due' } })
        expect((await t.lastEmail(email))?.subject).toBe('Payment failed for your FareDrop Premium plan')

        if (fix) {
          const { url } = await readJson<{ url: string }>(await client.request('/api/billing/portal', { method: 'POST' }), 200)
          const portal = new URL(url).searchParams.get('session')!
          await readJson(await client.request(`/api/billing/local/portal/${portal}/card`, { method: 'POST', json: GOOD_CARD }), 200)
          expect((await subscription(client)).subscription).toMatchObject({ status: 'active' })
          expect((await history(client))[0]!.kind).toBe('payment_recovered')
        } else {
          t.now.value = new Date(start.getTime() + 47 * 86_400_000)
          await admin.request('/api/admin/billing/reconcile', { method: 'POST' })
          expect(await subscription(client)).toMatchObject({ subscription: null, subscription_tier: 'free' })
        }
        t.now.value = start
      }
    } finally {
      t.now.value = null
    }
  })
})

describe('local test mode: portal', () => {
  it('opens the local portal and switches monthly → yearly → Elite, each in the billing history', async () => {
    const { client } = await signedInUser(t, 'switcher')
    await subscribe(client, 'premium_monthly')
    const { url } = await readJson<{ url: string }>(await client.request('/api/billing/portal', { method: 'POST', json: { returnUrl: '/profile' } }), 200)
    const sessionId = new URL(url).searchParams.get('session')!
    expect(new URL(url).pathname).toBe('/billing/portal')
    const portal = await readJson<{ portal: { return_path: string; switch_to: string | null } }>(
      await client.request(`/api/billing/local/portal/${sessionId}`),
      200,
    )
    expect(portal.portal).toMatchObject({ return_path: '/profile', switch_to: null })

    const yearly = await readJson<{ subscription: SubscriptionView }>(
      await client.request(`/api/billing/local/portal/${sessionId}/switch`, { method: 'POST', json: { priceId: 'premium_yearly' } }),
      200,
    )
    expect(yearly.subscription.price_id).toBe('premium_yearly')
    await client.request(`/api/billing/local/portal/${sessionId}/switch`, { method: 'POST', json: { priceId: 'elite_yearly' } })
    expect(await subscription(client)).toMatchObject({ subscription_tier: 'elite', subscription: { price_id: 'elite_yearly' } })
    expect((await history(client)).filter((e) => e.kind === 'plan_switched').map((e) => e.price_id)).toEqual(['elite_yearly', 'premium_yearly'])

    // Opened for a switch: the portal names the price.
    const target = await readJson<{ url: string }>(
      await client.request('/api/billing/portal', { method: 'POST', json: { priceId: 'elite_monthly', returnUrl: '/profile?success=true' } }),
      200,
    )
    const targetId = new URL(target.url).searchParams.get('session')!
    expect((await readJson<{ portal: { switch_to: string } }>(await client.request(`/api/billing/local/portal/${targetId}`), 200)).portal.switch_to).toBe(
      'elite_monthly',
    )
    // Another user can't use it.
    const other = await signedInUser(t, 'portal-intruder')
    expect((await other.client.request(`/api/billing/local/portal/${targetId}/switch`, { method: 'POST', json: { priceId: 'premium_monthly' } })).status).toBe(404)
  })
})

describe('billing endpoints: refusals', () => {
  it('answers 401 "User must be authenticated" on every endpoint without a session', async () => {
    const anonymous = t.client()
    const calls: [string, string][] = [
      ['GET', '/api/billing/subscription'],
      ['GET', '/api/billing/history'],
      ['POST', '/api/billing/checkout'],
      ['POST', '/api/billing/cancel'],
      ['POST', '/api/billing/reactivate'],
      ['POST', '/api/billing/portal'],
      ['GET', '/api/billing/local/checkout/cs_test_local_x'],
      ['POST', '/api/billing/local/checkout/cs_test_local_x/pay'],
      ['GET', '/api/billing/local/portal/bps_test_local_x'],
      ['POST', '/api/billing/local/portal/bps_test_local_x/switch'],
    ]
    for (const [method, path] of calls) {
      const res = await anonymous.request(path, { method, ...(method === 'POST' ? { json: { priceId: 'premium_monthly' } } : {}) })
      expect(res.status, path).toBe(401)
      expect(((await res.json()) as { error: { message: string } }).error.message, path).toBe('User must be authenticated')
    }
  })

  it('refuses unknown plans and every off-site redirect', async () => {
    const { client } = await signedInUser(t, 'hostile')
    for (const priceId of ['', 'free', 'unlimited', 'premium_weekly', 'price_123', '__proto__']) {
      const res = await client.request('/api/billing/checkout', { method: 'POST', json: { priceId } })
      expect(res.status, priceId).toBe(400)
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('This plan is not yet available. Please check back soon!')
    }
    // A NUL is refused at the edge, for every route (http/input-guard.ts).
    const nul = await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly\u0000' } })
    expect(nul.status).toBe(400)
    expect(((await nul.json()) as { error: { message: string } }).error.message).toBe('Text may not contain NUL characters.')
    for (const successUrl of ['https://evil.example/', '//evil.example', '/\\evil.example', '/.//evil.example'.replace('/.//', '\\\\'), 'javascript:alert(1)', 'http://localhost:3999@evil.example/']) {
      const res = await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly', successUrl } })
      expect(res.status, successUrl).toBe(400)
      expect(((await res.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.successUrl).toEqual([
        'Redirect URLs must stay on FareDrop.',
      ])
    }
    const mode = await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly', mode: 'payment' } })
    expect(mode.status).toBe(400)
    const extra = await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly', userId: 'someone-else' } })
    expect(extra.status).toBe(400)
    const cancelBody = await client.request('/api/billing/cancel', { method: 'POST', json: { subscriptionId: 'x' } })
    expect(cancelBody.status).toBe(400)
  })

  it('refuses a flood of checkout sessions from one user (20 an hour), and nobody else is affected', async () => {
    const { client } = await signedInUser(t, 'flood')
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly' } })),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(20)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
    const refused = answers.find((res) => res.status === 429)!
    expect(refused.headers.get('retry-after')).toBe('600')
    expect((await refused.json()) as unknown).toMatchObject({ error: { message: 'Too many checkout attempts. Please try again in a few minutes.' } })
    const other = await signedInUser(t, 'bystander')
    expect((await other.client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly' } })).status).toBe(200)
  })

  it('keeps advance-clock and reconcile to admins', async () => {
    const { client, email } = await signedInUser(t, 'not-admin')
    expect((await client.request('/api/admin/billing/advance-clock', { method: 'POST', json: { email } })).status).toBe(403)
    expect((await client.request('/api/admin/billing/reconcile', { method: 'POST' })).status).toBe(403)
    expect((await t.client().request('/api/admin/billing/reconcile', { method: 'POST' })).status).toBe(401)
    const report = await readJson<{ report: { provider: string } }>(await admin.request('/api/admin/billing/reconcile', { method: 'POST' }), 200)
    expect(report.report.provider).toBe('local')
  })
})
