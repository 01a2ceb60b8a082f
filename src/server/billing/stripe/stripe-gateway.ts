import Stripe from 'stripe'
import { PRICE_IDS, type PriceId } from '#shared/plans.ts'
import type { Env } from '../../env.ts'
import type { ProviderSubscription } from '../provider-subscription.ts'

/**
 * The Stripe driver: the only module that talks to Stripe's API (through the official SDK). It is
 * a thin adapter: it maps our price ids to Stripe's and Stripe's objects to `ProviderSubscription`,
 * and decides nothing about plans.
 */
export interface StripeGateway {
  /** Our price id → Stripe's, or null when that plan is not (properly) configured. */
  stripePriceFor(priceId: PriceId): string | null
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>
  createCheckoutSession(input: {
    customerId: string
    userId: string
    stripePriceId: string
    successUrl: string
    cancelUrl: string
    metadata: Record<string, string>
  }): Promise<{ id: string; url: string }>
  createPortalSession(input: {
    customerId: string
    returnUrl: string
    /** Opens the portal on confirming a switch of this subscription item to another price. */
    switchTo?: { subscriptionId: string; itemId: string; stripePriceId: string; returnUrl: string }
  }): Promise<{ id: string; url: string }>
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>
  /** Cancels at once (the account is being deleted). */
  cancelNow(subscriptionId: string): Promise<void>
  listCustomerSubscriptions(customerId: string): Promise<ProviderSubscription[]>
  /** Every subscription in one status, across customers (the reconciliation's view of Stripe). */
  listSubscriptionsWithStatus(status: 'active' | 'trialing' | 'past_due'): AsyncIterable<ProviderSubscription>
  /** Verifies a webhook's signature on its raw body (5-minute tolerance, against `receivedAt`); throws when it doesn't hold. */
  verifyEvent(rawBody: string, signature: string, receivedAt: Date): Promise<Stripe.Event>
}

/** Placeholder ids that templates and tutorials leave in .env files: treated as "not configured". */
const PLACEHOLDER = /placeholder|replace|change[-_]?me|your|example|x{3,}|todo|\.\.\./i
const STRIPE_PRICE_ID = /^price_[A-Za-z0-9]{6,}$/

/** A configured Stripe price id, or null for a missing or placeholder one (spec section 8 "Plan unavailable"). */
export function configuredStripePrice(value: string | undefined): string | null {
  if (!value || !STRIPE_PRICE_ID.test(value) || PLACEHOLDER.test(value.slice('price_'.length))) return null
  return value
}

export const WEBHOOK_TOLERANCE_SECONDS = 300

const ENV_PRICE: Record<PriceId, keyof Env> = {
  premium_monthly: 'STRIPE_PRICE_PREMIUM_MONTHLY',
  premium_yearly: 'STRIPE_PRICE_PREMIUM_YEARLY',
  elite_monthly: 'STRIPE_PRICE_ELITE_MONTHLY',
  elite_yearly: 'STRIPE_PRICE_ELITE_YEARLY',
}

const fromUnix = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null)
const idOf = (value: string | { id: string }): string => (typeof value === 'string' ? value : value.id)

export function createStripeGateway(env: Env): StripeGateway | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET
  const base = new URL(env.STRIPE_API_BASE_URL)
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    // The SDK retries network failures and 409/429/5xx with an idempotency key, as Stripe advises.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  })

  const prices = new Map<PriceId, string>()
  for (const priceId of PRICE_IDS) {
    const stripePrice = configuredStripePrice(env[ENV_PRICE[priceId]] as string | undefined)
    if (stripePrice) prices.set(priceId, stripePrice)
  }
  const ourPrice = new Map([...prices].map(([ours, theirs]) => [theirs, ours]))

  function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
    const item = sub.items.data[0]
    const itemEnd = fromUnix(item?.current_period_end)
    const cancelAt = fromUnix(sub.cancel_at)
    return {
      provider: 'stripe',
      providerSubscriptionId: sub.id,
      providerCustomerId: idOf(sub.customer),
      providerItemId: item?.id ?? null,
      providerPriceId: item?.price.id ?? null,
      priceId: (item && ourPrice.get(item.price.id)) ?? null,
      status: sub.status,
      currentPeriodStart: fromUnix(item?.current_period_start),
      // Cancelling from the portal may set `cancel_at` rather than the flag: either way access ends
      // then, so that is the end this mirror keeps.
      currentPeriodEnd: cancelAt && (!itemEnd || cancelAt < itemEnd) ? cancelAt : itemEnd,
      cancelAtPeriodEnd: sub.cancel_at_period_end || cancelAt !== null,
      canceledAt: fromUnix(sub.canceled_at),
      endedAt: fromUnix(sub.ended_at),
      createdAt: new Date(sub.created * 1000),
    }
  }

  return {
    stripePriceFor: (priceId) => prices.get(priceId) ?? null,

    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { faredrop_user_id: user.id } },
        // A retried or concurrent first checkout gets the same customer back.
        { idempotencyKey: `faredrop-customer-${user.id}` },
      )
      return customer.id
    },

    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.stripePriceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        subscription_data: { metadata: { faredrop_user_id: input.userId } },
        allow_promotion_codes: true,
      })
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return { id: session.id, url: session.url }
    },

    async createPortalSession(input) {
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        ...(input.switchTo
          ? {
              flow_data: {
                type: 'subscription_update_confirm',
                subscription_update_confirm: {
                  subscription: input.switchTo.subscriptionId,
                  items: [{ id: input.switchTo.itemId, price: input.switchTo.stripePriceId, quantity: 1 }],
                },
                after_completion: { type: 'redirect', redirect: { return_url: input.switchTo.returnUrl } },
              },
            }
          : {}),
      })
      return { id: session.id, url: session.url }
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      if (cancel) {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
        return
      }
      // A cancellation made in the portal may be a `cancel_at` date instead of the flag: undo whichever is set.
      const current = await stripe.subscriptions.retrieve(subscriptionId)
      if (current.cancel_at_period_end) await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false })
      else if (current.cancel_at) await stripe.subscriptions.update(subscriptionId, { cancel_at: '' })
    },

    async cancelNow(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId)
    },

    async listCustomerSubscriptions(customerId) {
      const out: ProviderSubscription[] = []
      for await (const sub of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
        out.push(toProviderSubscription(sub))
      }
      return out
    },

    async *listSubscriptionsWithStatus(status) {
      for await (const sub of stripe.subscriptions.list({ status, limit: 100 })) yield toProviderSubscription(sub)
    },

    verifyEvent(rawBody, signature, receivedAt) {
      // The SDK takes the receipt time in milliseconds (it divides by 1000 itself).
      return stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime())
    },
  }
}
