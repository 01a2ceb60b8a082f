import { isPriceId, type SubscriptionStatus, type SubscriptionView } from '#shared/billing.ts'
import type { SubscriptionRow } from './subscription-store.ts'

/** A subscription as the API shows it (spec section 3 "Subscription"). */
export function toSubscriptionView(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    price_id: isPriceId(row.priceId) ? row.priceId : null,
    status: row.status as SubscriptionStatus,
    current_period_start: row.currentPeriodStart?.toISOString() ?? null,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    provider: row.provider,
  }
}
