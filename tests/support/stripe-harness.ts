import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { billingCustomers, profiles, users } from '../../src/server/db/schema.ts'
import type { SubscriptionResponse } from '../../src/shared/billing.ts'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server.ts'
import { signedInUser } from './alert-fixtures.ts'
import { createTestApp, type TestApp, type TestClient } from './test-app.ts'

type Json = Record<string, unknown>

/** A test app billing through Stripe, with the Stripe API faked on loopback. */
export async function createStripeTestApp(vars: Record<string, string> = {}): Promise<{ t: TestApp; stripe: FakeStripe }> {
  const stripe = await startFakeStripe()
  const t = await createTestApp({ ...stripe.env(), ...vars })
  return { t, stripe }
}

/** POSTs a signed event to the webhook as Stripe would (no cookies, no Origin). */
export function deliver(t: TestApp, stripe: FakeStripe, event: Json, options: { timestamp?: number } = {}): Promise<Response> {
  const { payload, signature } = stripe.signed(event, options)
  return deliverRaw(t, payload, signature)
}

export async function deliverRaw(t: TestApp, payload: string, signature: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }
  if (signature !== null) headers['stripe-signature'] = signature
  return await t.app.request('/api/billing/stripe-webhook', { method: 'POST', headers, body: payload })
}

/** Delivers each event in order and expects every one to be taken (200). */
export async function deliverAll(t: TestApp, stripe: FakeStripe, events: Json[]): Promise<void> {
  for (const event of events) {
    const res = await deliver(t, stripe, event)
    expect(res.status, await res.clone().text()).toBe(200)
  }
}

export async function subscriptionOf(client: TestClient): Promise<SubscriptionResponse> {
  const res = await client.request('/api/billing/subscription')
  expect(res.status).toBe(200)
  return (await res.json()) as SubscriptionResponse
}

/** A signed-in user who went through Stripe Checkout for `priceId`; the events are not delivered yet. */
export async function checkedOutUser(t: TestApp, stripe: FakeStripe, priceId = 'premium_monthly', label = 'stripe') {
  const user = await signedInUser(t, label)
  const res = await user.client.request('/api/billing/checkout', { method: 'POST', json: { priceId } })
  expect(res.status, await res.clone().text()).toBe(200)
  const { sessionId } = (await res.json()) as { sessionId: string }
  const { subscription, events } = stripe.completeCheckout(sessionId)
  return { ...user, sessionId, subscriptionId: subscription.id as string, customerId: subscription.customer as string, events }
}

/**
 * A user with a Stripe customer, made straight in the database and the fake (no sign-up, no
 * checkout): for property tests that need hundreds of customers quickly.
 */
export async function stripeCustomer(t: TestApp, stripe: FakeStripe, label = 'prop'): Promise<{ userId: string; customerId: string }> {
  const userId = `user_${label}_${randomUUID()}`
  await t.database.db.insert(users).values({ id: userId, name: label, email: `${userId}@example.com`, emailVerified: true })
  await t.database.db.insert(profiles).values({ id: userId })
  const customerId = `cus_${randomUUID().replaceAll('-', '')}`
  stripe.customers.set(customerId, { id: customerId, object: 'customer', email: `${userId}@example.com`, metadata: { faredrop_user_id: userId } })
  await t.database.db.insert(billingCustomers).values({ userId, provider: 'stripe', customerId })
  return { userId, customerId }
}
