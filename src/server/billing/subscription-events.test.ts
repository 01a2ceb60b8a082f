import { describe, expect, it } from 'vitest'
import { subscriptionEvents, type SubscriptionState } from './subscription-events.ts'

const t0 = new Date('2026-11-01T00:00:00Z')
const t1 = new Date('2026-12-01T00:00:00Z')
const state = (change: Partial<SubscriptionState> = {}): SubscriptionState => ({
  priceId: 'premium_monthly',
  status: 'active',
  currentPeriodStart: t0,
  cancelAtPeriodEnd: false,
  ...change,
})

describe('billing history from state changes', () => {
  it('names each change once, and nothing when nothing changed (a duplicate delivery)', () => {
    expect(subscriptionEvents(null, state())).toEqual(['subscription_started'])
    expect(subscriptionEvents(null, state({ status: 'incomplete' }))).toEqual([])
    expect(subscriptionEvents(state({ status: 'incomplete' }), state())).toEqual(['subscription_started'])
    expect(subscriptionEvents(state(), state())).toEqual([])
    expect(subscriptionEvents(state(), state({ cancelAtPeriodEnd: true }))).toEqual(['cancel_scheduled'])
    expect(subscriptionEvents(state({ cancelAtPeriodEnd: true }), state())).toEqual(['reactivated'])
    expect(subscriptionEvents(state(), state({ priceId: 'elite_monthly' }))).toEqual(['plan_switched'])
    expect(subscriptionEvents(state(), state({ priceId: 'premium_yearly', currentPeriodStart: t1 }))).toEqual(['plan_switched'])
    expect(subscriptionEvents(state(), state({ currentPeriodStart: t1 }))).toEqual(['renewed'])
    expect(subscriptionEvents(state(), state({ status: 'past_due', currentPeriodStart: t1 }))).toEqual(['payment_failed'])
    expect(subscriptionEvents(state({ status: 'past_due' }), state())).toEqual(['payment_recovered'])
    expect(subscriptionEvents(state({ status: 'unpaid' }), state())).toEqual(['payment_recovered'])
    expect(subscriptionEvents(state(), state({ status: 'canceled' }))).toEqual(['subscription_ended'])
    expect(subscriptionEvents(state({ status: 'canceled' }), state({ status: 'canceled' }))).toEqual([])
  })
})
