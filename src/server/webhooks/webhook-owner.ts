import { eq } from 'drizzle-orm'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import type { PlanId } from '#shared/plans.ts'
import { WEBHOOK_MESSAGES } from '#shared/webhooks.ts'
import type { Viewer } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { profiles } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'

/** Whose webhooks an operation touches, and the plan that decides what they may do with them. */
export interface WebhookOwner {
  userId: string
  plan: PlanId
}

export const webhookOwner = (viewer: Viewer): WebhookOwner => ({
  userId: viewer.user.id,
  plan: planForProfile({ role: viewer.role, subscription_tier: viewer.subscriptionTier }),
})

/**
 * Registering, changing and sending need Unlimited (admins count as Unlimited). Reading and
 * deleting don't: an advisor who left the plan can still see their log and remove endpoints.
 */
export function assertUnlimited(plan: PlanId): void {
  if (plan !== 'unlimited') throw new AppError('forbidden', WEBHOOK_MESSAGES.planOnly)
}

/**
 * The owner's plan read under a lock on their profile row (the lock alert quotas and API tokens
 * take), so parallel creates can't pass the endpoint cap. The alerts domain has the same helper;
 * it is not imported from there because alerts raise webhook events (no import cycle).
 */
export async function lockPlanOf(tx: Db, userId: string): Promise<PlanId> {
  const [profile] = await tx
    .select({ role: profiles.role, tier: profiles.subscriptionTier })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update')
  return planForProfile({ role: profile?.role, subscription_tier: profile?.tier })
}
