import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BillingHistoryEntry, SubscriptionView } from '#shared/billing.ts'
import type { Alert } from '#shared/alerts/alert.ts'
import { createAlertVia, readJson, routeAlert, signedInUser } from '#tests/support/alert-fixtures.ts'
import { checkedOutUser, createStripeTestApp, deliver, deliverAll, deliverRaw, subscriptionOf } from '#tests/support/stripe-harness.ts'
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts'
import type { FakeStripe } from '#tests/fakes/stripe-server.ts'
import { billingEvents, profiles, subscriptions } from '../db/schema.ts'

/**
 * The Stripe driver against a local fake of Stripe's API (the real `stripe` SDK over HTTP on
 * loopback), with events signed as Stripe signs them: checkout, webhooks, cancel/reactivate,
 * portal, failures, retries (P4) and reconciliation (P5).
 */

let t: TestApp
let stripe: FakeStripe
let admin: TestClient
beforeAll(async () => {
  ;({ t, stripe } = await createStripeTestApp())
  const a = await signedInUser(t, 'stripe-admin')
  await t.database.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, a.userId))
  admin = a.client
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})
beforeEach(() => {
  stripe.requests.length = 0
})

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error
const history = async (client: TestClient) =>
  (await readJson<{ events: BillingHistoryEntry[] }>(await client.request('/api/billing/history'), 200)).events.map((e) => e.kind)

describe('Stripe: checkout', () => {
  it('creates one Stripe customer per user and a subscription-mode Checkout Session on our own URLs', async () => {
    const { client, userId, email } = await signedInUser(t, 'checkout')
    const first = await readJson<{ sessionId: string; url: string }>(
      await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'elite_yearly', metadata: { campaign: 'winter' } } }),
      200,
    )
    expect(first.url).toBe(`https://checkout.stripe.com/c/pay/${first.sessionId}`)
    const session = stripe.checkoutSessions.get(first.sessionId)!
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      success_url: 'http://localhost:3999/profile?success=true',
      cancel_url: 'http://localhost:3999/profile',
      metadata: { campaign: 'winter', faredrop_user_id: userId, price_id: 'elite_yearly' },
    })
    expect((session._line as { price: string }).price).toBe(stripe.prices.elite_yearly)
    expect(stripe.customers.get(session.customer as string)).toMatchObject({ email, metadata: { faredrop_user_id: userId } })

    // The second checkout (the first was abandoned) reuses the customer.
    const second = await readJson<{ sessionId: string }>(await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly' } }), 200)
    expect(stripe.checkoutSessions.get(second.sessionId)!.customer).toBe(session.customer)
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1)
  })

  it('grants the plan from the webhook, not the success page, and raises the alert cap at once', async () => {
    const user = await checkedOutUser(t, stripe, 'premium_monthly', 'paid')
    // Back on the success page before Stripe's events arrive: still Free.
    expect((await subscriptionOf(user.client)).subscription_tier).toBe('free')

    await deliverAll(t, stripe, user.events)
    const after = await subscriptionOf(user.client)
    expect(after).toMatchObject({
      role: 'premium',
      subscription_tier: 'premium',
      billing: { provider: 'stripe', testMode: true },
      subscription: { price_id: 'premium_monthly', status: 'active', cancel_at_period_end: false, provider: 'stripe' },
    })
    const item = (stripe.subscriptions.get(user.subscriptionId)!.items as { data: { current_period_end: number }[] }).data[0]!
    expect(after.subscription!.current_period_end).toBe(new Date(item.current_period_end * 1000).toISOString())
    expect(await history(user.client)).toEqual(expect.arrayContaining(['subscription_started', 'tier_changed']))
    expect((await t.lastEmail(user.email))?.subject).toBe('Your FareDrop plan is now Premium')

    for (let i = 0; i < 3; i++) await createAlertVia(user.client, routeAlert({ name: `Alert ${i}` }))
    const fourth = await createAlertVia(user.client, { ...routeAlert({ name: 'Alert 3' }), notification_channels: { email: true, sms: false, whatsapp: true, push: false } })
    expect(fourth.notification_channels.whatsapp).toBe(true)
  })

  it('answers "This plan is not yet available" for a missing or placeholder Stripe price', async () => {
    const other = await createTestApp({ ...stripe.env(), STRIPE_PRICE_ELITE_YEARLY: '', STRIPE_PRICE_PREMIUM_YEARLY: 'price_placeholder' })
    try {
      const { client } = await signedInUser(other, 'unavailable')
      for (const priceId of ['elite_yearly', 'premium_yearly']) {
        const res = await client.request('/api/billing/checkout', { method: 'POST', json: { priceId } })
        expect(res.status).toBe(400)
        expect((await errorOf(res)).message).toBe('This plan is not yet available. Please check back soon!')
      }
      expect((await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'elite_monthly' } })).status).toBe(200)
    } finally {
      await other.close()
    }
  })

  it('answers "Failed to create checkout session" when Stripe fails, after the SDK retried', async () => {
    const { client } = await signedInUser(t, 'stripe-down')
    stripe.respondWith({ match: /^POST \/v1\/checkout\/sessions$/, status: 500, times: 3 })
    const res = await client.request('/api/billing/checkout', { method: 'POST', json: { priceId: 'premium_monthly' } })
    expect(res.status).toBe(502)
    expect((await errorOf(res)).message).toBe('Failed to create checkout session')
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.status)).toEqual([500, 500, 500])
    // The SDK's retries carry one idempotency key, so Stripe could not create two sessions.
    expect(new Set(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.idempotencyKey)).size).toBe(1)
  })
})

