import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveEntitlement, type SubscriptionFacts } from '#shared/billing.ts'
import { PRICE_IDS, type PriceId } from '#shared/plans.ts'
import { checkedOutUser, createStripeTestApp, deliver, deliverRaw, stripeCustomer, subscriptionOf } from '#tests/support/stripe-harness.ts'
import type { TestApp } from '#tests/support/test-app.ts'
import type { FakeStripe } from '#tests/fakes/stripe-server.ts'
import { billingEvents, billingHistory, outboxMessages, profiles, subscriptions } from '../db/schema.ts'
import { mulberry32 } from '../flights/providers/simulator/hash.ts'
import { withBillingLock } from './entitlement.ts'
import { applyCustomerRead, takeSyncTicket } from './stripe/sync-stripe-customer.ts'

/**
 * Stripe's webhook under attack and under Stripe's own delivery rules (security targets P1–P3):
 * forged deliveries change nothing, duplicates apply once, and no order of (duplicated, late,
 * concurrent) deliveries leaves a tier that disagrees with the subscriptions Stripe holds.
 */

type Json = Record<string, unknown>
let t: TestApp
let stripe: FakeStripe
beforeAll(async () => {
  ;({ t, stripe } = await createStripeTestApp())
})
afterAll(async () => {
  await t.close()
  await stripe.close()
})

/** What Stripe holds for a customer, as the tier derivation reads it. */
function truth(customerId: string): { facts: (SubscriptionFacts & { id: string })[] } {
  const ours = new Map(Object.entries(stripe.prices).map(([priceId, stripePrice]) => [stripePrice, priceId]))
  const facts = [...stripe.subscriptions.values()]
    .filter((s) => s.customer === customerId)
    .map((s) => {
      const item = (s.items as { data: { price: { id: string }; current_period_start: number; current_period_end: number }[] }).data[0]!
      return {
        id: s.id as string,
        priceId: ours.get(item.price.id) ?? null,
        status: s.status as string,
        currentPeriodStart: new Date(item.current_period_start * 1000),
        currentPeriodEnd: new Date(item.current_period_end * 1000),
        cancelAtPeriodEnd: s.cancel_at_period_end as boolean,
      }
    })
  return { facts }
}

async function mirrorOf(customerId: string) {
  return t.database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerCustomerId, customerId)))
}

async function tierOf(userId: string) {
  const [row] = await t.database.db.select({ role: profiles.role, tier: profiles.subscriptionTier }).from(profiles).where(eq(profiles.id, userId))
  return row!
}

describe('P1: forged and mutated deliveries', () => {
  it('rejects 1,000 forged or mutated deliveries, all 4xx, with no database change and no call to Stripe', async () => {
    const user = await checkedOutUser(t, stripe, 'elite_monthly', 'forged')
    const genuine = stripe.signed(user.events[0]!)
    const { payload } = genuine
    const [, v1] = /v1=([0-9a-f]+)/.exec(genuine.signature)!
    const now = Math.floor(Date.now() / 1000)
    const random = mulberry32(20_261_125)
    const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
    const flipHex = (hex: string) => {
      const i = Math.floor(random() * hex.length)
      return hex.slice(0, i) + ((parseInt(hex[i]!, 16) + 1 + Math.floor(random() * 15)) % 16).toString(16) + hex.slice(i + 1)
    }
    const flipChar = (text: string) => {
      const i = Math.floor(random() * text.length)
      const c = text.charCodeAt(i)
      return text.slice(0, i) + String.fromCharCode(c === 126 ? 32 : c + 1) + text.slice(i + 1)
    }
    const mutations: [string, () => { payload: string; signature: string | null }][] = [
      ['bit-flipped signature', () => ({ payload, signature: `t=${now},v1=${flipHex(v1!)}` })],
      ['body changed after signing', () => ({ payload: flipChar(payload), signature: genuine.signature })],
      ['price swapped after signing', () => ({ payload: payload.replace(stripe.prices.elite_monthly, stripe.prices.premium_monthly), signature: genuine.signature })],
      ['re-serialised body', () => ({ payload: JSON.stringify(JSON.parse(payload)), signature: genuine.signature })],
      ['timestamp older than 5 minutes', () => ({ payload, signature: stripe.sign(payload, { timestamp: now - 301 - Math.floor(random() * 86_400 * 30) }) })],
      ['timestamp changed after signing', () => ({ payload, signature: genuine.signature.replace(/t=\d+/, `t=${now - 1 - Math.floor(random() * 200)}`) })],
      ['missing header', () => ({ payload, signature: null })],
      ['wrong secret', () => ({ payload, signature: stripe.sign(payload, { secret: `whsec_${Math.floor(random() * 1e12)}` }) })],
      ['other scheme only', () => ({ payload, signature: genuine.signature.replace('v1=', 'v0=') })],
      ['garbage header', () => ({ payload, signature: pick(['', 't=', 'v1=', `t=${now}`, `v1=${v1}`, 't=abc,v1=def', `t=${now},v1=`, 't=-1,v1=%00', 'x'.repeat(5_000)]) })],
      ['empty body', () => ({ payload: '', signature: stripe.sign('').replace(/v1=[0-9a-f]+/, `v1=${v1}`) })],
    ]
    const before = {
      events: (await t.database.db.select().from(billingEvents)).length,
      subscriptions: (await t.database.db.select().from(subscriptions)).length,
      history: (await t.database.db.select().from(billingHistory)).length,
      tier: await tierOf(user.userId),
    }
    stripe.requests.length = 0
    const statuses = new Map<number, number>()
    for (let i = 0; i < 1_000; i++) {
      const [, mutate] = mutations[i % mutations.length]!
      const delivery = mutate()
      const res = await deliverRaw(t, delivery.payload, delivery.signature)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    }
    expect([...statuses.keys()].every((status) => status >= 400 && status < 500), JSON.stringify([...statuses])).toBe(true)
    expect(stripe.requests).toEqual([])
    expect({
      events: (await t.database.db.select().from(billingEvents)).length,
      subscriptions: (await t.database.db.select().from(subscriptions)).length,
      history: (await t.database.db.select().from(billingHistory)).length,
      tier: await tierOf(user.userId),
    }).toEqual(before)
    // The genuine delivery still works.
    expect((await deliverRaw(t, payload, genuine.signature)).status).toBe(200)
    expect((await tierOf(user.userId)).tier).toBe('elite')
  })
})

