import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import type { Alert, AlertDetail } from '#shared/alerts/alert.ts'
import type { QuotaStatus } from '#shared/alerts/alert-rules.ts'
import { stubApi, type Answer, type ApiCall } from '#tests/setup/fake-api.ts'
import { renderWithProviders } from '#tests/setup/render.tsx'
import type { Me } from '../../lib/session.ts'

/** Alerts, quotas and a stubbed alerts API for the alerts component tests. Pure data plus test wiring. */

export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'a1',
    status: 'active',
    alert_category: 'other',
    name: 'LHR → JFK Route Alert',
    alertType: 'route',
    target_price: 500,
    trigger: 'below',
    drop_percent: null,
    baseline_price: null,
    renotify_step: { unit: 'percent', value: 5 },
    quiet_hours: null,
    digest: null,
    date_window: null,
    window_found: null,
    bags: null,
    currency: 'USD',
    origin_airport: 'LHR',
    destination_airport: 'JFK',
    departure_date: '2030-03-05',
    return_date: null,
    search_parameters: {
      departure_id: 'LHR',
      arrival_id: 'JFK',
      outbound_date: '2030-03-05',
      type: 2,
      adults: 1,
      children: 0,
      infants_in_seat: 0,
      infants_on_lap: 0,
      travel_class: 1,
      stops: 0,
      sort_by: 1,
      bags: 0,
      // Required by the inferred type (the schema casts it to `1 | undefined`), though optional on the wire.
      emissions: undefined,
      currency: 'USD',
      hl: 'en',
      gl: 'us',
      deep_search: true,
      show_hidden: true,
    },
    filters: null,
    trackedFlights: [],
    notification_channels: { email: true, sms: false, whatsapp: false, push: false },
    check_frequency: '15d',
    prices: [
      { price: 560, currency: 'USD', recorded_at: '2030-01-01T10:00:00.000Z' },
      { price: 520, currency: 'USD', recorded_at: '2030-01-16T10:00:00.000Z' },
      { price: 440, currency: 'USD', recorded_at: '2030-01-31T10:00:00.000Z' },
    ],
    lowest_price: 440,
    current_price: 470,
    last_checked_at: null,
    next_check_at: null,
    status_note: null,
    premium_reasons: [],
    client_id: null,
    created_at: '2030-01-01T09:00:00.000Z',
    updated_at: '2030-01-31T10:00:00.000Z',
    ...overrides,
  }
}

export function makeQuota(overrides: Partial<QuotaStatus> = {}): QuotaStatus {
  return { isPremiumUser: false, canCreateFreeAlert: true, used: 2, active: 2, limit: 3, tier: 'free', ...overrides }
}

export function makeMe(role: Me['profile']['role'] = 'free'): Me {
  return {
    user: { id: 'u1', email: 'ana@example.com', name: 'Ana Lima', emailVerified: true },
    profile: { role, subscription_tier: role },
    emails: [{ id: 'e1', email: 'ana@example.com', is_primary: true, is_verified: true, verified_at: '2030-01-01T00:00:00.000Z' }],
  }
}

export type { ApiCall } from '#tests/setup/fake-api.ts'

/**
 * Stubs fetch with a signed-in user, the quota, the list and each alert's detail; `answer` takes
 * any call first (return undefined to fall through). Every call is recorded.
 */
export function serveAlertsApi(options: { alerts?: Alert[]; quota?: QuotaStatus | Response; me?: Me; answer?: (call: ApiCall) => Answer } = {}) {
  const alerts = options.alerts ?? [makeAlert()]
  return stubApi(async (call) => {
    const { method, url } = call
    const custom = await options.answer?.(call)
    if (custom) return custom
    if (url === '/api/session') return Response.json(options.me ?? makeMe())
    if (url === '/api/alerts/quota') return options.quota instanceof Response ? options.quota.clone() : Response.json(options.quota ?? makeQuota())
    if (method === 'GET' && url.startsWith('/api/alerts?')) return Response.json({ alerts })
    const detail = /^\/api\/alerts\/([^/?]+)$/.exec(url)
    const found = detail && alerts.find((alert) => alert.id === decodeURIComponent(detail[1]!))
    if (method === 'GET' && found) return Response.json({ alert: { ...found, notifications: [] } satisfies AlertDetail })
    const notices = /^\/api\/alerts\/([^/?]+)\/notifications$/.exec(url)
    if (method === 'GET' && notices && alerts.some((alert) => alert.id === decodeURIComponent(notices[1]!))) return Response.json({ notifications: [] })
    return undefined
  })
}

/** A response the test releases when it wants (to look at the optimistic state in between). */
export function deferred() {
  let release!: (response: Response) => void
  const promise = new Promise<Response>((resolve) => {
    release = resolve
  })
  return { promise, release }
}

function Where() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>
}

/** Renders `ui` at `path` (under /alerts) with the app's providers; the current location is readable. */
export function renderAtAlerts(ui: ReactNode, path = '/alerts', queryClient?: QueryClient) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/alerts" element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
    queryClient,
  )
}
