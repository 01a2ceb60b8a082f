import { getPlan, type Plan, type PlanId, type PriceId } from './plans.ts'
import { isPriceId, priceLabel, PRICES, type PriceFacts } from './prices.ts'
import { effectiveRole, ROLE_RANK, type Role } from './roles.ts'

/**
 * Billing rules both sides use (spec sections 3 "Subscription", 7 "Backend functions", 8, 9):
 * the messages, what each price sells, and the one derivation of a user's role and tier from their
 * subscriptions (decision 017). Pure: the server applies it, the web app explains it.
 */

// The messages and the price table have modules of their own, so that the landing page's pricing
// cards load them without the rest of this file (decision 019); the server imports them from here.
export { BILLING_MESSAGES } from './billing-messages.ts'
export { isPriceId, priceLabel, PRICES, type PaidPlanId, type PriceFacts } from './prices.ts'

/** Stripe's subscription statuses (the local test mode uses the same ones). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** Statuses that still pay for the plan: Stripe is retrying a past_due payment, so access continues. */
export const ENTITLING_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due']

/**
 * How long a past_due subscription keeps its plan, counted from the start of the unpaid period
 * (Stripe's default retry schedule spans about two weeks before it gives up).
 */
export const PAST_DUE_GRACE_DAYS = 14

/** The facts about one subscription that decide what it entitles. */
export interface SubscriptionFacts {
  priceId: string | null
  status: string
  currentPeriodStart: Date | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
}

const DAY_MS = 86_400_000

/** Whether a subscription pays for its plan at `now`. */
export function subscriptionEntitles(sub: SubscriptionFacts, now: Date): boolean {
  if (!(ENTITLING_STATUSES as readonly string[]).includes(sub.status)) return false
  // A cancellation that has reached its date ends the plan even before the provider says so.
  if (sub.cancelAtPeriodEnd && sub.currentPeriodEnd && now >= sub.currentPeriodEnd) return false
  if (sub.status === 'past_due') {
    const from = sub.currentPeriodStart ?? sub.currentPeriodEnd
    if (!from || now.getTime() >= from.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS) return false
  }
  return true
}

/** The plan one subscription gives at `now`: free unless it entitles and its price is one we sell. */
export function tierForSubscription(sub: SubscriptionFacts, now: Date): PlanId {
  if (!isPriceId(sub.priceId) || !subscriptionEntitles(sub, now)) return 'free'
  return PRICES[sub.priceId].plan
}

const higher = (a: PlanId, b: PlanId): PlanId => (ROLE_RANK[b] > ROLE_RANK[a] ? b : a)

export interface Entitlement {
  role: Role
  subscriptionTier: PlanId
}

/**
 * The one derivation of a user's role and subscription tier (decision 017): the best plan any of
 * their subscriptions pays for, or the plan an admin granted (Unlimited is only ever granted), if
 * higher. Admins stay admin; everyone else's role is their tier.
 */
export function deriveEntitlement(input: {
  role: string | null | undefined
  grantedTier: PlanId | null
  subscriptions: readonly SubscriptionFacts[]
  now: Date
}): Entitlement {
  let tier: PlanId = input.grantedTier ?? 'free'
  for (const sub of input.subscriptions) tier = higher(tier, tierForSubscription(sub, input.now))
  return { role: effectiveRole(input.role) === 'admin' ? 'admin' : tier, subscriptionTier: tier }
}

/** The subscription the profile shows: the newest one that still entitles (spec: latest active, by created_at). */
export function currentSubscription<T extends SubscriptionFacts & { createdAt: Date }>(subs: readonly T[], now: Date): T | null {
  return (
    [...subs].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).find((sub) => subscriptionEntitles(sub, now)) ?? null
  )
}

// ---- API shapes (the request schemas are in billing-requests.ts, so pages that only need these facts load no zod) ----

export interface SubscriptionView {
  id: string
  price_id: PriceId | null
  status: SubscriptionStatus
  current_period_start: string | null
  current_period_end: string | null
  cancel_at_period_end: boolean
  provider: BillingProviderId
}

export type BillingProviderId = 'stripe' | 'local'

/** GET /api/billing/subscription */
export interface SubscriptionResponse {
  subscription: SubscriptionView | null
  role: Role
  subscription_tier: PlanId
  billing: { provider: BillingProviderId; testMode: boolean }
  paymentMethod: { brand: string; last4: string } | null
}

/** GET /api/billing/local/checkout/:id (local test mode): what the test checkout page shows. */
export interface LocalCheckoutView {
  id: string
  status: 'open' | 'complete' | 'expired'
  price: PriceFacts & { planName: string }
  email: string
  expires_at: string
  /** Where "Back" leads (a path on our origin). */
  cancel_path: string
}

/** GET /api/billing/local/portal/:id (local test mode). */
export interface LocalPortalView {
  id: string
  expired: boolean
  return_path: string
  /** The price the user asked to switch to, if the portal was opened for that. */
  switch_to: PriceId | null
}

export const BILLING_EVENT_KINDS = [
  'tier_changed',
  'subscription_started',
  'plan_switched',
  'renewed',
  'cancel_scheduled',
  'reactivated',
  'payment_failed',
  'payment_recovered',
  'subscription_ended',
] as const
export type BillingEventKind = (typeof BILLING_EVENT_KINDS)[number]

export interface BillingHistoryEntry {
  id: string
  kind: BillingEventKind
  from_tier: PlanId | null
  to_tier: PlanId | null
  price_id: PriceId | null
  /** The period end the event concerns (cancellations, renewals). */
  period_end: string | null
  created_at: string
}

const planName = (id: PlanId | null) => (id ? getPlan(id).name : 'Free')

/** One line of billing history as the profile and emails show it. */
export function billingEventText(
  entry: Pick<BillingHistoryEntry, 'kind' | 'from_tier' | 'to_tier' | 'price_id' | 'period_end'>,
  formatDate: (iso: string) => string,
): string {
  const periodEnd = entry.period_end
  const price = entry.price_id ? priceLabel(entry.price_id) : 'your plan'
  switch (entry.kind) {
    case 'tier_changed':
      return `Plan changed from ${planName(entry.from_tier)} to ${planName(entry.to_tier)}`
    case 'subscription_started':
      return `Subscribed to ${price}`
    case 'plan_switched':
      return `Switched to ${price}`
    case 'renewed':
      return periodEnd ? `${price} renewed until ${formatDate(periodEnd)}` : `${price} renewed`
    case 'cancel_scheduled':
      return periodEnd ? `Cancellation scheduled: ${price} ends on ${formatDate(periodEnd)}` : `Cancellation scheduled for ${price}`
    case 'reactivated':
      return `${price} reactivated: it renews as usual`
    case 'payment_failed':
      return `Payment failed for ${price}: update your card in Manage billing`
    case 'payment_recovered':
      return `Payment received for ${price}`
    case 'subscription_ended':
      return `${price} ended`
  }
}

/** What a plan unlocks, as a sentence part ("up to 15 price alerts, checks every 12 hours, …"), for the banner after checkout and emails. */
export function planUnlocks(plan: Plan): string {
  // Sentence case inside the sentence, but acronyms (SMS) keep their capitals.
  const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text)
  return plan.features
    .filter((f) => !/price history/i.test(f))
    .map(lowerFirst)
    .join(', ')
}
