import { eq } from 'drizzle-orm'
import { deriveEntitlement } from '#shared/billing.ts'
import type { PlanId } from '#shared/plans.ts'
import { applyPlanLimits, type PlanLimitsResult } from '../alerts/apply-plan-limits.ts'
import { lockOwnerPlan } from '../alerts/alert-scope.ts'
import type { Db } from '../db/client.ts'
import { billingHistory, profiles } from '../db/schema.ts'
import { userSubscriptions } from './subscription-store.ts'

export interface TierChange {
  from: PlanId
  to: PlanId
  alerts: PlanLimitsResult
}

/**
 * Runs `work` in a transaction that holds the user's profile row lock: the lock alert creates,
 * resumes and every plan change take first, so a payment, a cancellation, an admin grant and a
 * burst of alert creates for one user queue up instead of interleaving (and always lock in the
 * same order: profile, then subscriptions, then alerts).
 */
export function withBillingLock<T>(db: Db, userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockOwnerPlan(tx, userId)
    return work(tx)
  })
}

/**
 * Derives the user's role and tier from their subscriptions and admin grant (the one derivation,
 * decision 017) and, when the tier moved, stores it, writes it to the billing history and fits
 * the user's alerts to the new plan (over-cap alerts paused on a downgrade, plan-paused ones back
 * on an upgrade). Call inside `withBillingLock`.
 */
export async function refreshEntitlement(tx: Db, userId: string, now: Date): Promise<TierChange | null> {
  const [profile] = await tx
    .select({ role: profiles.role, tier: profiles.subscriptionTier, grantedTier: profiles.grantedTier })
    .from(profiles)
    .where(eq(profiles.id, userId))
  if (!profile) return null
  const next = deriveEntitlement({
    role: profile.role,
    grantedTier: profile.grantedTier,
    subscriptions: await userSubscriptions(tx, userId),
    now,
  })
  if (next.role === profile.role && next.subscriptionTier === profile.tier) return null
  await tx.update(profiles).set({ role: next.role, subscriptionTier: next.subscriptionTier, updatedAt: now }).where(eq(profiles.id, userId))
  const alerts = await applyPlanLimits({ db: tx, now: () => now }, userId)
  if (next.subscriptionTier === profile.tier) return null
  await tx.insert(billingHistory).values({ userId, kind: 'tier_changed', fromTier: profile.tier, toTier: next.subscriptionTier, createdAt: now })
  return { from: profile.tier, to: next.subscriptionTier, alerts }
}