describe('P2: duplicates', () => {
  it('applies each event once however often it arrives, one after another or all at once: 1 event row, 1 tier change, 1 email', async () => {
    for (const concurrent of [false, true]) {
      const user = await checkedOutUser(t, stripe, 'premium_monthly', concurrent ? 'dup-concurrent' : 'dup-sequential')
      const deliveries = user.events.flatMap((event, i) => Array.from({ length: 2 + ((i * 7 + (concurrent ? 1 : 0)) % 4) }, () => event))
      const results = concurrent
        ? await Promise.all(deliveries.map((event) => deliver(t, stripe, event)))
        : await deliveries.reduce<Promise<Response[]>>(async (acc, event) => [...(await acc), await deliver(t, stripe, event)], Promise.resolve([]))
      expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true)
      for (const event of user.events) {
        expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, event.id as string))).toHaveLength(1)
      }
      const changes = await t.database.db
        .select()
        .from(billingHistory)
        .where(and(eq(billingHistory.userId, user.userId), eq(billingHistory.kind, 'tier_changed')))
      expect(changes, concurrent ? 'concurrent' : 'sequential').toHaveLength(1)
      expect(await mirrorOf(user.customerId)).toHaveLength(1)
      await t.lastEmail(user.email)
      const emails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, user.email))
      expect(emails.filter((e) => e.subject === 'Your FareDrop plan is now Premium')).toHaveLength(1)
      expect((await subscriptionOf(user.client)).subscription_tier).toBe('premium')
    }
  })
})

