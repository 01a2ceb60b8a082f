import type { SubscriptionView } from '#shared/billing.ts'
import { PRICES } from '#shared/prices.ts'
import { priceIdFor, type BillingInterval, type Plan, type PriceId } from '#shared/plans.ts'

/** What a plan card's button does. */
export type PlanAction =
  /** Free, on the public section: try the search. */
  | { kind: 'search' }
  /** Unlimited: a mail to sales. */
  | { kind: 'contact' }
  /** A paid plan chosen while signed out: sign in first, then continue on the profile. */
  | { kind: 'sign-in'; priceId: PriceId }
  /** A paid plan chosen on the public section while signed in: continue on the profile. */
  | { kind: 'continue'; priceId: PriceId }
  /** Embedded, no subscription yet: the provider's checkout. */
  | { kind: 'checkout'; priceId: PriceId }
  /** Embedded, paying for another price: the billing portal, opened on that switch. */
  | { kind: 'switch'; priceId: PriceId }
  /** Embedded, paying: Free means cancelling at the period end. */
  | { kind: 'downgrade' }
  /** Nothing to do (the current plan, a downgrade already scheduled). */
  | { kind: 'none' }

export interface PlanButton {
  label: string
  action: PlanAction
  disabled?: boolean
}

/** The public pricing section (landing, /home): spec section 2 "Pricing section". */
export function publicPlanButton(plan: Plan, interval: BillingInterval, signedIn: boolean): PlanButton {
  if (plan.enterprise) return { label: plan.buttonText, action: { kind: 'contact' } }
  const priceId = priceIdFor(plan, interval)
  if (!priceId) return { label: plan.buttonText, action: { kind: 'search' } }
  return { label: plan.buttonText, action: signedIn ? { kind: 'continue', priceId } : { kind: 'sign-in', priceId } }
}

/**
 * The profile's plan cards: what the signed-in user can do from where they are. A paying user
 * switches through the billing portal (the server refuses a second checkout) and goes back to Free
 * by cancelling; a user without a subscription checks out.
 */
export function embeddedPlanButton(plan: Plan, interval: BillingInterval, subscription: SubscriptionView | null): PlanButton {
  if (plan.enterprise) return { label: plan.buttonText, action: { kind: 'contact' } }
  const priceId = priceIdFor(plan, interval)
  if (!priceId) {
    if (!subscription) return { label: 'Current plan', action: { kind: 'none' }, disabled: true }
    if (subscription.cancel_at_period_end) return { label: 'Downgrade scheduled', action: { kind: 'none' }, disabled: true }
    return { label: 'Downgrade to Free', action: { kind: 'downgrade' } }
  }
  if (!subscription) return { label: plan.buttonText, action: { kind: 'checkout', priceId } }
  if (subscription.price_id === priceId) return { label: 'Current plan', action: { kind: 'none' }, disabled: true }
  const samePlan = subscription.price_id && PRICES[subscription.price_id].plan === plan.id
  const label = samePlan ? `Switch to ${interval === 'month' ? 'monthly' : 'yearly'}` : `Switch to ${plan.name}`
  return { label, action: { kind: 'switch', priceId } }
}

export function actionPriceId(action: PlanAction): PriceId | null {
  return 'priceId' in action ? action.priceId : null
}
