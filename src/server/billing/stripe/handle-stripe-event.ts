import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { billingEvents } from '../../db/schema.ts'
import { syncStripeCustomer, type StripeSyncDeps, type SyncOutcome } from './sync-stripe-customer.ts'

export type EventResult =
  | { result: 'applied'; outcome: SyncOutcome }
  | { result: 'duplicate' }
  /** No customer we know of (or none at all): recorded, nothing to change. */
  | { result: 'ignored' }

/** The customer an event is about: its object's `customer`, or the object itself for customer.* events. */
export function eventCustomer(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; customer?: string | { id: string } | null }
  if (object.object === 'customer' && typeof object.id === 'string') return object.id
  const customer = object.customer
  if (typeof customer === 'string') return customer
  if (customer && typeof customer === 'object' && typeof customer.id === 'string') return customer.id
  return null
}

/**
 * A verified Stripe event: whatever its type, re-read that customer's subscriptions from Stripe and
 * apply them (sync-stripe-customer.ts). Checkout completions, subscription changes, paid and failed
 * invoices all come down to that, and duplicates, replays and out-of-order deliveries can't leave a
 * tier the subscriptions don't pay for. Stripe's read failing throws: the 5xx makes Stripe retry.
 */
export async function handleStripeEvent(deps: StripeSyncDeps, event: Stripe.Event): Promise<EventResult> {
  // A repeat of an applied event stops here without asking Stripe (the transaction checks again).
  const [seen] = await deps.db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, event.id))
  if (seen) return { result: 'duplicate' }
  const customerId = eventCustomer(event)
  const outcome = customerId ? await syncStripeCustomer(deps, customerId, { id: event.id, type: event.type }) : null
  if (outcome === null) {
    await deps.db.insert(billingEvents).values({ id: event.id, provider: 'stripe', type: event.type, receivedAt: deps.now() }).onConflictDoNothing()
    return { result: 'ignored' }
  }
  return outcome.duplicate ? { result: 'duplicate' } : { result: 'applied', outcome }
}
