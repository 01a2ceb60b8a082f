import type { PriceId } from '#shared/plans.ts'

/** What the plan cards need to start a checkout or a switch (billing's usePlanCheckout provides it). */
export interface PlanCheckout {
  /** The price whose button is busy (its call is running, or the browser is leaving for the provider). */
  pendingPriceId: PriceId | null
  /** A first subscription: the provider's checkout. */
  checkout: (priceId: PriceId) => Promise<void>
  /** Another price for a paying user: the billing portal, opened on that switch. */
  switchTo: (priceId: PriceId) => Promise<void>
}
