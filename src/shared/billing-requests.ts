import { z } from 'zod'

/** Request bodies of the billing API (spec section 7 "Backend functions"), checked on both sides. */

const sameOriginUrl = z.string().trim().min(1).max(2048)

/** POST /api/billing/checkout (spec section 7 "create-checkout-session"). */
export const checkoutRequestSchema = z.strictObject({
  priceId: z.string().max(200),
  mode: z.literal('subscription', { message: 'Only subscription checkouts are offered.' }).default('subscription'),
  successUrl: sameOriginUrl.default('/profile?success=true'),
  cancelUrl: sameOriginUrl.default('/profile'),
  /** Passed to the provider with the checkout (Stripe's metadata limits). */
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 20, { message: 'At most 20 metadata keys.' })
    .optional(),
})
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>

/** POST /api/billing/portal: `priceId` opens the portal on switching to that price. */
export const portalRequestSchema = z.strictObject({
  returnUrl: sameOriginUrl.default('/profile'),
  priceId: z.string().max(200).optional(),
})

export const emptyBodySchema = z.strictObject({})

