import { subscriptionEntitles, type SubscriptionFacts } from '#shared/billing.ts'
import { PLANS, type PriceId } from '#shared/plans.ts'

/** What one subscription to a price brings in a month, in dollars (a yearly price counts a twelfth). */
export function monthlyValue(priceId: string | null): number {
  for (const plan of PLANS) {
    if (plan.monthlyPriceId === priceId) return plan.monthlyPrice ?? 0
    if (plan.yearlyPriceId === priceId) return (plan.yearlyPrice ?? 0) / 12
  }
  return 0
}

const cents = (dollars: number) => Math.round(dollars * 100) / 100

export interface RevenueSubscription extends SubscriptionFacts {
  createdAt: Date
  endedAt: Date | null
}

/** Monthly recurring revenue at `at`: every subscription that entitles then, by price. */
export function recurringRevenue(subs: readonly RevenueSubscription[], at: Date): { mrr: number; byPrice: Map<PriceId, { subscriptions: number; mrr: number }> } {
  const byPrice = new Map<PriceId, { subscriptions: number; mrr: number }>()
  let mrr = 0
  for (const sub of subs) {
    if (!sub.priceId || sub.createdAt > at || (sub.endedAt && sub.endedAt <= at) || !subscriptionEntitles(sub, at)) continue
    const value = monthlyValue(sub.priceId)
    const entry = byPrice.get(sub.priceId as PriceId) ?? { subscriptions: 0, mrr: 0 }
    entry.subscriptions += 1
    entry.mrr = cents(entry.mrr + value)
    byPrice.set(sub.priceId as PriceId, entry)
    mrr += value
  }
  return { mrr: cents(mrr), byPrice }
}
