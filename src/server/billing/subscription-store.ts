import { and, desc, eq } from 'drizzle-orm'
import type { BillingEventKind } from '#shared/billing.ts'
import type { Db } from '../db/client.ts'
import { billingHistory, subscriptions } from '../db/schema.ts'
import type { ProviderSubscription } from './provider-subscription.ts'
import { subscriptionEvents } from './subscription-events.ts'

export type SubscriptionRow = typeof subscriptions.$inferSelect

export interface RecordedEvent {
  kind: BillingEventKind
  subscriptionId: string
  priceId: string | null
  periodEnd: Date | null
}

/**
 * Stores a provider's view of one subscription for `userId` and writes the history its change
 * makes. Run inside `withBillingLock`, so two writers of one user's billing queue up.
 */
export async function writeSubscription(
  tx: Db,
  userId: string,
  next: ProviderSubscription,
  now: Date,
): Promise<{ row: SubscriptionRow; events: RecordedEvent[] }> {
  const [before] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, next.provider), eq(subscriptions.providerSubscriptionId, next.providerSubscriptionId)))
    .for('update')
  const values = {
    providerCustomerId: next.providerCustomerId,
    providerItemId: next.providerItemId,
    providerPriceId: next.providerPriceId,
    priceId: next.priceId,
    status: next.status,
    currentPeriodStart: next.currentPeriodStart,
    currentPeriodEnd: next.currentPeriodEnd,
    cancelAtPeriodEnd: next.cancelAtPeriodEnd,
    canceledAt: next.canceledAt,
    endedAt: next.endedAt,
    updatedAt: now,
  }
  const [row] = before
    ? await tx.update(subscriptions).set(values).where(eq(subscriptions.id, before.id)).returning()
    : await tx
        .insert(subscriptions)
        .values({ ...values, userId, provider: next.provider, providerSubscriptionId: next.providerSubscriptionId, createdAt: next.createdAt })
        .returning()
  const events = subscriptionEvents(before ?? null, next).map((kind) => ({
    kind,
    subscriptionId: row!.id,
    priceId: next.priceId,
    periodEnd: next.currentPeriodEnd,
  }))
  if (events.length > 0) {
    await tx.insert(billingHistory).values(
      events.map((event) => ({ userId: row!.userId, kind: event.kind, priceId: event.priceId, subscriptionId: event.subscriptionId, periodEnd: event.periodEnd, createdAt: now })),
    )
  }
  return { row: row!, events }
}

/** A user's subscriptions, newest first. */
export function userSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt))
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id))
  return row ?? null
}
