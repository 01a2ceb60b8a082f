import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { AdminBillingSummary } from '#shared/admin.ts'
import type { PriceId } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { adminAuditLog, billingHistory, scheduledTaskRuns, subscriptions, users } from '../db/schema.ts'

const FAILED_LIMIT = 100

/**
 * GET /api/admin/billing: subscriptions by status, the ones whose payment failed (with when it last
 * failed), and when billing was last reconciled (by the worker's daily run or an admin).
 */
export async function getBillingSummary(db: Db): Promise<AdminBillingSummary> {
  const [statuses, failing, [scheduled], [manual]] = await Promise.all([
    db.select({ status: subscriptions.status, n: sql<number>`count(*)::int` }).from(subscriptions).groupBy(subscriptions.status),
    db
      .select({
        subscriptionId: subscriptions.id,
        userId: subscriptions.userId,
        userEmail: users.email,
        priceId: subscriptions.priceId,
        status: subscriptions.status,
        provider: subscriptions.provider,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        failedAt: sql<string | null>`(select max(${billingHistory.createdAt}) from ${billingHistory}
          where ${billingHistory.userId} = ${subscriptions.userId} and ${billingHistory.kind} = 'payment_failed')`,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(inArray(subscriptions.status, ['past_due', 'unpaid']))
      .orderBy(desc(subscriptions.updatedAt))
      .limit(FAILED_LIMIT),
    db.select({ at: scheduledTaskRuns.lastRunAt }).from(scheduledTaskRuns).where(eq(scheduledTaskRuns.name, 'billing-reconciliation')),
    db
      .select({ at: adminAuditLog.at })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'billing.reconcile')))
      .orderBy(desc(adminAuditLog.at))
      .limit(1),
  ])
  const last = [scheduled?.at, manual?.at].filter((d): d is Date => d instanceof Date).sort((a, b) => b.getTime() - a.getTime())[0]
  return {
    byStatus: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
    failedPayments: failing.map((row) => ({
      ...row,
      priceId: row.priceId as PriceId | null,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      failedAt: row.failedAt ? new Date(row.failedAt).toISOString() : null,
    })),
    lastReconciledAt: last?.toISOString() ?? null,
  }
}