describe('P3: ordering', () => {
  it('never applies an older read of Stripe over a newer one, whichever finishes last', async () => {
    const { userId, customerId } = await stripeCustomer(t, stripe, 'stale')
    const { subscription } = stripe.subscribe(customerId, stripe.prices.premium_monthly)
    const older = await takeSyncTicket(t.database.db, customerId)
    const olderRead = await (await import('./stripe/stripe-gateway.ts')).createStripeGateway(t.env)!.listCustomerSubscriptions(customerId)
    stripe.end(subscription.id as string)
    const newer = await takeSyncTicket(t.database.db, customerId)
    const newerRead = await (await import('./stripe/stripe-gateway.ts')).createStripeGateway(t.env)!.listCustomerSubscriptions(customerId)
    const now = new Date()
    await withBillingLock(t.database.db, userId, (tx) => applyCustomerRead(tx, { userId, customerId, ticket: newer!.ticket, subscriptions: newerRead }, now))
    const late = await withBillingLock(t.database.db, userId, (tx) => applyCustomerRead(tx, { userId, customerId, ticket: older!.ticket, subscriptions: olderRead }, now))
    expect(late.stale).toBe(true)
    expect((await mirrorOf(customerId))[0]!.status).toBe('canceled')
    expect((await tierOf(userId)).tier).toBe('free')
  })

  type Action =
    | { kind: 'renew' | 'fail' | 'recover' | 'cancel' | 'uncancel' | 'end' }
    | { kind: 'switch' | 'resubscribe'; price: PriceId }
  const priceArb = fc.constantFrom(...PRICE_IDS)
  const actionArb: fc.Arbitrary<Action> = fc.oneof(
    fc.constantFrom<Action>({ kind: 'renew' }, { kind: 'fail' }, { kind: 'recover' }, { kind: 'cancel' }, { kind: 'uncancel' }, { kind: 'end' }),
    fc.record({ kind: fc.constantFrom('switch' as const, 'resubscribe' as const), price: priceArb }),
  )

  /** Plays one action on Stripe's side; the events it would send, or none when it doesn't apply now. */
  function play(customerId: string, action: Action): Json[] {
    const live = [...stripe.subscriptions.values()].filter((s) => s.customer === customerId && ['active', 'past_due', 'trialing'].includes(s.status as string))
    const sub = live[0]
    const id = sub?.id as string
    switch (action.kind) {
      case 'resubscribe':
        return sub ? [] : stripe.subscribe(customerId, stripe.prices[action.price]).events
      case 'renew':
        return sub?.status === 'active' ? stripe.renew(id) : []
      case 'fail':
        return sub?.status === 'active' ? stripe.failPayment(id) : []
      case 'recover':
        return sub?.status === 'past_due' ? stripe.recoverPayment(id) : []
      case 'cancel':
        return sub && !sub.cancel_at_period_end ? stripe.update(id, { cancel_at_period_end: true }) : []
      case 'uncancel':
        return sub?.cancel_at_period_end ? stripe.update(id, { cancel_at_period_end: false }) : []
      case 'switch':
        return sub ? stripe.update(id, { price: stripe.prices[action.price] }) : []
      case 'end':
        return sub ? stripe.end(id) : []
    }
  }

  it('ends every shuffled, duplicated, concurrent delivery of a scenario in the state Stripe holds (200 seeded runs)', async () => {
    let runs = 0
    // Reads finish out of order: each answer waits 0–3 ms.
    const random = mulberry32(7)
    stripe.answerDelay = () => Math.floor(random() * 4)
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    try {
      await fc.assert(
        fc.asyncProperty(
          priceArb,
          fc.array(actionArb, { minLength: 1, maxLength: 6 }),
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          async (firstPrice, actions, seed) => {
            runs++
            const rand = mulberry32(seed)
            const { userId, customerId } = await stripeCustomer(t, stripe)
            // Every event 2–5 times, taken in random order by three concurrent deliverers while
            // Stripe's side keeps changing: a slow read of an older state can finish after a
            // newer one, as on the internet.
            const pending: Json[] = []
            const enqueue = (events: Json[]) => {
              for (const event of events) for (let copies = 2 + Math.floor(rand() * 4); copies > 0; copies--) pending.push(event)
            }
            let acting = true
            const statuses: number[] = []
            const deliverer = async () => {
              while (acting || pending.length > 0) {
                if (pending.length === 0) {
                  await pause(1)
                  continue
                }
                const [event] = pending.splice(Math.floor(rand() * pending.length), 1)
                statuses.push((await deliver(t, stripe, event!)).status)
              }
            }
            const actor = async () => {
              enqueue(stripe.subscribe(customerId, stripe.prices[firstPrice]).events)
              for (const action of actions) {
                await pause(Math.floor(rand() * 6))
                enqueue(play(customerId, action))
              }
              acting = false
            }
            await Promise.all([actor(), deliverer(), deliverer(), deliverer()])
            expect(statuses.every((status) => status === 200)).toBe(true)

            const { facts } = truth(customerId)
            const expected = deriveEntitlement({ role: 'free', grantedTier: null, subscriptions: facts, now: new Date() })
            expect(await tierOf(userId)).toEqual({ role: expected.role, tier: expected.subscriptionTier })
            const mirror = new Map((await mirrorOf(customerId)).map((row) => [row.providerSubscriptionId, row]))
            expect(mirror.size).toBe(facts.length)
            for (const fact of facts) {
              expect(mirror.get(fact.id)).toMatchObject({
                status: fact.status,
                priceId: fact.priceId,
                cancelAtPeriodEnd: fact.cancelAtPeriodEnd,
                currentPeriodEnd: fact.currentPeriodEnd,
              })
            }
          },
        ),
        { numRuns: 200, seed: 20_261_125, endOnFailure: true },
      )
    } finally {
      stripe.answerDelay = () => 0
    }
    expect(runs).toBe(200)
  }, 240_000)
})
