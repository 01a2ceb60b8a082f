import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { PLAN_IDS, type PlanId } from '#shared/plans.ts'
import { applyPlanLimits, type PlanLimitsResult } from '../alerts/apply-plan-limits.ts'
import { refreshEntitlement, withBillingLock } from '../billing/entitlement.ts'
import type { AdminUserRow } from '#shared/admin.ts'
import { profiles } from '../db/schema.ts'
import type { AdminUserDeps } from './admin-deps.ts'
import { getAdminUser } from './admin-users.ts'
import { recordAdminAction, type AuditActor } from './audit-log.ts'

export const setUserPlanSchema = z.strictObject({ tier: z.enum(PLAN_IDS) })

export interface SetUserPlanResult {
  profile: { role: string; subscription_tier: string }
  user: AdminUserRow
  alerts: PlanLimitsResult
}

/**
 * POST /api/admin/users/:id/plan: grants a plan outside billing (Unlimited is only sold this way),
 * or withdraws the grant with `free`. The tier is then derived as billing derives it (the higher of
 * the grant and what the user's subscriptions pay for, admins stay admin) and the alerts are fitted
 * to it, all in one transaction.
 */
export async function setUserPlan(deps: AdminUserDeps, actor: AuditActor, userId: string, tier: PlanId): Promise<SetUserPlanResult> {
  const before = await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails })
  const result = await withBillingLock(deps.db, userId, async (tx) => {
    const now = deps.now()
    await tx.update(profiles).set({ grantedTier: tier === 'free' ? null : tier, updatedAt: now }).where(eq(profiles.id, userId))
    const change = await refreshEntitlement(tx, userId, now)
    const [profile] = await tx
      .select({ role: profiles.role, subscription_tier: profiles.subscriptionTier })
      .from(profiles)
      .where(eq(profiles.id, userId))
    const alerts = change?.alerts ?? (await applyPlanLimits({ db: tx, now: () => now }, userId))
    await recordAdminAction(tx, actor, {
      action: 'user.plan',
      targetType: 'user',
      targetId: userId,
      targetLabel: before.email,
      detail: { grant: tier, tierBefore: before.tier, tierAfter: profile!.subscription_tier, paused: alerts.paused.length, resumed: alerts.resumed.length },
    })
    return { profile: profile!, alerts }
  })
  return { ...result, user: await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails }) }
}
