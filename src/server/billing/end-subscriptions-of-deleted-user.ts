import { and, eq, inArray } from 'drizzle-orm'
import { APIError } from 'better-auth/api'
import { ENTITLING_STATUSES } from '#shared/billing.ts'
import type { Db } from '../db/client.ts'
import { subscriptions } from '../db/schema.ts'
import type { Logger } from '../lib/logger.ts'
import type { BillingService } from './billing-service.ts'

/**
 * Before an account is deleted: its Stripe subscriptions are cancelled at once, so nobody keeps
 * paying for an account that no longer exists. If Stripe can't be reached the account stays (the
 * user can try again); local test-mode subscriptions simply go with the account's rows.
 */
export async function endSubscriptionsOfDeletedUser(deps: { db: Db; billing: BillingService; logger: Logger }, userId: string): Promise<void> {
  const live = await deps.db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'stripe'), inArray(subscriptions.status, [...ENTITLING_STATUSES])))
  if (live.length === 0) return
  const { stripe } = deps.billing
  try {
    if (!stripe) throw new Error('Stripe subscriptions on a server without Stripe keys')
    for (const sub of live) await stripe.cancelNow(sub.id)
  } catch (error) {
    deps.logger.error({ err: error, userId }, 'billing: could not cancel subscriptions of an account being deleted')
    throw new APIError('BAD_GATEWAY', {
      message: 'We could not cancel your subscription, so your account was not deleted. Please try again in a minute.',
    })
  }
}
