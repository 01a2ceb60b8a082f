import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { BILLING_MESSAGES } from '#shared/billing.ts'
import { checkoutRequestSchema, emptyBodySchema, portalRequestSchema } from '#shared/billing-requests.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/viewer.ts'
import { jsonBody, optionalJsonBody } from '../http/json-body.ts'
import { AppError } from '../lib/app-error.ts'
import type { BillingDeps } from './billing-deps.ts'
import { notifyBillingOutcome } from './billing-notices.ts'
import { getSubscription } from './get-subscription.ts'
import { listBillingHistory } from './list-billing-history.ts'
import { getLocalCheckout, payLocalCheckout } from './local/local-checkout.ts'
import { getLocalPortal, switchLocalPlan, switchPlanSchema, updateLocalCard } from './local/local-portal.ts'
import { openPortal } from './open-portal.ts'
import { setCancelAtPeriodEnd } from './set-cancel-at-period-end.ts'
import { startCheckout } from './start-checkout.ts'
import { handleStripeEvent } from './stripe/handle-stripe-event.ts'
import type { ApiBody } from '#shared/api-contract.ts'

/** Stripe's events are larger than our JSON bodies (a subscription with its items and prices). */
export const WEBHOOK_BODY_LIMIT = 1_048_576
export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe-webhook'

const notFound = () => new AppError('not_found', 'No such billing endpoint on this server.')

/**
 * /api/billing (spec section 7 "Backend functions"): every call needs a session and answers 401
 * "User must be authenticated" without one, except Stripe's signed webhook. The local test mode's
 * checkout and portal pages have their own calls under /local, which answer 404 on Stripe.
 */
export function billingRoutes(deps: BillingDeps & { auth: Auth }) {
  const app = new Hono()

  app.post('/stripe-webhook', bodyLimit({ maxSize: WEBHOOK_BODY_LIMIT, onError: () => { throw new AppError('payload_too_large', 'Webhook body too large.') } }), async (c) => {
    const stripe = deps.billing.stripe
    if (!stripe) throw notFound()
    const signature = c.req.header('stripe-signature')
    if (!signature) throw new AppError('bad_request', 'Missing Stripe-Signature header.')
    // The signature covers the exact bytes received: read them before anything parses the body.
    const raw = await c.req.text()
    const event = await stripe.verifyEvent(raw, signature, deps.now()).catch((error: unknown) => {
      throw new AppError('bad_request', 'Webhook signature verification failed.', { cause: error })
    })
    const handled = await handleStripeEvent({ ...deps, stripe }, event)
    if (handled.result === 'applied') notifyBillingOutcome(deps, handled.outcome)
    return c.json({ received: true, result: handled.result })
  })

  // Every route below answers only a signed-in caller (typed: `c.var.viewer`).
  const signedIn = app.use('*', requireUser(deps, BILLING_MESSAGES.unauthenticated))

  signedIn.get('/subscription', async (c) => c.json((await getSubscription(deps, c.var.viewer.user.id)) satisfies ApiBody<'GET /api/billing/subscription'>))
  signedIn.get('/history', async (c) => c.json({ events: await listBillingHistory(deps.db, c.var.viewer.user.id) } satisfies ApiBody<'GET /api/billing/history'>))

  signedIn.post('/checkout', async (c) => {
    const input = checkoutRequestSchema.parse(await jsonBody(c))
    return c.json((await startCheckout(deps, c.var.viewer.user, input)) satisfies ApiBody<'POST /api/billing/checkout'>)
  })
  signedIn.post('/cancel', async (c) => {
    emptyBodySchema.parse(await optionalJsonBody(c))
    return c.json({ subscription: await setCancelAtPeriodEnd(deps, c.var.viewer.user.id, true) } satisfies ApiBody<'POST /api/billing/cancel'>)
  })
  signedIn.post('/reactivate', async (c) => {
    emptyBodySchema.parse(await optionalJsonBody(c))
    return c.json({ subscription: await setCancelAtPeriodEnd(deps, c.var.viewer.user.id, false) } satisfies ApiBody<'POST /api/billing/reactivate'>)
  })
  signedIn.post('/portal', async (c) => {
    const input = portalRequestSchema.parse(await optionalJsonBody(c))
    return c.json((await openPortal(deps, c.var.viewer.user.id, input)) satisfies ApiBody<'POST /api/billing/portal'>)
  })

  // The local test mode's own checkout and portal pages.
  const local = new Hono().use('*', requireUser(deps, BILLING_MESSAGES.unauthenticated))
  local.use('*', async (_c, next) => {
    if (deps.billing.stripe) throw notFound()
    await next()
  })
  local.get('/checkout/:id', async (c) => c.json({ checkout: await getLocalCheckout(deps, c.var.viewer.user, c.req.param('id')) } satisfies ApiBody<'GET /api/billing/local/checkout/:id'>))
  local.post('/checkout/:id/pay', async (c) => c.json((await payLocalCheckout(deps, c.var.viewer.user, c.req.param('id'), await jsonBody(c))) satisfies ApiBody<'POST /api/billing/local/checkout/:id/pay'>))
  local.get('/portal/:id', async (c) => c.json({ portal: await getLocalPortal(deps, c.var.viewer.user.id, c.req.param('id')) } satisfies ApiBody<'GET /api/billing/local/portal/:id'>))
  local.post('/portal/:id/switch', async (c) => {
    const { priceId } = switchPlanSchema.parse(await jsonBody(c))
    return c.json({ subscription: await switchLocalPlan(deps, c.var.viewer.user.id, c.req.param('id'), priceId) } satisfies ApiBody<'POST /api/billing/local/portal/:id/switch'>)
  })
  local.post('/portal/:id/card', async (c) =>
    c.json({ subscription: await updateLocalCard(deps, c.var.viewer.user.id, c.req.param('id'), await jsonBody(c)) } satisfies ApiBody<'POST /api/billing/local/portal/:id/card'>),
  )
  signedIn.route('/local', local)
  return app
}
