import { MemoryRouter, Route, Routes } from 'react-router'
import type { Me } from '#shared/account.ts'
import type { AdminNotificationRow, AdminOverview, AdminUserRow } from '#shared/admin.ts'
import { stubApi, type Answer, type ApiCall } from '#tests/setup/fake-api.ts'
import { renderWithProviders } from '#tests/setup/render.tsx'
import AdminPage from '../../routes/admin.tsx'

/** Data and wiring for the admin dashboard's component tests. */

export const ADMIN_ME: Me = {
  user: { id: 'admin-1', email: 'admin@example.com', name: 'Ada Admin', emailVerified: true },
  profile: { role: 'admin', subscription_tier: 'free' },
  emails: [{ id: 'e1', email: 'admin@example.com', is_primary: true, is_verified: true, verified_at: '2030-01-01T00:00:00.000Z' }],
}

export function makeOverview(): AdminOverview {
  return {
    generatedAt: new Date().toISOString(),
    users: { total: 1234, newLast7Days: 87, verified: 1100, admins: 2, disabled: 3, activeSessions: 456, byTier: { free: 1000, premium: 180, elite: 50, unlimited: 4 } },
    alerts: { live: 2345, byStatus: { active: 2000, paused: 120, triggered: 300, at_risk: 45, archived_not_found: 7, disabled: 9, expired: 510 } },
    checks: { lastHour: 612, lastDay: 14021, failedLastDay: 17, lagP50Seconds: 42, lagP95Seconds: 380, overdue: 5 },
    priceDrops: { lastDay: 31, last7Days: 190 },
    notices: {
      byChannel: {
        email: { sent: 800, failed: 4, pending: 2 },
        sms: { sent: 90, failed: 1, pending: 0 },
        whatsapp: { sent: 40, failed: 0, pending: 0 },
        push: { sent: 70, failed: 2, pending: 1 },
      },
      dead: 6,
    },
    provider: {
      name: 'simulated',
      callsToday: 420,
      dailyBudget: 1000,
      cacheHitRatio: 0.734,
      month: { calls: 9_300, pricePerCall: 0.015, spend: 139.5, perPayingUser: 2.35, shareOfRevenue: 0.412 },
    },
    billing: { activeSubscriptions: 230, mrr: 1519.6, byPrice: [{ priceId: 'premium_monthly', subscriptions: 150, mrr: 598.5 }], pastDue: 4 },
  }
}

export function makeUser(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 'u1',
    email: 'ana@example.com',
    name: 'Ana Lima',
    emailVerified: true,
    role: 'premium',
    tier: 'premium',
    grantedTier: null,
    disabledAt: null,
    alertCount: 4,
    liveAlertCount: 3,
    subscription: { priceId: 'premium_monthly', status: 'active', currentPeriodEnd: '2030-02-01T00:00:00.000Z' },
    lastSignInAt: '2030-01-20T10:00:00.000Z',
    createdAt: '2029-12-01T10:00:00.000Z',
    adminByConfig: false,
    ...overrides,
  }
}

export function makeNotice(overrides: Partial<AdminNotificationRow> = {}): AdminNotificationRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'dead',
    channel: 'email',
    attempts: 5,
    lastError: 'Mailbox unavailable (550)',
    price: 420,
    createdAt: '2030-01-20T10:00:00.000Z',
    nextAttemptAt: '2030-01-20T11:00:00.000Z',
    sentAt: null,
    alertId: 'a1',
    alertName: 'LHR → JFK',
    userId: 'u1',
    userEmail: 'ana@example.com',
    ...overrides,
  }
}

/** Stubs fetch as an admin's session; `answer` takes every other call (undefined: the API's 404). */
export function serveAdminApi(answer: (call: ApiCall) => Answer | Promise<Answer>) {
  return stubApi((call) => (call.url === '/api/session' ? Response.json(ADMIN_ME) : answer(call)))
}

/** The /admin page at `path` (e.g. '/admin?tab=users') with the app's providers. */
export function renderAdmin(path = '/admin') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin" element={<AdminPage />} />
      </Routes>
    </MemoryRouter>,
  )
}
