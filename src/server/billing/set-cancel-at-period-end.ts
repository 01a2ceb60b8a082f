import { BILLING_MESSAGES, type SubscriptionView } from '#shared/billing.ts'
import type { BillingDeps } from './billing-deps.ts'
import { noSubscription, providerFailed } from './billing-errors.ts'
import { notifyBillingOutcome } from './billing-notices.ts'
import { findCurrentSubscription } from './current-subscription.ts'
import { refreshEntitlement, withBillingLock } from './entitlement.ts'
import { localChange } from './local/local-subscription.ts'
import { syncStripeCustomer } from './stripe/sync-stripe-customer.ts'
import { findSubscription, writeSubscription } from './subscription-store.ts'
import { toSubscriptionView } from './subscription-view.ts'

/**
 * POST /api/billing/cancel and /reactivate (spec section 7): cancel the current subscription at
 * the end of its period, or undo that. The plan stays until the period ends either way; asking
 * twice changes nothing. On Stripe the change is made there and then read back.
 */
export async function setCancelAtPeriodEnd(deps: BillingDeps, userId: string, cancel: boolean): Promise<SubscriptionView> {
  const failed = cancel ? BILLING_MESSAGES.cancelFailed : BILLING_MESSAGES.reactivateFailed
  const current = await findCurrentSubscription(deps.db, userId, deps.now())
  if (!current) throw noSubscription(failed)
  if (current.cancelAtPeriodEnd === cancel) return toSubscriptionView(current)

  if (current.provider === 'stripe') {
    const { stripe } = deps.billing
    if (!stripe) throw providerFailed(failed, new Error('a Stripe subscription on a server without Stripe keys'))
    try {
      await stripe.setCancelAtPeriodEnd(current.providerSubscriptionId, cancel)
    } catch (error) {
      throw providerFailed(failed, error)
    }
    try {
      const outcome = await syncStripeCustomer({ ...deps, stripe }, current.providerCustomerId)
      if (outcome && !outcome.duplicate) notifyBillingOutcome(deps, outcome)
    } catch (error) {
      // Stripe has the change; its webhook brings it here if this read failed.
      deps.logger.warn({ err: error, userId }, 'billing: reading the subscription back from Stripe failed')
      return { ...toSubscriptionView(current), cancel_at_period_end: cancel }
    }
  } else {
    const outcome = await withBillingLock(deps.db, userId, async (tx) => {
      const now = deps.now()
      // Read again under the lock: a renewal may have moved the period since.
      const row = await findCurrentSubscription(tx, userId, now)
      if (!row) throw noSubscription(failed)
      const { events } = await writeSubscription(tx, userId, localChange(row, { cancelAtPeriodEnd: cancel, canceledAt: cancel ? now : null }), now)
      return { userId, events, tierChange: await refreshEntitlement(tx, userId, now) }
    })
    notifyBillingOutcome(deps, outcome)
  }
  return toSubscriptionView((await findSubscription(deps.db, current.id)) ?? current)
}
