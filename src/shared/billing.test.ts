import { describe, expect, it } from 'vitest'
import { currentSubscription, deriveEntitlement, isPriceId, SUBSCRIPTION_STATUSES, tierForSubscription, type SubscriptionFacts } from './billing.ts'

const now = new Date('2026-11-25T12:00:00Z')
const day = 86_400_000
const sub = (change: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  priceId: 'premium_monthly',
  status: 'active',
  currentPeriodStart: new Date(now.getTime() - 10 * day),
  currentPeriodEnd: new Date(now.getTime() + 20 * day),
  cancelAtPeriodEnd: false,
  ...change,
})
const derive = (subscriptions: SubscriptionFacts[], extra: { role?: string; grantedTier?: 'premium' | 'elite' | 'unlimited' | null } = {}) =>
  deriveEntitlement({ role: extra.role ?? 'free', grantedTier: extra.grantedTier ?? null, subscriptions, now })

describe('tier derivation (decision 017)', () => {
  it('gives the plan for every status that still pays, and nothing for the rest', () => {
    const expected: Record<string, string> = {
      active: 'premium',
      trialing: 'premium',
      past_due: 'premium',
      unpaid: 'free',
      canceled: 'free',
      incomplete: 'free',
      incomplete_expired: 'free',
      paused: 'free',
    }
    for (const status of SUBSCRIPTION_STATUSES) expect(tierForSubscription(sub({ status }), now), status).toBe(expected[status])
    expect(tierForSubscription(sub({ status: 'some_future_status' }), now)).toBe('free')
  })

  it('keeps a cancel-at-period-end subscription until its period ends, not after', () => {
    expect(tierForSubscription(sub({ cancelAtPeriodEnd: true }), now)).toBe('premium')
    expect(tierForSubscription(sub({ cancelAtPeriodEnd: true, currentPeriodEnd: now }), now)).toBe('free')
    // Without the cancellation an elapsed period is Stripe's to renew: the plan stays.
    expect(tierForSubscription(sub({ currentPeriodEnd: new Date(now.getTime() - day) }), now)).toBe('premium')
  })

  it('keeps a past_due subscription for the 14-day grace from the unpaid period, then not', () => {
    expect(tierForSubscription(sub({ status: 'past_due', currentPeriodStart: new Date(now.getTime() - 13 * day) }), now)).toBe('premium')
    expect(tierForSubscription(sub({ status: 'past_due', currentPeriodStart: new Date(now.getTime() - 14 * day) }), now)).toBe('free')
  })

  it('maps prices to plans and ignores prices we do not sell', () => {
    expect(tierForSubscription(sub({ priceId: 'elite_yearly' }), now)).toBe('elite')
    expect(tierForSubscription(sub({ priceId: 'price_1Abc' }), now)).toBe('free')
    expect(tierForSubscription(sub({ priceId: null }), now)).toBe('free')
  })

  it('takes the best of several subscriptions and of an admin grant; admins stay admin', () => {
    expect(derive([sub({ priceId: 'premium_yearly' }), sub({ priceId: 'elite_monthly' }), sub({ priceId: 'elite_yearly', status: 'canceled' })])).toEqual({
      role: 'elite',
      subscriptionTier: 'elite',
    })
    expect(derive([sub({ status: 'canceled' }), sub({ status: 'incomplete', priceId: 'elite_monthly' })])).toEqual({ role: 'free', subscriptionTier: 'free' })
    expect(derive([sub()], { grantedTier: 'unlimited' })).toEqual({ role: 'unlimited', subscriptionTier: 'unlimited' })
    expect(derive([sub({ priceId: 'elite_monthly' })], { grantedTier: 'premium' })).toEqual({ role: 'elite', subscriptionTier: 'elite' })
    expect(derive([sub()], { role: 'admin' })).toEqual({ role: 'admin', subscriptionTier: 'premium' })
    expect(derive([], { role: 'admin' })).toEqual({ role: 'admin', subscriptionTier: 'free' })
    // A role left over from before (premium with nothing paying for it) does not survive.
    expect(derive([], { role: 'premium' })).toEqual({ role: 'free', subscriptionTier: 'free' })
  })

  it('names the newest subscription that still pays as the current one', () => {
    const older = { ...sub({ priceId: 'premium_monthly' }), createdAt: new Date(now.getTime() - 40 * day) }
    const newer = { ...sub({ priceId: 'elite_monthly' }), createdAt: new Date(now.getTime() - 5 * day) }
    const ended = { ...sub({ status: 'canceled' }), createdAt: now }
    expect(currentSubscription([older, ended, newer], now)).toBe(newer)
    expect(currentSubscription([ended], now)).toBeNull()
  })

  it('accepts exactly the four price ids of the spec', () => {
    expect(['premium_monthly', 'premium_yearly', 'elite_monthly', 'elite_yearly'].every(isPriceId)).toBe(true)
    for (const bad of ['free_monthly', 'unlimited', 'PREMIUM_MONTHLY', 'premium_monthly ', '', null, 3, '__proto__', 'toString']) expect(isPriceId(bad)).toBe(false)
  })
})

describe('what a plan unlocks', () => {
  it('reads as one sentence part, keeping acronyms and brand names', async () => {
    const { getPlan } = await import('./plans.ts')
    const { planUnlocks } = await import('./billing.ts')
    expect(planUnlocks(getPlan('premium'))).toBe('up to 15 price alerts, checks every 12 hours, email and WhatsApp notifications, international business and first class alerts')
    expect(planUnlocks(getPlan('elite'))).toContain('email, WhatsApp, SMS and push notifications, international business')
  })
})
