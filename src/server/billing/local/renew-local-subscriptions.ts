import { and, eq, inArray, lte, or } from 'drizzle-orm'
import { isPriceId, PAST_DUE_GRACE_DAYS } from '#shared/billing.ts'
import { billingCustomers, subscriptions } from '../../db/schema.ts'
import type { BillingDeps } from '../billing-deps.ts'
import { notifyBillingOutcome, type BillingOutcome } from '../billing-notices.ts'
import { refreshEntitlement, withBillingLock } from '../entitlement.ts'
import { findSubscription, writeSubscription, type SubscriptionRow } from '../subscription-store.ts'
import { localChange, periodEnd } from './local-subscription.ts'

const DAY_MS = 86_400_000
/** Renewals per run; the next run takes the rest. */
const BATCH = 100

const graceOver = (row: SubscriptionRow, now: Date) =>
  row.status === 'past_due' && !!row.currentPeriodStart && now.getTime() >= row.currentPeriodStart.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS

/**
 * The local test mode's billing clock: subscriptions whose period has ended (on the server's clock)
 * renew with the test card on file, or end if they were cancelled; a renewal the card can't pay
 * goes past_due, and a past_due one ends once its grace runs out (what Stripe does by default).
 * The worker runs it every minute; admins run it for one subscription (advance-clock).
 */
export async function renewLocalSubscriptions(deps: BillingDeps): Promise<{ processed: number }> {
  const now = deps.now()
  const due = await deps.db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        or(
          and(inArray(subscriptions.status, ['active', 'trialing']), lte(subscriptions.currentPeriodEnd, now)),
          and(eq(subscriptions.status, 'past_due'), lte(subscriptions.currentPeriodStart, new Date(now.getTime() - PAST_DUE_GRACE_DAYS * DAY_MS))),
        ),
      ),
    )
    .limit(BATCH)
  for (const row of due) await renewLocalSubscription(deps, row.userId, row.id)
  return { processed: due.length }
}

/** Brings one local subscription up to the server's clock (see above); a subscription not yet due is left as it is. */
export async function renewLocalSubscription(deps: BillingDeps, userId: string, subscriptionId: string): Promise<SubscriptionRow | null> {
  const result = await withBillingLock(deps.db, userId, async (tx) => {
    const now = deps.now()
    const row = await findSubscription(tx, subscriptionId)
    if (!row || row.provider !== 'local') return null
    const next = await nextState(row, now, async () => {
      const [customer] = await tx
        .select({ outcome: billingCustomers.cardOutcome })
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, 'local')))
      return customer?.outcome !== 'renewals_fail'
    })
    const events = next ? (await writeSubscription(tx, userId, next, now)).events : []
    const outcome: BillingOutcome = { userId, events, tierChange: await refreshEntitlement(tx, userId, now) }
    return { row: await findSubscription(tx, subscriptionId), outcome }
  })
  if (result) notifyBillingOutcome(deps, result.outcome)
  return result?.row ?? null
}

async function nextState(row: SubscriptionRow, now: Date, cardPays: () => Promise<boolean>) {
  if (graceOver(row, now)) return localChange(row, { status: 'canceled', endedAt: now, canceledAt: row.canceledAt ?? now })
  const live = row.status === 'active' || row.status === 'trialing'
  if (!live || !row.currentPeriodEnd || row.currentPeriodEnd > now || !isPriceId(row.priceId)) return null
  if (row.cancelAtPeriodEnd) return localChange(row, { status: 'canceled', endedAt: row.currentPeriodEnd })
  // A server that was off for months catches up in one step: the period that contains now.
  let start = row.currentPeriodEnd
  let end = periodEnd(start, row.priceId)
  while (end <= now) {
    start = end
    end = periodEnd(start, row.priceId)
  }
  return localChange(row, { currentPeriodStart: start, currentPeriodEnd: end, status: (await cardPays()) ? 'active' : 'past_due' })
}
