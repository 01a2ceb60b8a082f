import type { Auth } from '../auth/auth.ts'
import { AppError } from '../lib/app-error.ts'
import type { AdminUserDeps } from './admin-deps.ts'
import { getAdminUser } from './admin-users.ts'
import { recordAdminAction, type AuditActor } from './audit-log.ts'

/**
 * POST /api/admin/users/:id/resend-verification: a new verification link, through the same path as
 * the user's own resend, so the per-inbox limit (security target A12) holds for admins too.
 */
export async function resendVerification(deps: AdminUserDeps & { auth: Auth }, actor: AuditActor, userId: string): Promise<{ sent: true }> {
  const user = await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails })
  if (user.emailVerified) throw new AppError('conflict', 'This email address is already verified.')
  if (user.disabledAt) throw new AppError('conflict', 'This account is disabled; enable it first.')
  await deps.auth.api.sendVerificationEmail({ body: { email: user.email, callbackURL: '/' } })
  await recordAdminAction(deps.db, actor, { action: 'user.resend_verification', targetType: 'user', targetId: userId, targetLabel: user.email })
  return { sent: true }
}
