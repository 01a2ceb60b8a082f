import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { SubscriptionResponse } from '#shared/billing.ts'
import { subscriptions, users } from '../../db/schema.ts'
import { AppError } from '../../lib/app-error.ts'
import type { BillingDeps } from '../billing-deps.ts'
import { findCurrentSubscription } from '../current-subscription.ts'
import { withBillingLock } from '../entitlement.ts'
import { getSubscription } from '../get-subscription.ts'
import { renewLocalSubscription } from './renew-local-subscriptions.ts'

export const advanceClockSchema = z
  .strictObject({
    userId: z.string().min(1).max(200).optional(),
    email: z.email().max(320).optional(),
    /** The new period end; now when omitted (the period is over, so it renews or ends at once). */
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => !!v.userId !== !!v.email, { message: 'Give the user by userId or by email.', path: ['userId'] })

/**
 * POST /api/admin/billing/advance-clock (local test mode): moves the end of a user's current
 * period, by default to now, and runs the renewal for it, so a cancelled subscription ends and the
 * plan drops at once, for demos and tests. Stripe subscriptions follow Stripe's own clock.
 */
export async function advanceLocalClock(deps: BillingDeps, input: z.output<typeof advanceClockSchema>): Promise<SubscriptionResponse & { userId: string }> {
  if (deps.billing.stripe) {
    throw new AppError('conflict', "Stripe subscriptions follow Stripe's clock: use a test clock in the Stripe Dashboard.")
  }
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(input.userId ? eq(users.id, input.userId) : eq(users.email, input.email!.toLowerCase()))
  if (!user) throw new AppError('not_found', 'User not found')
  const current = await findCurrentSubscription(deps.db, user.id, deps.now())
  if (!current || current.provider !== 'local') throw new AppError('not_found', 'This user has no active test-mode subscription.')

  const to = input.to ? new Date(input.to) : deps.now()
  await withBillingLock(deps.db, user.id, (tx) =>
    tx
      .update(subscriptions)
      // A period can't end before it started.
      .set({ currentPeriodEnd: current.currentPeriodStart && to < current.currentPeriodStart ? current.currentPeriodStart : to })
      .where(eq(subscriptions.id, current.id)),
  )
  await renewLocalSubscription(deps, user.id, current.id)
  return { userId: user.id, ...(await getSubscription(deps, user.id)) }
}
