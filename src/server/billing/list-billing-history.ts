import { desc, eq } from 'drizzle-orm'
import { isPriceId, type BillingEventKind, type BillingHistoryEntry } from '#shared/billing.ts'
import type { PlanId } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { billingHistory } from '../db/schema.ts'

const HISTORY_LIMIT = 50

/** GET /api/billing/history: the user's plan and subscription changes, newest first. */
export async function listBillingHistory(db: Db, userId: string): Promise<BillingHistoryEntry[]> {
  const rows = await db
    .select()
    .from(billingHistory)
    .where(eq(billingHistory.userId, userId))
    .orderBy(desc(billingHistory.createdAt), desc(billingHistory.kind))
    .limit(HISTORY_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as BillingEventKind,
    from_tier: row.fromTier as PlanId | null,
    to_tier: row.toTier as PlanId | null,
    price_id: isPriceId(row.priceId) ? row.priceId : null,
    period_end: row.periodEnd?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }))
}
