import { randomBytes } from 'node:crypto'
import { addMonths, addYears } from 'date-fns'
import { PRICES } from '#shared/billing.ts'
import type { PriceId } from '#shared/plans.ts'
import type { ProviderSubscription } from '../provider-subscription.ts'
import type { SubscriptionRow } from '../subscription-store.ts'

/** Ids shaped like Stripe's test ones, so logs and support read the same on both drivers. */
export const localId = (prefix: 'cs' | 'bps' | 'sub' | 'cus') => `${prefix}_test_local_${randomBytes(18).toString('base64url')}`

/** The end of a billing period that starts at `start` (calendar months and years, as Stripe counts them). */
export function periodEnd(start: Date, priceId: PriceId): Date {
  return PRICES[priceId].interval === 'month' ? addMonths(start, 1) : addYears(start, 1)
}

/** A stored local subscription with some fields changed, in the shape every subscription write takes. */
export function localChange(row: SubscriptionRow, change: Partial<ProviderSubscription>): ProviderSubscription {
  return {
    provider: 'local',
    providerSubscriptionId: row.providerSubscriptionId,
    providerCustomerId: row.providerCustomerId,
    providerItemId: row.providerItemId,
    providerPriceId: row.providerPriceId,
    priceId: row.priceId as PriceId | null,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    endedAt: row.endedAt,
    createdAt: row.createdAt,
    ...change,
  }
}
