import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import type { QuotaStatus } from '#shared/alerts/alert-rules.ts'
import type { BillingHistoryEntry, SubscriptionResponse, SubscriptionView } from '#shared/billing.ts'
import { renderWithProviders } from '#tests/setup/render.tsx'
import { stubApi, type Answer, type ApiCall } from '#tests/setup/fake-api.ts'
import { makeMe, makeQuota } from '../alerts/test-fixtures.tsx'
import { meQueryOptions, type Me } from '../../lib/session.ts'

/** Subscriptions and a stubbed billing API for the billing component tests. */

export function makeSubscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 'sub_1',
    price_id: 'premium_monthly',
    status: 'active',
    current_period_start: '2026-11-25T12:00:00.000Z',
    current_period_end: '2026-12-25T12:00:00.000Z',
    cancel_at_period_end: false,
    provider: 'local',
    ...overrides,
  }
}

export function makeSubscriptionResponse(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  const subscription = overrides.subscription === undefined ? null : overrides.subscription
  const tier = subscription?.price_id?.startsWith('elite') ? 'elite' : subscription ? 'premium' : 'free'
  return {
    subscription,
    role: tier,
    subscription_tier: tier,
    billing: { provider: 'local', testMode: true },
    paymentMethod: subscription ? { brand: 'Visa', last4: '4242' } : null,
    ...overrides,
  }
}

export const paying = (overrides: Partial<SubscriptionView> = {}) => makeSubscriptionResponse({ subscription: makeSubscription(overrides) })

/**
 * Stubs fetch for billing screens: a signed-in user, the subscription (a value, or a function read
 * at every call, for polling), the history and the quota; `answer` takes any call first.
 */
export function serveBillingApi(
  options: {
    me?: Me
    subscription?: SubscriptionResponse | (() => SubscriptionResponse)
    history?: BillingHistoryEntry[]
    quota?: QuotaStatus
    answer?: (call: ApiCall) => Answer
  } = {},
) {
  return stubApi(async (call) => {
    const { url } = call
    const custom = await options.answer?.(call)
    if (custom) return custom
    if (url === '/api/session') return Response.json(options.me ?? makeMe())
    if (url === '/api/alerts/quota') return Response.json(options.quota ?? makeQuota())
    if (url === '/api/billing/subscription') {
      const { subscription } = options
      return Response.json(typeof subscription === 'function' ? subscription() : (subscription ?? makeSubscriptionResponse()))
    }
    if (url === '/api/billing/history') return Response.json({ events: options.history ?? [] })
    return undefined
  })
}

function Where() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>
}

/**
 * Renders `ui` on the route `pattern`, starting at `path`; the current location is readable.
 * `signedIn` puts the viewer in the cache first, as the app has it once the session is known.
 */
export function renderRoute(ui: ReactNode, path: string, options: { pattern?: string; signedIn?: Me } = {}) {
  const rendered = renderWithProviders(null)
  if (options.signedIn) rendered.queryClient.setQueryData(meQueryOptions.queryKey, options.signedIn)
  rendered.rerender(
    <QueryClientProvider client={rendered.queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={options.pattern ?? path.replace(/[?#].*$/, '')} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return rendered
}
