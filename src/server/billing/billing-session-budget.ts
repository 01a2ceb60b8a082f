import { and, count, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { billingSessions } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { withBillingLock } from './entitlement.ts'

/** Checkout and portal sessions one user may open per hour (each may cost a Stripe call). */
export const SESSIONS_PER_HOUR = 20

export type BillingSessionValues = typeof billingSessions.$inferInsert

/**
 * Records a checkout or portal session, refusing one beyond the hourly budget (a script hammering
 * the button). Counting and recording happen under the user's billing lock, so parallel requests
 * can't all slip under the limit. A Stripe session is recorded before Stripe is asked (under a
 * provisional id, replaced by Stripe's once it answers), so a failed call still counts.
 */
export async function recordBillingSession(db: Db, values: BillingSessionValues & { createdAt: Date }): Promise<void> {
  await withBillingLock(db, values.userId, async (tx) => {
    const [row] = await tx
      .select({ opened: count() })
      .from(billingSessions)
      .where(and(eq(billingSessions.userId, values.userId), gt(billingSessions.createdAt, new Date(values.createdAt.getTime() - 3_600_000))))
    if ((row?.opened ?? 0) >= SESSIONS_PER_HOUR) {
      throw new AppError('rate_limited', 'Too many checkout attempts. Please try again in a few minutes.', { headers: { 'Retry-After': '600' } })
    }
    await tx.insert(billingSessions).values(values)
  })
}

/** Gives a provisionally recorded session the provider's id. */
export async function renameBillingSession(db: Db, provisionalId: string, id: string): Promise<void> {
  await db.update(billingSessions).set({ id }).where(eq(billingSessions.id, provisionalId))
}
