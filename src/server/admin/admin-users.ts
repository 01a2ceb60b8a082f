import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { AdminUserRow } from '#shared/admin.ts'
import { currentSubscription } from '#shared/billing.ts'
import type { PlanId, PriceId } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { alerts, profiles, subscriptions, users } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { escapeLike } from './escape-like.ts'

const LIVE = sql`('active', 'triggered', 'at_risk')`

/**
 * The admin console's view of accounts: search by email (or name, or exact id), with the figures a
 * support person needs beside each. `adminEmails` marks accounts whose admin role comes from config.
 */
export async function listAdminUsers(
  db: Db,
  input: { q: string; limit: number; now: Date; adminEmails: readonly string[] },
): Promise<AdminUserRow[]> {
  const pattern = `%${escapeLike(input.q)}%`
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(input.q ? or(ilike(users.email, pattern), ilike(users.name, pattern), eq(users.id, input.q)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(input.limit)
  return adminUserRows(db, rows.map((r) => r.id), input)
}

export async function getAdminUser(db: Db, id: string, input: { now: Date; adminEmails: readonly string[] }): Promise<AdminUserRow> {
  const [row] = await adminUserRows(db, [id], input)
  if (!row) throw new AppError('not_found', 'User not found')
  return row
}

/** Rows for these users, in the order given. Three queries whatever the count. */
export async function adminUserRows(db: Db, ids: readonly string[], input: { now: Date; adminEmails: readonly string[] }): Promise<AdminUserRow[]> {
  if (ids.length === 0) return []
  const idList = [...ids]
  const [base, alertCounts, subs] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        role: profiles.role,
        tier: profiles.subscriptionTier,
        grantedTier: profiles.grantedTier,
        disabledAt: profiles.disabledAt,
        lastSignInAt: profiles.lastSignInAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(inArray(users.id, idList)),
    db
      .select({
        userId: alerts.userId,
        total: sql<number>`count(*)::int`,
        live: sql<number>`(count(*) filter (where ${alerts.status} in ${LIVE}))::int`,
      })
      .from(alerts)
      .where(inArray(alerts.userId, idList))
      .groupBy(alerts.userId),
    db.select().from(subscriptions).where(inArray(subscriptions.userId, idList)),
  ])
  const byId = new Map(base.map((row) => [row.id, row]))
  return idList.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const counts = alertCounts.find((c) => c.userId === id)
    const current = currentSubscription(
      subs.filter((s) => s.userId === id),
      input.now,
    )
    return [
      {
        id: row.id,
        email: row.email,
        name: row.name,
        emailVerified: row.emailVerified,
        role: row.role ?? 'free',
        tier: (row.tier ?? 'free') as PlanId,
        grantedTier: row.grantedTier ?? null,
        disabledAt: row.disabledAt?.toISOString() ?? null,
        alertCount: counts?.total ?? 0,
        liveAlertCount: counts?.live ?? 0,
        subscription: current
          ? { priceId: current.priceId as PriceId | null, status: current.status, currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null }
          : null,
        lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        adminByConfig: row.emailVerified && input.adminEmails.includes(row.email.toLowerCase()),
      },
    ]
  })
}
