import { eq } from 'drizzle-orm'
import type { AdminRoleChoice, AdminUserRow } from '#shared/admin.ts'
import { applyPlanLimits } from '../alerts/apply-plan-limits.ts'
import { refreshEntitlement, withBillingLock } from '../billing/entitlement.ts'
import { profiles } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import type { AdminUserDeps } from './admin-deps.ts'
import { getAdminUser } from './admin-users.ts'
import { recordAdminAction, type AuditActor } from './audit-log.ts'

/**
 * POST /api/admin/users/:id/role: make a user an admin, or a member again. A member's role is then
 * derived from their tier as billing derives it. Refused for an address in ADMIN_EMAILS (its admin
 * role comes back at the next sign-in) and for an admin's own role (nobody locks themselves out).
 */
export async function setUserRole(deps: AdminUserDeps, actor: AuditActor, userId: string, role: AdminRoleChoice): Promise<AdminUserRow> {
  const before = await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails })
  if (role === 'member' && before.adminByConfig) {
    throw new AppError('conflict', 'This address is listed in ADMIN_EMAILS, so it gets the admin role back at every sign-in. Remove it there first.')
  }
  if (role === 'member' && userId === actor.actorId) throw new AppError('conflict', "You can't remove your own admin role.")
  await withBillingLock(deps.db, userId, async (tx) => {
    const now = deps.now()
    await tx.update(profiles).set({ role: role === 'admin' ? 'admin' : 'free', updatedAt: now }).where(eq(profiles.id, userId))
    // Admins have every plan's room; a member again gets their tier's, with the downgrade rules.
    const change = await refreshEntitlement(tx, userId, now)
    if (!change) await applyPlanLimits({ db: tx, now: () => now }, userId)
    await recordAdminAction(tx, actor, {
      action: 'user.role',
      targetType: 'user',
      targetId: userId,
      targetLabel: before.email,
      detail: { from: before.role, to: role },
    })
  })
  return getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails })
}
