// The spec's prices (section 3). Apart from billing.ts so that the landing page's pricing cards load
// only this (decision 019); billing.ts re-exports it for the server.
import { getPlan, PRICE_IDS, type BillingInterval, type PlanId, type PriceId } from './plans.ts'

export type PaidPlanId = Extract<PlanId, 'premium' | 'elite'>

export interface PriceFacts {
  id: PriceId
  plan: PaidPlanId
  interval: BillingInterval
  amount: number
  currency: 'usd'
}

/** What each price id sells. */
export const PRICES: Record<PriceId, PriceFacts> = {
  premium_monthly: { id: 'premium_monthly', plan: 'premium', interval: 'month', amount: 3.99, currency: 'usd' },
  premium_yearly: { id: 'premium_yearly', plan: 'premium', interval: 'year', amount: 36, currency: 'usd' },
  elite_monthly: { id: 'elite_monthly', plan: 'elite', interval: 'month', amount: 7.99, currency: 'usd' },
  elite_yearly: { id: 'elite_yearly', plan: 'elite', interval: 'year', amount: 72, currency: 'usd' },
}

export function isPriceId(value: unknown): value is PriceId {
  return typeof value === 'string' && (PRICE_IDS as readonly string[]).includes(value)
}

/** "Premium · monthly" */
export function priceLabel(priceId: PriceId): string {
  const price = PRICES[priceId]
  return `${getPlan(price.plan).name} · ${price.interval === 'month' ? 'monthly' : 'yearly'}`
}
