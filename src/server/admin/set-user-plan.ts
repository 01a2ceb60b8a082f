import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { PLAN_IDS, type PlanId } from '#shared/plans.ts'
import { applyPlanLimits, type PlanLimitsResult } from '../alerts/apply-plan-limits.ts'
import type { AlertDeps } from '../alerts/alert-scope.ts'
import { refreshEntitlement, withBillingLock } from '../billing/entitlement.ts'
import { profiles, users } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'

export const setUserPlanSchema = z.strictObject({ tier: z.enum(PLAN_IDS) })

export interface SetUserPlanResult {
  profile: { role: string; subscription_tier: string }
  alerts: PlanLimitsResult
}

/**
 * POST /api/admin/users/:id/plan: grants a plan outside billing (Unlimited is only sold this way),
 * or withdraws the grant with `free`. The tier is then derived as billing derives it (the higher of
 * the grant and what the user's subscriptions pay for, admins stay admin) and the alerts are fitted
 * to it, all in one transaction.
 */
export async function setUserPlan(deps: AlertDeps, userId: string, tier: PlanId): Promise<SetUserPlanResult> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!user) throw new AppError('not_found', 'User not found')
  return withBillingLock(deps.db, userId, async (tx) => {
    const now = deps.now()
    await tx.update(profiles).set({ grantedTier: tier === 'free' ? null : tier, updatedAt: now }).where(eq(profiles.id, userId))
    const change = await refreshEntitlement(tx, userId, now)
    const [profile] = await tx
      .select({ role: profiles.role, subscription_tier: profiles.subscriptionTier })
      .from(profiles)
      .where(eq(profiles.id, userId))
    return { profile: profile!, alerts: change?.alerts ?? (await applyPlanLimits({ db: tx, now: () => now }, userId)) }
  })
}