describe('Stripe: cancel, reactivate, period end', () => {
  it('cancels at period end on Stripe, reactivates, and downgrades when Stripe ends the subscription', async () => {
    const user = await checkedOutUser(t, stripe, 'elite_monthly', 'stripe-cancel')
    await deliverAll(t, stripe, user.events)
    const created: Alert[] = []
    for (let i = 0; i < 5; i++) created.push(await createAlertVia(user.client, routeAlert({ name: `Alert ${i}` })))

    const cancelled = await readJson<{ subscription: SubscriptionView }>(await user.client.request('/api/billing/cancel', { method: 'POST' }), 200)
    expect(cancelled.subscription.cancel_at_period_end).toBe(true)
    expect(stripe.subscriptions.get(user.subscriptionId)!.cancel_at_period_end).toBe(true)
    expect((await subscriptionOf(user.client)).subscription_tier).toBe('elite')

    const back = await readJson<{ subscription: SubscriptionView }>(await user.client.request('/api/billing/reactivate', { method: 'POST' }), 200)
    expect(back.subscription.cancel_at_period_end).toBe(false)
    expect(stripe.subscriptions.get(user.subscriptionId)!.cancel_at_period_end).toBe(false)

    // Cancelled again, this time in Stripe's portal (which may set a date instead of the flag).
    const periodEnd = (stripe.subscriptions.get(user.subscriptionId)!.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end
    stripe.subscriptions.get(user.subscriptionId)!.cancel_at = periodEnd
    await deliverAll(t, stripe, stripe.update(user.subscriptionId, {}))
    expect((await subscriptionOf(user.client)).subscription).toMatchObject({ cancel_at_period_end: true, current_period_end: new Date(periodEnd * 1000).toISOString() })
    await readJson(await user.client.request('/api/billing/reactivate', { method: 'POST' }), 200)
    expect(stripe.subscriptions.get(user.subscriptionId)!.cancel_at).toBeNull()

    await user.client.request('/api/billing/cancel', { method: 'POST' })
    await deliverAll(t, stripe, stripe.end(user.subscriptionId))
    expect(await subscriptionOf(user.client)).toMatchObject({ subscription: null, subscription_tier: 'free', role: 'free' })
    const alerts = (await readJson<{ alerts: Alert[] }>(await user.client.request('/api/alerts?status=all'), 200)).alerts
    expect(alerts.filter((a) => a.status === 'paused').map((a) => a.name).sort()).toEqual(['Alert 3', 'Alert 4'])
    expect(await history(user.client)).toEqual(expect.arrayContaining(['cancel_scheduled', 'reactivated', 'subscription_ended']))
  })

  it('keeps the plan through a failed renewal (past_due) and says so, then recovers', async () => {
    const user = await checkedOutUser(t, stripe, 'premium_yearly', 'past-due')
    await deliverAll(t, stripe, user.events)
    await deliverAll(t, stripe, stripe.failPayment(user.subscriptionId))
    expect(await subscriptionOf(user.client)).toMatchObject({ subscription_tier: 'premium', subscription: { status: 'past_due' } })
    expect((await t.lastEmail(user.email))?.subject).toBe('Payment failed for your FareDrop Premium plan')
    await deliverAll(t, stripe, stripe.recoverPayment(user.subscriptionId))
    expect((await subscriptionOf(user.client)).subscription!.status).toBe('active')
    expect(await history(user.client)).toEqual(expect.arrayContaining(['payment_failed', 'payment_recovered']))
  })

  it('answers the spec messages when Stripe refuses a cancel or reactivate', async () => {
    const user = await checkedOutUser(t, stripe, 'premium_monthly', 'refused')
    await deliverAll(t, stripe, user.events)
    stripe.respondWith({ match: /^POST \/v1\/subscriptions\//, status: 400, message: 'No such subscription', type: 'invalid_request_error', times: 1 })
    const cancel = await user.client.request('/api/billing/cancel', { method: 'POST' })
    expect(cancel.status).toBe(502)
    expect((await errorOf(cancel)).message).toBe('Failed to cancel subscription')
    await user.client.request('/api/billing/cancel', { method: 'POST' })
    stripe.respondWith({ match: /^GET \/v1\/subscriptions\//, status: 400, times: 1 })
    const reactivate = await user.client.request('/api/billing/reactivate', { method: 'POST' })
    expect((await errorOf(reactivate)).message).toBe('Failed to reactivate subscription')
  })
})

describe('Stripe: customer portal', () => {
  it("opens Stripe's portal for the user's customer, and straight on a plan switch when a price is chosen", async () => {
    const user = await checkedOutUser(t, stripe, 'premium_monthly', 'portal')
    await deliverAll(t, stripe, user.events)
    const plain = await readJson<{ url: string }>(await user.client.request('/api/billing/portal', { method: 'POST' }), 200)
    expect(plain.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//)
    const sessions = [...stripe.portalSessions.values()]
    expect(sessions.at(-1)).toMatchObject({ customer: user.customerId, return_url: 'http://localhost:3999/profile', flow: null })

    await readJson(await user.client.request('/api/billing/portal', { method: 'POST', json: { priceId: 'elite_monthly', returnUrl: '/profile?success=true' } }), 200)
    const item = (stripe.subscriptions.get(user.subscriptionId)!.items as { data: { id: string }[] }).data[0]!
    expect([...stripe.portalSessions.values()].at(-1)!.flow).toEqual({
      type: 'subscription_update_confirm',
      subscription_update_confirm: { subscription: user.subscriptionId, items: [{ id: item.id, price: stripe.prices.elite_monthly, quantity: '1' }] },
      after_completion: { type: 'redirect', redirect: { return_url: 'http://localhost:3999/profile?success=true' } },
    })
    // The customer confirms in the portal; Stripe's event brings the switch here.
    await deliverAll(t, stripe, stripe.update(user.subscriptionId, { price: stripe.prices.elite_monthly }))
    expect(await subscriptionOf(user.client)).toMatchObject({ subscription_tier: 'elite', subscription: { price_id: 'elite_monthly' } })
    expect(await history(user.client)).toContain('plan_switched')

    const offSite = await user.client.request('/api/billing/portal', { method: 'POST', json: { returnUrl: 'https://evil.example/' } })
    expect(offSite.status).toBe(400)
    stripe.respondWith({ match: /^POST \/v1\/billing_portal\/sessions$/, status: 400, times: 1 })
    const failed = await user.client.request('/api/billing/portal', { method: 'POST' })
    expect((await errorOf(failed)).message).toBe('Failed to create billing portal session')
  })
})

describe('Stripe: webhooks and repairs', () => {
  it('refuses unsigned and badly signed deliveries with no change, and the local test mode has no webhook', async () => {
    const before = (await t.database.db.select().from(billingEvents)).length
    expect((await deliverRaw(t, '{}', null)).status).toBe(400)
    expect((await deliverRaw(t, '{"id":"evt_1"}', 't=1,v1=00')).status).toBe(400)
    expect((await t.database.db.select().from(billingEvents)).length).toBe(before)
    const local = await createTestApp()
    try {
      const res = await local.app.request('/api/billing/stripe-webhook', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=00' },
      })
      expect(res.status).toBe(404)
    } finally {
      await local.close()
    }
  })

  it('P4: a delivery whose Stripe read fails answers 5xx, leaves nothing half-done, and its retry applies', async () => {
    const user = await checkedOutUser(t, stripe, 'premium_monthly', 'retry')
    stripe.respondWith({ match: /^GET \/v1\/subscriptions$/, status: 500, times: 3 })
    const first = await deliver(t, stripe, user.events[0]!)
    expect(first.status).toBe(500)
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, user.events[0]!.id as string))).toEqual([])
    expect((await subscriptionOf(user.client)).subscription_tier).toBe('free')
    // Stripe retries later: applied once.
    expect((await deliver(t, stripe, user.events[0]!)).status).toBe(200)
    expect((await subscriptionOf(user.client)).subscription_tier).toBe('premium')
  })

  it('ends the subscriptions of a customer deleted in the Dashboard', async () => {
    const user = await checkedOutUser(t, stripe, 'premium_monthly', 'deleted')
    await deliverAll(t, stripe, user.events)
    await deliverAll(t, stripe, stripe.deleteCustomer(user.customerId))
    expect((await subscriptionOf(user.client)).subscription_tier).toBe('free')
  })

  it('P5: the reconciliation repairs missed events, a hand-edited mirror and a drifted tier in one run, then finds nothing', async () => {
    const missed = await checkedOutUser(t, stripe, 'premium_monthly', 'missed') // events never delivered
    const edited = await checkedOutUser(t, stripe, 'elite_monthly', 'edited')
    await deliverAll(t, stripe, edited.events)
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.providerSubscriptionId, edited.subscriptionId))
    const drifted = await checkedOutUser(t, stripe, 'premium_yearly', 'drifted')
    await deliverAll(t, stripe, drifted.events)
    await t.database.db.update(profiles).set({ role: 'elite', subscriptionTier: 'elite' }).where(eq(profiles.id, drifted.userId))
    stripe.update(drifted.subscriptionId, { cancel_at_period_end: true }) // and a change whose event was lost

    const { report } = await readJson<{ report: Record<string, number | string> }>(await admin.request('/api/admin/billing/reconcile', { method: 'POST' }), 200)
    expect(report).toMatchObject({ provider: 'stripe', customersRepaired: 3 })
    expect((await subscriptionOf(missed.client)).subscription_tier).toBe('premium')
    expect((await subscriptionOf(edited.client)).subscription).toMatchObject({ status: 'active', price_id: 'elite_monthly' })
    expect(await subscriptionOf(drifted.client)).toMatchObject({ subscription_tier: 'premium', subscription: { cancel_at_period_end: true } })

    const again = await readJson<{ report: Record<string, number> }>(await admin.request('/api/admin/billing/reconcile', { method: 'POST' }), 200)
    expect(again.report).toMatchObject({ customersRepaired: 0, tiersRepaired: 0 })
  })

  it('cancels the Stripe subscription at once when the account is deleted, and keeps the account if Stripe is unreachable', async () => {
    const user = await checkedOutUser(t, stripe, 'premium_monthly', 'deleting')
    await deliverAll(t, stripe, user.events)
    stripe.respondWith({ match: /^DELETE \/v1\/subscriptions\//, status: 500, times: 3 })
    const refused = await user.client.request('/api/auth/delete-user', { method: 'POST', json: { password: 'correct horse' } })
    expect(refused.status).toBe(502)
    expect((await subscriptionOf(user.client)).subscription_tier).toBe('premium')

    const deleted = await user.client.request('/api/auth/delete-user', { method: 'POST', json: { password: 'correct horse' } })
    expect(deleted.status).toBe(200)
    expect(stripe.subscriptions.get(user.subscriptionId)!.status).toBe('canceled')
    // Stripe's event for it finds no user any more: recorded and ignored.
    const late = await deliver(t, stripe, { id: 'evt_after_delete', object: 'event', type: 'customer.subscription.deleted', data: { object: stripe.subscriptions.get(user.subscriptionId)! } })
    expect(await late.json()).toEqual({ received: true, result: 'ignored' })
  })

  it("refuses to advance a Stripe subscription's clock (Stripe keeps its own)", async () => {
    const res = await admin.request('/api/admin/billing/advance-clock', { method: 'POST', json: { userId: 'anyone' } })
    expect(res.status).toBe(409)
  })
})
