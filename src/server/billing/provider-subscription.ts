import type { BillingProviderId } from '#shared/billing.ts'
import type { PriceId } from '#shared/plans.ts'

/** A subscription as its provider reports it (Stripe's API, or the local test mode's own rows). */
export interface ProviderSubscription {
  provider: BillingProviderId
  providerSubscriptionId: string
  providerCustomerId: string
  providerItemId: string | null
  providerPriceId: string | null
  /** Our price id, or null for a price we don't sell. */
  priceId: PriceId | null
  status: string
  currentPeriodStart: Date | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  canceledAt: Date | null
  endedAt: Date | null
  createdAt: Date
}
