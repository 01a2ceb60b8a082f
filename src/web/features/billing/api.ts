import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { PriceId } from '#shared/plans.ts'
import { PATHS } from '#shared/routes.ts'
import type { TestCardInput } from '#shared/test-cards.ts'
import { api, ApiError, UNEXPECTED_ERROR } from '../../lib/api-client.ts'
import { alertQueryKeys } from '../alerts/index.ts'
import { meQueryOptions } from '../../lib/session.ts'

/** The billing endpoints (src/server/billing/routes.ts); every call is the signed-in user's own. */

export const billingQueryKeys = {
  all: ['billing'] as const,
  subscription: () => ['billing', 'subscription'] as const,
  history: () => ['billing', 'history'] as const,
  localCheckout: (id: string) => ['billing', 'local-checkout', id] as const,
  localPortal: (id: string) => ['billing', 'local-portal', id] as const,
}

export const subscriptionQueryOptions = queryOptions({
  queryKey: billingQueryKeys.subscription(),
  queryFn: ({ signal }) => api('GET /api/billing/subscription', { signal }),
})

export const billingHistoryQueryOptions = queryOptions({
  queryKey: billingQueryKeys.history(),
  queryFn: async ({ signal }) => (await api('GET /api/billing/history', { signal })).events,
})

/**
 * After any plan change: the billing data, and everything the plan decides elsewhere (the alert
 * quota and caps, the viewer's role that the alert form's channel locks read).
 */
export function refreshAfterPlanChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: alertQueryKeys.quota() }),
    queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  ])
}

/**
 * The server's own message for a call it refused or a provider failure it explains (spec section 8:
 * "a server-returned message is surfaced"), else the spec's message for the action: for a network
 * failure, an unexplained 500 or a body without a message.
 */
export function billingErrorMessage(error: unknown, fallback: string): string {
  const explained = error instanceof ApiError && error.status >= 400 && error.code !== 'internal' && error.message !== UNEXPECTED_ERROR
  return explained ? error.message : fallback
}

/**
 * POST /api/billing/checkout: where to send the browser (Stripe Checkout or the local test page).
 * Leaving the checkout comes back to this plan choice; success uses the server's default
 * (/profile?success=true).
 */
export function startCheckout(priceId: PriceId) {
  return api('POST /api/billing/checkout', { json: { priceId, cancelUrl: `${PATHS.profile}?plan=${priceId}` } })
}

export function cancelSubscription() {
  return api('POST /api/billing/cancel')
}

export function reactivateSubscription() {
  return api('POST /api/billing/reactivate')
}

/** POST /api/billing/portal; with `priceId` the portal opens on switching to that price. */
export function openBillingPortal(input: { returnUrl?: string; priceId?: PriceId } = {}) {
  return api('POST /api/billing/portal', { json: input })
}

// ---- The local test mode's own pages (answer 404 when the server runs on Stripe) ----

export function localCheckoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: billingQueryKeys.localCheckout(id),
    queryFn: async ({ signal }) => (await api('GET /api/billing/local/checkout/:id', { params: { id }, signal })).checkout,
    // A checkout page is one visit: refetching on focus would only re-ask what the page shows.
    refetchOnWindowFocus: false,
  })
}

export function payLocalCheckout(id: string, card: TestCardInput) {
  return api('POST /api/billing/local/checkout/:id/pay', { params: { id }, json: card })
}

export function localPortalQueryOptions(id: string) {
  return queryOptions({
    queryKey: billingQueryKeys.localPortal(id),
    queryFn: async ({ signal }) => (await api('GET /api/billing/local/portal/:id', { params: { id }, signal })).portal,
    refetchOnWindowFocus: false,
  })
}

export function switchLocalPlan(id: string, priceId: PriceId) {
  return api('POST /api/billing/local/portal/:id/switch', { params: { id }, json: { priceId } })
}

export function updateLocalCard(id: string, card: TestCardInput) {
  return api('POST /api/billing/local/portal/:id/card', { params: { id }, json: card })
}
