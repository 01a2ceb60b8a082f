import { count, eq, gt } from 'drizzle-orm'
import type { AdminOverviewResponse } from '#shared/system.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, profiles, sessions, users } from '../db/schema.ts'

export type AdminOverview = AdminOverviewResponse['overview']

/** Headline figures for the admin dashboard. */
export async function getOverview(db: Db, now: Date): Promise<AdminOverview> {
  const [[all], [verified], [admins], [active], [dead]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(eq(users.emailVerified, true)),
    db.select({ n: count() }).from(profiles).where(eq(profiles.role, 'admin')),
    db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now)),
    db.select({ n: count() }).from(alertNotifications).where(eq(alertNotifications.status, 'dead')),
  ])
  return { users: all!.n, verifiedUsers: verified!.n, admins: admins!.n, activeSessions: active!.n, deadNotifications: dead!.n }
}
