import { eq } from 'drizzle-orm'
import type { SubscriptionResponse } from '#shared/billing.ts'
import { effectiveRole } from '#shared/roles.ts'
import type { PlanId } from '#shared/plans.ts'
import { profiles } from '../db/schema.ts'
import type { BillingDeps } from './billing-deps.ts'
import { findBillingCustomer } from './billing-customers.ts'
import { findCurrentSubscription } from './current-subscription.ts'
import { toSubscriptionView } from './subscription-view.ts'

/**
 * GET /api/billing/subscription (spec section 7 "subscriptions: latest active row"): the
 * subscription the user pays with now, or null, with the profile's role and tier (what the alert
 * rules read) and which billing mode this server runs.
 */
export async function getSubscription(deps: Pick<BillingDeps, 'db' | 'billing' | 'now'>, userId: string): Promise<SubscriptionResponse> {
  const [profile] = await deps.db.select({ role: profiles.role, tier: profiles.subscriptionTier }).from(profiles).where(eq(profiles.id, userId))
  const current = await findCurrentSubscription(deps.db, userId, deps.now())
  const customer = current ? await findBillingCustomer(deps.db, userId, current.provider) : null
  return {
    subscription: current ? toSubscriptionView(current) : null,
    role: effectiveRole(profile?.role),
    subscription_tier: (profile?.tier ?? 'free') as PlanId,
    billing: { provider: deps.billing.provider, testMode: deps.billing.testMode },
    paymentMethod: customer?.cardBrand && customer.cardLast4 ? { brand: customer.cardBrand, last4: customer.cardLast4 } : null,
  }
}
