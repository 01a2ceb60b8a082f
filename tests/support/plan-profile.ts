import type { PlanId } from '../../src/shared/plans.ts'

/**
 * Profile columns for a user on `plan` without a subscription: an admin grant, as
 * POST /api/admin/users/:id/plan sets it, so the tier derivation (decision 017) agrees and a
 * reconciliation run during a test leaves it alone.
 */
export function planProfile(plan: PlanId | string) {
  const tier = plan as PlanId
  return { role: tier, subscriptionTier: tier, grantedTier: tier === 'free' ? null : (tier as Exclude<PlanId, 'free'>) }
}
