import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { PLAN_IDS } from '#shared/plans.ts'
import { applyPlanLimits, type PlanLimitsResult } from '../alerts/apply-plan-limits.ts'
import type { AlertDeps } from '../alerts/alert-scope.ts'
import { profiles } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'

export const setUserPlanSchema = z.object({ tier: z.enum(PLAN_IDS) })

export interface SetUserPlanResult {
  profile: { role: string; subscription_tier: string }
  alerts: PlanLimitsResult
}

/**
 * POST /api/admin/users/:id/plan (support and tests, until billing sets plans): sets the tier and
 * the matching role, then fits the user's alerts to it. An admin keeps the admin role.
 */
export async function setUserPlan(deps: AlertDeps, userId: string, tier: (typeof PLAN_IDS)[number]): Promise<SetUserPlanResult> {
  // One transaction: the new plan and what it does to the alerts are seen together or not at all.
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId)).for('update')
    if (!current) throw new AppError('not_found', 'User not found')
    const [profile] = await tx
      .update(profiles)
      .set({ subscriptionTier: tier, ...(current.role === 'admin' ? {} : { role: tier }), updatedAt: deps.now() })
      .where(eq(profiles.id, userId))
      .returning({ role: profiles.role, subscription_tier: profiles.subscriptionTier })
    return { profile: profile!, alerts: await applyPlanLimits({ db: tx, now: deps.now }, userId) }
  })
}
