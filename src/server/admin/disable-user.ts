import { and, eq, inArray } from 'drizzle-orm'
import { LIVE_ALERT_STATUSES } from '#shared/alert-status.ts'
import type { AdminUserRow } from '#shared/admin.ts'
import { applyPlanLimits } from '../alerts/apply-plan-limits.ts'
import { alertNotifications, alerts, profiles, sessions } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import type { AdminUserDeps } from './admin-deps.ts'
import { getAdminUser } from './admin-users.ts'
import { recordAdminAction, type AuditActor } from './audit-log.ts'

/** The note a disabled account's alerts carry; enabling the account brings back exactly these. */
export const DISABLED_WITH_ACCOUNT_NOTE = 'Disabled with the account by FareDrop support.'

/**
 * POST /api/admin/users/:id/disable: the account can't sign in (auth.ts refuses new sessions), its
 * sessions end now, its watched alerts stop (status disabled, with a note) and notices not yet
 * sent are skipped. One transaction, with its audit entry.
 */
export async function disableUser(
  deps: AdminUserDeps,
  actor: AuditActor,
  userId: string,
  reason: string | undefined,
): Promise<{ user: AdminUserRow; alertsDisabled: number; sessionsRevoked: number }> {
  const before = await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails })
  if (userId === actor.actorId) throw new AppError('conflict', "You can't disable your own account.")
  if (before.disabledAt) throw new AppError('conflict', 'This account is already disabled.')
  const now = deps.now()
  const result = await deps.db.transaction(async (tx) => {
    await tx.update(profiles).set({ disabledAt: now, disabledReason: reason || null, updatedAt: now }).where(eq(profiles.id, userId))
    const revoked = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
    const stopped = await tx
      .update(alerts)
      .set({ status: 'disabled', statusNote: DISABLED_WITH_ACCOUNT_NOTE, nextCheckAt: null, updatedAt: now })
      .where(and(eq(alerts.userId, userId), inArray(alerts.status, [...LIVE_ALERT_STATUSES])))
      .returning({ id: alerts.id })
    await tx
      .update(alertNotifications)
      .set({ status: 'skipped', lastError: 'account disabled', leaseUntil: null })
      .where(and(eq(alertNotifications.userId, userId), eq(alertNotifications.status, 'pending')))
    await recordAdminAction(tx, actor, {
      action: 'user.disable',
      targetType: 'user',
      targetId: userId,
      targetLabel: before.email,
      detail: { reason: reason || null, sessionsRevoked: revoked.length, alertsDisabled: stopped.length },
    })
    return { alertsDisabled: stopped.length, sessionsRevoked: revoked.length }
  })
  return { user: await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails }), ...result }
}

/**
 * POST /api/admin/users/:id/enable: the account may sign in again and the alerts its disabling
 * stopped watch again from now, fitted to the plan (a plan that shrank meanwhile pauses the excess).
 */
export async function enableUser(deps: AdminUserDeps, actor: AuditActor, userId: string): Promise<{ user: AdminUserRow; alertsRestored: number }> {
  const before = await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails })
  if (!before.disabledAt) throw new AppError('conflict', 'This account is not disabled.')
  const now = deps.now()
  const alertsRestored = await deps.db.transaction(async (tx) => {
    await tx.update(profiles).set({ disabledAt: null, disabledReason: null, updatedAt: now }).where(eq(profiles.id, userId))
    const restored = await tx
      .update(alerts)
      .set({ status: 'active', statusNote: null, nextCheckAt: now, consecutiveFailures: 0, updatedAt: now })
      .where(and(eq(alerts.userId, userId), eq(alerts.status, 'disabled'), eq(alerts.statusNote, DISABLED_WITH_ACCOUNT_NOTE)))
      .returning({ id: alerts.id })
    await applyPlanLimits({ db: tx, now: () => now }, userId)
    await recordAdminAction(tx, actor, {
      action: 'user.enable',
      targetType: 'user',
      targetId: userId,
      targetLabel: before.email,
      detail: { alertsRestored: restored.length },
    })
    return restored.length
  })
  return { user: await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails }), alertsRestored }
}
