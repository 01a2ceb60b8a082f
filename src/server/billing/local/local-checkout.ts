import { and, eq } from 'drizzle-orm'
import { isPriceId, PRICES, type LocalCheckoutView } from '#shared/billing.ts'
import { getPlan } from '#shared/plans.ts'
import { localPath } from '#shared/safe-redirect.ts'
import { testCardOutcome, testCardSchema } from '#shared/test-cards.ts'
import type { Db } from '../../db/client.ts'
import { billingCustomers, billingSessions } from '../../db/schema.ts'
import { AppError } from '../../lib/app-error.ts'
import type { BillingDeps } from '../billing-deps.ts'
import { alreadySubscribed } from '../billing-errors.ts'
import { notifyBillingOutcome } from '../billing-notices.ts'
import { ensureBillingCustomer } from '../billing-customers.ts'
import { findCurrentSubscription } from '../current-subscription.ts'
import { refreshEntitlement, withBillingLock } from '../entitlement.ts'
import { writeSubscription } from '../subscription-store.ts'
import { localId, periodEnd } from './local-subscription.ts'

type SessionRow = typeof billingSessions.$inferSelect

const checkoutNotFound = () => new AppError('not_found', 'This checkout does not exist or belongs to another account.')
const checkoutExpired = () => new AppError('conflict', 'This checkout has expired. Choose your plan again from your profile.')

async function ownedSession(db: Db, userId: string, id: string, kind: SessionRow['kind']): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(billingSessions)
    .where(and(eq(billingSessions.id, id), eq(billingSessions.userId, userId), eq(billingSessions.kind, kind)))
  if (!row) throw checkoutNotFound()
  return row
}

const statusAt = (row: SessionRow, now: Date): SessionRow['status'] => (row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status)

/** GET /api/billing/local/checkout/:id: what the test checkout page shows. Other users' sessions are 404. */
export async function getLocalCheckout(deps: Pick<BillingDeps, 'db' | 'now'>, user: { id: string; email: string }, id: string): Promise<LocalCheckoutView> {
  const row = await ownedSession(deps.db, user.id, id, 'checkout')
  if (!isPriceId(row.priceId)) throw checkoutNotFound()
  const price = PRICES[row.priceId]
  return {
    id: row.id,
    status: statusAt(row, deps.now()),
    price: { ...price, planName: getPlan(price.plan).name },
    email: user.email,
    expires_at: row.expiresAt.toISOString(),
    cancel_path: localPath(new URL(row.cancelUrl ?? row.returnUrl)),
  }
}

/**
 * POST /api/billing/local/checkout/:id/pay: the test card form. Stripe's test numbers behave as in
 * Stripe's test mode (4242… pays, 4000 0000 0000 0002 is declined). A paid session starts an active
 * subscription for one period and derives the tier in the same transaction; paying it again
 * answers the same success without a second subscription.
 */
export async function payLocalCheckout(
  deps: BillingDeps,
  user: { id: string; email: string; name: string },
  id: string,
  body: unknown,
): Promise<{ redirect_path: string }> {
  const card = testCardSchema(deps.now()).parse(body)
  const outcome = testCardOutcome(card.number)
  const result = await withBillingLock(deps.db, user.id, async (tx) => {
    const now = deps.now()
    const [session] = await tx
      .select()
      .from(billingSessions)
      .where(and(eq(billingSessions.id, id), eq(billingSessions.userId, user.id), eq(billingSessions.kind, 'checkout')))
      .for('update')
    if (!session || !isPriceId(session.priceId)) throw checkoutNotFound()
    const done = { redirect_path: localPath(new URL(session.returnUrl.replace('{CHECKOUT_SESSION_ID}', session.id))) }
    if (session.status === 'complete') return { done, outcome: null }
    if (statusAt(session, now) === 'expired') throw checkoutExpired()
    if ('declined' in outcome) throw new AppError('payment_failed', outcome.declined, { fieldErrors: { number: [outcome.declined] } })

    const current = await findCurrentSubscription(tx, user.id, now)
    if (current) {
      await tx.update(billingSessions).set({ status: 'expired' }).where(eq(billingSessions.id, id))
      throw alreadySubscribed(isPriceId(current.priceId) ? PRICES[current.priceId].plan : null)
    }
    const customer = await ensureBillingCustomer(tx, user, 'local', null)
    await tx
      .update(billingCustomers)
      .set({ cardBrand: outcome.card.brand, cardLast4: card.number.slice(-4), cardOutcome: outcome.card.outcome, updatedAt: now })
      .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.provider, 'local')))
    const { row, events } = await writeSubscription(
      tx,
      user.id,
      {
        provider: 'local',
        providerSubscriptionId: localId('sub'),
        providerCustomerId: customer.customerId,
        providerItemId: null,
        providerPriceId: session.priceId,
        priceId: session.priceId,
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd(now, session.priceId),
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endedAt: null,
        createdAt: now,
      },
      now,
    )
    await tx.update(billingSessions).set({ status: 'complete', subscriptionId: row.id }).where(eq(billingSessions.id, id))
    return { done, outcome: { userId: user.id, events, tierChange: await refreshEntitlement(tx, user.id, now) } }
  })
  if (result.outcome) notifyBillingOutcome(deps, result.outcome)
  return result.done
}
