import type { BillingProviderId } from '#shared/billing.ts'
import type { Env } from '../env.ts'
import { createStripeGateway, type StripeGateway } from './stripe/stripe-gateway.ts'

/**
 * Which billing provider this server uses (decision 017): Stripe when STRIPE_SECRET_KEY is set,
 * otherwise the local test mode. Both keep the same `subscriptions` rows and the same derivation.
 */
export interface BillingService {
  provider: BillingProviderId
  /** No real money moves: the local mode always, Stripe with a test key. */
  testMode: boolean
  /** The Stripe driver; null in the local test mode. */
  stripe: StripeGateway | null
}

export function createBillingService(env: Env): BillingService {
  const stripe = createStripeGateway(env)
  return {
    provider: stripe ? 'stripe' : 'local',
    testMode: !stripe || /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY ?? ''),
    stripe,
  }
}
