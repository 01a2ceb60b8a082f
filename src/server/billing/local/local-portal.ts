import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { BILLING_MESSAGES, isPriceId, PRICES, type LocalPortalView, type SubscriptionView } from '#shared/billing.ts'
import { PRICE_IDS, type PriceId } from '#shared/plans.ts'
import { localPath } from '#shared/safe-redirect.ts'
import { testCardOutcome, testCardSchema } from '#shared/test-cards.ts'
import type { Db } from '../../db/client.ts'
import { billingCustomers, billingSessions } from '../../db/schema.ts'
import { AppError } from '../../lib/app-error.ts'
import type { BillingDeps } from '../billing-deps.ts'
import { noSubscription } from '../billing-errors.ts'
import { notifyBillingOutcome, type BillingOutcome } from '../billing-notices.ts'
import { findCurrentSubscription } from '../current-subscription.ts'
import { refreshEntitlement, withBillingLock } from '../entitlement.ts'
import { writeSubscription } from '../subscription-store.ts'
import { toSubscriptionView } from '../subscription-view.ts'
import { localChange, periodEnd } from './local-subscription.ts'

export const switchPlanSchema = z.strictObject({ priceId: z.enum(PRICE_IDS, { message: BILLING_MESSAGES.planUnavailable }) })

const portalNotFound = () => new AppError('not_found', 'This billing page does not exist or belongs to another account.')
const portalExpired = () => new AppError('conflict', 'This billing page has expired. Open Manage billing from your profile again.')

async function portalSession(db: Db, userId: string, id: string, now: Date, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(billingSessions)
    .where(and(eq(billingSessions.id, id), eq(billingSessions.userId, userId), eq(billingSessions.kind, 'portal')))
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) throw portalNotFound()
  return { row, expired: row.expiresAt <= now }
}

/** GET /api/billing/local/portal/:id */
export async function getLocalPortal(deps: Pick<BillingDeps, 'db' | 'now'>, userId: string, id: string): Promise<LocalPortalView> {
  const { row, expired } = await portalSession(deps.db, userId, id, deps.now())
  return { id: row.id, expired, return_path: localPath(new URL(row.returnUrl)), switch_to: isPriceId(row.priceId) ? row.priceId : null }
}

/** Runs a portal action under the user's billing lock, on their current local subscription. */
async function portalAction(
  deps: BillingDeps,
  userId: string,
  id: string,
  act: (tx: Db, current: NonNullable<Awaited<ReturnType<typeof findCurrentSubscription>>>, now: Date) => Promise<BillingOutcome['events']>,
): Promise<SubscriptionView> {
  const { subscription, outcome } = await withBillingLock(deps.db, userId, async (tx) => {
    const now = deps.now()
    if ((await portalSession(tx, userId, id, now)).expired) throw portalExpired()
    const current = await findCurrentSubscription(tx, userId, now)
    if (!current || current.provider !== 'local') throw noSubscription('You have no active plan to change.')
    const events = await act(tx, current, now)
    const tierChange = await refreshEntitlement(tx, userId, now)
    return { subscription: (await findCurrentSubscription(tx, userId, now)) ?? current, outcome: { userId, events, tierChange } }
  })
  notifyBillingOutcome(deps, outcome)
  return toSubscriptionView(subscription)
}

/**
 * POST /api/billing/local/portal/:id/switch: another price for the current subscription. A new
 * billing interval starts a new period today (as a Stripe switch from monthly to yearly does); the
 * same interval keeps the period. Switching also undoes a scheduled cancellation.
 */
export function switchLocalPlan(deps: BillingDeps, userId: string, id: string, priceId: PriceId): Promise<SubscriptionView> {
  return portalAction(deps, userId, id, async (tx, current, now) => {
    if (current.priceId === priceId && !current.cancelAtPeriodEnd) return []
    const newInterval = !isPriceId(current.priceId) || PRICES[current.priceId].interval !== PRICES[priceId].interval
    const change = localChange(current, {
      priceId,
      providerPriceId: priceId,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      ...(newInterval ? { currentPeriodStart: now, currentPeriodEnd: periodEnd(now, priceId) } : {}),
    })
    return (await writeSubscription(tx, userId, change, now)).events
  })
}

/**
 * POST /api/billing/local/portal/:id/card: a new test card on file. A subscription whose renewal
 * failed is paid with it at once and becomes active again.
 */
export function updateLocalCard(deps: BillingDeps, userId: string, id: string, body: unknown): Promise<SubscriptionView> {
  const card = testCardSchema(deps.now()).parse(body)
  const outcome = testCardOutcome(card.number)
  if ('declined' in outcome) throw new AppError('payment_failed', outcome.declined, { fieldErrors: { number: [outcome.declined] } })
  return portalAction(deps, userId, id, async (tx, current, now) => {
    await tx
      .update(billingCustomers)
      .set({ cardBrand: outcome.card.brand, cardLast4: card.number.slice(-4), cardOutcome: outcome.card.outcome, updatedAt: now })
      .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, 'local')))
    if (current.status !== 'past_due' || outcome.card.outcome === 'renewals_fail') return []
    return (await writeSubscription(tx, userId, localChange(current, { status: 'active' }), now)).events
  })
}
