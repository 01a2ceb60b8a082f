import { and, eq } from 'drizzle-orm'
import type { BillingProviderId } from '#shared/billing.ts'
import type { Db } from '../db/client.ts'
import { billingCustomers } from '../db/schema.ts'
import { localId } from './local/local-subscription.ts'
import type { StripeGateway } from './stripe/stripe-gateway.ts'

export type BillingCustomerRow = typeof billingCustomers.$inferSelect

export async function findBillingCustomer(db: Db, userId: string, provider: BillingProviderId): Promise<BillingCustomerRow | null> {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)))
  return row ?? null
}

/**
 * The user's customer at the provider, created on first use and reused by every later checkout
 * (so Stripe shows one customer per user with all their invoices). Two first checkouts at once
 * both ask Stripe with the same idempotency key and get the same customer.
 */
export async function ensureBillingCustomer(
  db: Db,
  user: { id: string; email: string; name: string },
  provider: BillingProviderId,
  stripe: StripeGateway | null,
): Promise<BillingCustomerRow> {
  const existing = await findBillingCustomer(db, user.id, provider)
  if (existing) return existing
  const customerId = provider === 'stripe' ? await stripe!.createCustomer(user) : localId('cus')
  await db.insert(billingCustomers).values({ userId: user.id, provider, customerId }).onConflictDoNothing()
  return (await findBillingCustomer(db, user.id, provider))!
}
