import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Alert } from '#shared/alerts/alert.ts'
import { readJson, routeAlert, signedInUser } from '#tests/support/alert-fixtures.ts'
import { checkedOutUser, createStripeTestApp, deliverAll, subscriptionOf } from '#tests/support/stripe-harness.ts'
import type { TestApp, TestClient } from '#tests/support/test-app.ts'
import type { FakeStripe } from '#tests/fakes/stripe-server.ts'

/**
 * Security target P6: the quota a payment buys holds under a race. 200 concurrent creates leave
 * exactly 3, 15 and 30 alerts for Free, Premium and Elite (plans bought through Stripe), and one
 * webhook that ends a subscription leaves no more running alerts than the lower plan allows.
 */

let t: TestApp
let stripe: FakeStripe
beforeAll(async () => {
  ;({ t, stripe } = await createStripeTestApp())
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

async function flood(client: TestClient, count: number): Promise<number> {
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) => client.request('/api/alerts', { method: 'POST', json: routeAlert({ name: `Race ${i}` }) })),
  )
  expect(results.every((res) => res.status === 201 || res.status === 403)).toBe(true)
  return results.filter((res) => res.status === 201).length
}

const running = async (client: TestClient) =>
  (await readJson<{ alerts: Alert[] }>(await client.request('/api/alerts?status=all'), 200)).alerts.filter((a) => a.status !== 'paused').length

describe('P6: tier quotas under a race', () => {
  it('lets exactly 3 / 15 / 30 of 200 concurrent creates through for Free / Premium / Elite', async () => {
    const free = await signedInUser(t, 'race-free')
    const premium = await checkedOutUser(t, stripe, 'premium_monthly', 'race-premium')
    const elite = await checkedOutUser(t, stripe, 'elite_yearly', 'race-elite')
    await deliverAll(t, stripe, [...premium.events, ...elite.events])
    expect(await flood(free.client, 200)).toBe(3)
    expect(await flood(premium.client, 200)).toBe(15)
    expect(await flood(elite.client, 200)).toBe(30)

    // Elite ends: one webhook, and at most Free's 3 alerts still run (the rest paused, none deleted).
    await deliverAll(t, stripe, stripe.end(elite.subscriptionId))
    expect((await subscriptionOf(elite.client)).subscription_tier).toBe('free')
    expect(await running(elite.client)).toBe(3)
    const all = (await readJson<{ alerts: Alert[] }>(await elite.client.request('/api/alerts?status=all'), 200)).alerts
    expect(all).toHaveLength(30)
  }, 120_000)
})
