import type { z } from 'zod'
import { BILLING_MESSAGES, isPriceId } from '#shared/billing.ts'
import type { portalRequestSchema } from '#shared/billing-requests.ts'
import type { BillingDeps } from './billing-deps.ts'
import { noSubscription, planUnavailable, providerFailed } from './billing-errors.ts'
import { findBillingCustomer } from './billing-customers.ts'
import { findCurrentSubscription } from './current-subscription.ts'
import { recordBillingSession, renameBillingSession } from './billing-session-budget.ts'
import { localId } from './local/local-subscription.ts'
import { ownUrl } from './start-checkout.ts'

export type PortalInput = z.output<typeof portalRequestSchema>

/** A portal link stays usable this long (Stripe's portal sessions are short-lived too). */
const PORTAL_TTL_MS = 3_600_000

/**
 * POST /api/billing/portal (spec section 7 "create-billing-portal-session"): Stripe's Customer
 * Portal, or the local test mode's portal page. With `priceId` it opens straight on switching the
 * current subscription to that price (Stripe's `subscription_update_confirm` flow). A user who
 * never paid has nothing to manage (404).
 */
export async function openPortal(deps: BillingDeps, userId: string, input: PortalInput): Promise<{ url: string }> {
  const returnUrl = ownUrl(deps, input.returnUrl, 'returnUrl')
  if (input.priceId !== undefined && !isPriceId(input.priceId)) throw planUnavailable()
  const { stripe } = deps.billing
  const customer = await findBillingCustomer(deps.db, userId, deps.billing.provider)
  if (!customer) throw noSubscription(BILLING_MESSAGES.portalFailed)
  const current = await findCurrentSubscription(deps.db, userId, deps.now())
  const switchTo = input.priceId && current && current.priceId !== input.priceId ? input.priceId : undefined
  const id = localId('bps')
  await recordBillingSession(deps.db, {
    id,
    userId,
    kind: 'portal',
    priceId: switchTo ?? null,
    returnUrl,
    expiresAt: new Date(deps.now().getTime() + PORTAL_TTL_MS),
    createdAt: deps.now(),
  })
  if (!stripe) return { url: new URL(`/billing/portal?session=${id}`, deps.publicUrl).href }

  const stripePrice = switchTo ? stripe.stripePriceFor(switchTo) : null
  if (switchTo && !stripePrice) throw planUnavailable()
  let session: { id: string; url: string }
  try {
    session = await stripe.createPortalSession({
      customerId: customer.customerId,
      returnUrl,
      ...(switchTo && current?.provider === 'stripe' && current.providerItemId
        ? { switchTo: { subscriptionId: current.providerSubscriptionId, itemId: current.providerItemId, stripePriceId: stripePrice!, returnUrl } }
        : {}),
    })
  } catch (error) {
    throw providerFailed(BILLING_MESSAGES.portalFailed, error)
  }
  await renameBillingSession(deps.db, id, session.id)
  return { url: session.url }
}
