import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { profiles, userEmails } from '../db/schema.ts'
import { planUserEmailSync } from './user-email-sync.ts'

export interface AccountUser {
  id: string
  email: string
  emailVerified: boolean
}

/**
 * Run whenever a session starts: makes sure the user has a profile, notes the sign-in time, keeps
 * user_emails in step with the account email, and grants admin to verified addresses listed in
 * ADMIN_EMAILS.
 */
export async function ensureAccountRecords(
  deps: { db: Db; adminEmails: readonly string[]; now?: () => Date },
  user: AccountUser,
): Promise<void> {
  const now = deps.now?.() ?? new Date()
  const grantAdmin = user.emailVerified && deps.adminEmails.includes(user.email.toLowerCase())
  await deps.db
    .insert(profiles)
    .values({ id: user.id, role: grantAdmin ? 'admin' : 'free', lastSignInAt: now })
    .onConflictDoUpdate({ target: profiles.id, set: grantAdmin ? { role: 'admin', lastSignInAt: now } : { lastSignInAt: now } })

  const records = await deps.db
    .select({ email: userEmails.email, isPrimary: userEmails.isPrimary, isVerified: userEmails.isVerified })
    .from(userEmails)
    .where(eq(userEmails.userId, user.id))
  const action = planUserEmailSync(records, user, now)
  if (action.kind === 'insert') {
    await deps.db
      .insert(userEmails)
      .values({
        userId: user.id,
        email: action.email,
        isPrimary: action.isPrimary,
        isVerified: action.isVerified,
        verifiedAt: action.verifiedAt,
      })
      .onConflictDoNothing()
  } else if (action.kind === 'mark-verified') {
    await deps.db
      .update(userEmails)
      .set({ isVerified: true, verifiedAt: action.verifiedAt })
      .where(and(eq(userEmails.userId, user.id), eq(userEmails.email, action.email)))
  }
}
