import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm'
import { deriveEntitlement, ENTITLING_STATUSES } from '#shared/billing.ts'
import { profiles, subscriptions } from '../db/schema.ts'
import type { BillingDeps } from './billing-deps.ts'
import { notifyBillingOutcome } from './billing-notices.ts'
import { refreshEntitlement, withBillingLock } from './entitlement.ts'
import { renewLocalSubscriptions } from './local/renew-local-subscriptions.ts'
import type { ProviderSubscription } from './provider-subscription.ts'
import type { StripeGateway } from './stripe/stripe-gateway.ts'
import { syncStripeCustomer } from './stripe/sync-stripe-customer.ts'

export interface ReconcileReport {
  provider: 'stripe' | 'local'
  /** Stripe: customers whose live subscriptions differed between Stripe and here, and were re-read. */
  customersRepaired: number
  /** Local: subscriptions renewed or ended on the server's clock. */
  renewals: number
  /** Users whose stored tier disagreed with their subscriptions and was corrected. */
  tiersRepaired: number
}

type Fingerprinted = Pick<ProviderSubscription, 'providerSubscriptionId' | 'status' | 'priceId' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>
const fingerprint = (s: Fingerprinted) =>
  [s.providerSubscriptionId, s.status, s.priceId, s.cancelAtPeriodEnd, s.currentPeriodEnd?.getTime() ?? ''].join('|')

function addTo(map: Map<string, Set<string>>, customerId: string, sub: Fingerprinted) {
  const set = map.get(customerId) ?? new Set<string>()
  set.add(fingerprint(sub))
  map.set(customerId, set)
}

/** Customers whose live subscriptions at Stripe differ from the mirror: missed or failed webhooks. */
async function driftedStripeCustomers(deps: BillingDeps, stripe: StripeGateway): Promise<string[]> {
  const theirs = new Map<string, Set<string>>()
  for (const status of ['active', 'trialing', 'past_due'] as const) {
    for await (const sub of stripe.listSubscriptionsWithStatus(status)) addTo(theirs, sub.providerCustomerId, sub)
  }
  const ours = new Map<string, Set<string>>()
  const mirrored = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'stripe'), inArray(subscriptions.status, [...ENTITLING_STATUSES])))
  for (const row of mirrored) addTo(ours, row.providerCustomerId, { ...row, priceId: row.priceId as ProviderSubscription['priceId'] })
  const same = (a?: Set<string>, b?: Set<string>) => (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every((x) => b?.has(x))
  return [...new Set([...theirs.keys(), ...ours.keys()])].filter((customer) => !same(theirs.get(customer), ours.get(customer)))
}

/**
 * Repairs drift between what users pay for and what they get (security target P5): on Stripe it
 * compares Stripe's live subscriptions with the mirror and re-reads every customer that differs;
 * in the local test mode it runs the renewals that are due. Then every user whose stored tier no
 * longer matches their subscriptions (a grace period that ran out, a hand edit) is re-derived.
 * The worker runs it daily; admins run it on demand.
 */
export async function reconcileBilling(deps: BillingDeps): Promise<ReconcileReport> {
  const report: ReconcileReport = { provider: deps.billing.provider, customersRepaired: 0, renewals: 0, tiersRepaired: 0 }
  const { stripe } = deps.billing
  if (stripe) {
    for (const customerId of await driftedStripeCustomers(deps, stripe)) {
      const outcome = await syncStripeCustomer({ ...deps, stripe }, customerId)
      if (!outcome || outcome.duplicate) {
        if (!outcome) deps.logger.warn({ customerId }, 'billing: Stripe has subscriptions for a customer FareDrop does not know')
        continue
      }
      report.customersRepaired++
      notifyBillingOutcome(deps, outcome)
    }
  } else {
    for (let batch = await renewLocalSubscriptions(deps); batch.processed > 0; batch = await renewLocalSubscriptions(deps)) {
      report.renewals += batch.processed
    }
  }
  report.tiersRepaired = await repairDriftedTiers(deps)
  return report
}

/** Users re-derived per query, so the id list stays far below PostgreSQL's parameter limit. */
const CHUNK = 500

async function repairDriftedTiers(deps: BillingDeps): Promise<number> {
  const candidates = await deps.db
    .select({ id: profiles.id, role: profiles.role, tier: profiles.subscriptionTier, grantedTier: profiles.grantedTier })
    .from(profiles)
    .where(
      or(
        ne(profiles.subscriptionTier, 'free'),
        ne(profiles.role, 'free'),
        isNotNull(profiles.grantedTier),
        inArray(profiles.id, deps.db.selectDistinct({ id: subscriptions.userId }).from(subscriptions)),
      ),
    )
  let repaired = 0
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const chunk = candidates.slice(i, i + CHUNK)
    const subs = await deps.db.select().from(subscriptions).where(inArray(subscriptions.userId, chunk.map((c) => c.id)))
    for (const profile of chunk) {
      const derived = deriveEntitlement({ ...profile, subscriptions: subs.filter((s) => s.userId === profile.id), now: deps.now() })
      if (derived.role === profile.role && derived.subscriptionTier === profile.tier) continue
      const outcome = await withBillingLock(deps.db, profile.id, async (tx) => ({
        userId: profile.id,
        events: [],
        tierChange: await refreshEntitlement(tx, profile.id, deps.now()),
      }))
      repaired++
      notifyBillingOutcome(deps, outcome)
    }
  }
  return repaired
}
