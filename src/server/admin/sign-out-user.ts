import { eq } from 'drizzle-orm'
import { sessions } from '../db/schema.ts'
import type { AdminUserDeps } from './admin-deps.ts'
import { getAdminUser } from './admin-users.ts'
import { recordAdminAction, type AuditActor } from './audit-log.ts'

/** POST /api/admin/users/:id/sign-out: ends every session of the user (a lost phone, a shared laptop). */
export async function signOutUser(deps: AdminUserDeps, actor: AuditActor, userId: string): Promise<{ sessionsRevoked: number }> {
  const user = await getAdminUser(deps.db, userId, { now: deps.now(), adminEmails: deps.adminEmails })
  return deps.db.transaction(async (tx) => {
    const revoked = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
    await recordAdminAction(tx, actor, {
      action: 'user.sign_out',
      targetType: 'user',
      targetId: userId,
      targetLabel: user.email,
      detail: { sessionsRevoked: revoked.length },
    })
    return { sessionsRevoked: revoked.length }
  })
}
