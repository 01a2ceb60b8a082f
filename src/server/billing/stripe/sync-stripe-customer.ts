import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { ENTITLING_STATUSES } from '#shared/billing.ts'
import type { Db } from '../../db/client.ts'
import { billingCustomers, billingEvents, subscriptions } from '../../db/schema.ts'
import { refreshEntitlement, withBillingLock, type TierChange } from '../entitlement.ts'
import type { ProviderSubscription } from '../provider-subscription.ts'
import { writeSubscription, type RecordedEvent } from '../subscription-store.ts'
import type { StripeGateway } from './stripe-gateway.ts'

export interface StripeSyncDeps {
  db: Db
  stripe: StripeGateway
  now: () => Date
}

export interface SyncOutcome {
  userId: string
  events: RecordedEvent[]
  tierChange: TierChange | null
  /** A newer read of this customer had already been applied, so this one changed nothing. */
  stale: boolean
}

/**
 * A ticket for one read of a customer's subscriptions, taken before the read. Tickets are handed
 * out in order by the database, so a higher ticket is a read that started later and saw at least
 * as much (decision 017).
 */
export async function takeSyncTicket(db: Db, customerId: string): Promise<{ userId: string; ticket: number } | null> {
  const [row] = await db
    .update(billingCustomers)
    .set({ syncSeq: sql`${billingCustomers.syncSeq} + 1` })
    .where(and(eq(billingCustomers.provider, 'stripe'), eq(billingCustomers.customerId, customerId)))
    .returning({ userId: billingCustomers.userId, ticket: billingCustomers.syncSeq })
  return row ?? null
}

/**
 * Applies one read of a customer's subscriptions (taken under `ticket`) unless a later read was
 * applied first, then derives the tier. Call inside `withBillingLock` for the customer's user.
 */
export async function applyCustomerRead(
  tx: Db,
  read: { userId: string; customerId: string; ticket: number; subscriptions: readonly ProviderSubscription[] },
  now: Date,
): Promise<SyncOutcome> {
  const customer = and(eq(billingCustomers.provider, 'stripe'), eq(billingCustomers.customerId, read.customerId))
  const [state] = await tx.select({ applied: billingCustomers.appliedSeq }).from(billingCustomers).where(customer).for('update')
  if (!state || state.applied >= read.ticket) return { userId: read.userId, events: [], tierChange: null, stale: true }

  const events: RecordedEvent[] = []
  for (const sub of read.subscriptions) events.push(...(await writeSubscription(tx, read.userId, sub, now)).events)
  // Live rows Stripe no longer lists (a deleted customer): their subscriptions are gone.
  const listed = read.subscriptions.map((s) => s.providerSubscriptionId)
  const vanished = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'stripe'),
        eq(subscriptions.providerCustomerId, read.customerId),
        inArray(subscriptions.status, [...ENTITLING_STATUSES]),
        listed.length > 0 ? notInArray(subscriptions.providerSubscriptionId, listed) : undefined,
      ),
    )
  for (const row of vanished) {
    const ended = { ...row, priceId: row.priceId as ProviderSubscription['priceId'], provider: 'stripe' as const, status: 'canceled', endedAt: now }
    events.push(...(await writeSubscription(tx, read.userId, ended, now)).events)
  }
  await tx.update(billingCustomers).set({ appliedSeq: read.ticket, updatedAt: now }).where(customer)
  return { userId: read.userId, events, tierChange: await refreshEntitlement(tx, read.userId, now), stale: false }
}

/**
 * Re-reads a customer's subscriptions from Stripe and applies them: what every webhook, user
 * action and repair does, so no event body is ever trusted for state. With `event`, the event id
 * is recorded in the same transaction: a second delivery of it stops there (`duplicate`).
 */
export async function syncStripeCustomer(
  deps: StripeSyncDeps,
  customerId: string,
  event?: { id: string; type: string },
): Promise<(SyncOutcome & { duplicate: false }) | { duplicate: true } | null> {
  const claim = await takeSyncTicket(deps.db, customerId)
  if (!claim) return null
  const subscriptionsRead = await deps.stripe.listCustomerSubscriptions(customerId)
  return withBillingLock(deps.db, claim.userId, async (tx) => {
    if (event) {
      const [recorded] = await tx
        .insert(billingEvents)
        .values({ id: event.id, provider: 'stripe', type: event.type, receivedAt: deps.now() })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id })
      if (!recorded) return { duplicate: true as const }
    }
    const outcome = await applyCustomerRead(tx, { ...claim, customerId, subscriptions: subscriptionsRead }, deps.now())
    return { ...outcome, duplicate: false as const }
  })
}
