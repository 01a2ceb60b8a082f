import type { z } from 'zod'
import { BILLING_MESSAGES, isPriceId, PRICES } from '#shared/billing.ts'
import type { checkoutRequestSchema } from '#shared/billing-requests.ts'
import { sameOriginUrl } from '#shared/safe-redirect.ts'
import type { BillingDeps } from './billing-deps.ts'
import { alreadySubscribed, planUnavailable, providerFailed, redirectOffSite } from './billing-errors.ts'
import { ensureBillingCustomer } from './billing-customers.ts'
import { findCurrentSubscription } from './current-subscription.ts'
import { recordBillingSession, renameBillingSession } from './billing-session-budget.ts'
import { localId } from './local/local-subscription.ts'

export type CheckoutInput = z.output<typeof checkoutRequestSchema>

export interface CheckoutUser {
  id: string
  email: string
  name: string
}

/** A checkout stays usable this long (Stripe's Checkout Sessions expire after 24 h too). */
const CHECKOUT_TTL_MS = 24 * 3_600_000

/** Resolves a redirect target on our origin, or refuses it (no open redirects). */
export function ownUrl(deps: Pick<BillingDeps, 'publicUrl'>, target: string, field: string): string {
  const url = sameOriginUrl(target, deps.publicUrl)
  if (!url) throw redirectOffSite(field)
  return url.href
}

/**
 * POST /api/billing/checkout (spec section 7 "create-checkout-session"): a Stripe Checkout Session
 * in subscription mode, or a page of the local test mode. Refused when the plan is not for sale
 * here, a redirect leaves our origin, or the user already pays for a plan (a switch goes through
 * Manage billing, so nobody is billed twice).
 */
export async function startCheckout(deps: BillingDeps, user: CheckoutUser, input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
  const { stripe } = deps.billing
  if (!isPriceId(input.priceId)) throw planUnavailable()
  const stripePrice = stripe ? stripe.stripePriceFor(input.priceId) : null
  if (stripe && !stripePrice) throw planUnavailable()
  const successUrl = ownUrl(deps, input.successUrl, 'successUrl')
  const cancelUrl = ownUrl(deps, input.cancelUrl, 'cancelUrl')

  const current = await findCurrentSubscription(deps.db, user.id, deps.now())
  if (current) throw alreadySubscribed(isPriceId(current.priceId) ? PRICES[current.priceId].plan : null)
  // Ours last, so a caller can't pass for another user or price.
  const metadata = { ...input.metadata, faredrop_user_id: user.id, price_id: input.priceId }

  // Every session is kept (Stripe's too): the local pages read theirs, and all count toward the budget.
  const id = localId('cs')
  await recordBillingSession(deps.db, {
    id,
    userId: user.id,
    kind: 'checkout',
    priceId: input.priceId,
    returnUrl: successUrl,
    cancelUrl,
    metadata,
    expiresAt: new Date(deps.now().getTime() + CHECKOUT_TTL_MS),
    createdAt: deps.now(),
  })
  if (!stripe) return { sessionId: id, url: new URL(`/billing/checkout/${id}`, deps.publicUrl).href }

  let session: { id: string; url: string }
  try {
    const customer = await ensureBillingCustomer(deps.db, user, 'stripe', stripe)
    session = await stripe.createCheckoutSession({
      customerId: customer.customerId,
      userId: user.id,
      stripePriceId: stripePrice!,
      successUrl,
      cancelUrl,
      metadata,
    })
  } catch (error) {
    throw providerFailed(BILLING_MESSAGES.checkoutFailed, error)
  }
  await renameBillingSession(deps.db, id, session.id)
  return { sessionId: session.id, url: session.url }
}
