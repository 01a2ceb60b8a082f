import { Hono } from 'hono'
import {
  adminAlertListQuerySchema,
  adminAuditQuerySchema,
  adminUserListQuerySchema,
  clearShockSchema,
  disableUserSchema,
  notificationBulkSchema,
  setRoleSchema,
  testNoticeSchema,
  testSearchSchema,
} from '#shared/admin.ts'
import type { ApiBody } from '#shared/api-contract.ts'
import type { Auth } from '../auth/auth.ts'
import { requireRole, type SignedIn } from '../auth/viewer.ts'
import type { BillingDeps } from '../billing/billing-deps.ts'
import { advanceClockSchema, advanceLocalClock } from '../billing/local/advance-local-clock.ts'
import { reconcileBilling } from '../billing/reconcile-billing.ts'
import type { Db } from '../db/client.ts'
import type { Drivers } from '../drivers.ts'
import type { FlightService } from '../flights/flight-service.ts'
import { priceShockSchema, type PriceShockStore } from '../flights/price-shocks.ts'
import type { SimulatedMarketControls } from '../flights/providers/create-flight-provider.ts'
import type { FlightProvider } from '../flights/providers/provider.ts'
import { simulatorFailureSchema } from '../flights/simulator-failures.ts'
import { jsonBody } from '../http/json-body.ts'
import { AppError } from '../lib/app-error.ts'
import type { Logger } from '../lib/logger.ts'
import type { NotificationServices } from '../notifications/create-notification-services.ts'
import { checkAlertNow } from '../price-checks/check-alert-now.ts'
import type { PriceCheckConfig } from '../price-checks/price-check-config.ts'
import type { ServerErrorEntry } from '#shared/admin.ts'
import { getAdminAlertDetail, getAdminAlertRow, listAdminAlerts } from './admin-alerts.ts'
import { getAdminUser, listAdminUsers } from './admin-users.ts'
import { auditActor, listAuditEntries, recordAdminAction } from './audit-log.ts'
import { getBillingSummary } from './billing-summary.ts'
import { getDebugInfo } from './debug-info.ts'
import { disableUser, enableUser } from './disable-user.ts'
import { getOverview } from './get-overview.ts'
import { getTrends } from './get-trends.ts'
import { listNotifications, listNotificationsQuerySchema } from './list-notifications.ts'
import { resendVerification } from './resend-verification.ts'
import { resolveDeadLetters } from './resolve-dead-letters.ts'
import { setAlertEnabled } from './set-alert-enabled.ts'
import { setUserPlan, setUserPlanSchema } from './set-user-plan.ts'
import { setUserRole } from './set-user-role.ts'
import { signOutUser } from './sign-out-user.ts'
import { runTestSearch } from './test-search.ts'
import { sendTestNotice } from './test-notice.ts'

export interface AdminRouteDeps extends BillingDeps {
  auth: Auth
  db: Db
  drivers: Drivers
  now: () => Date
  version: string
  publicUrl: string
  adminEmails: readonly string[]
  flights: FlightService
  priceShocks: PriceShockStore
  simulatedMarket: SimulatedMarketControls | null
  logger: Logger
  flightProvider: FlightProvider
  priceCheckConfig: PriceCheckConfig
  notifications: Pick<NotificationServices, 'outboxSignal' | 'channels'>
}

/** What the app adds for the debug page. */
export interface AdminProcessInfo {
  /** When this process started serving. */
  startedAt: Date
  /** Recent unexpected errors of every app process (system/server-errors.ts). */
  listServerErrors: (limit: number) => Promise<ServerErrorEntry[]>
}

/**
 * /api/admin: admins only (401 signed out, 403 for every other role), whatever the UI shows. Reads
 * answer what the console shows; every action writes an audit entry (audit-log.ts), in the same
 * transaction as its change where it has one.
 */
export function adminRoutes(deps: AdminRouteDeps, info: AdminProcessInfo) {
  const app = new Hono<SignedIn>()
  app.use('*', requireRole(deps, 'admin'))
  const userDeps = { db: deps.db, now: deps.now, adminEmails: deps.adminEmails }
  const engine = () => ({
    db: deps.db,
    now: deps.now,
    provider: deps.flightProvider,
    logger: deps.logger,
    config: deps.priceCheckConfig,
    onNotificationsQueued: deps.notifications.outboxSignal.notify,
  })
  const market = () => {
    if (!deps.simulatedMarket) throw new AppError('conflict', 'This applies to the simulated market only; this server uses live flight data.')
    return deps.simulatedMarket
  }

  // ---- Overview ----
  app.get('/overview', async (c) => {
    const provider = { id: deps.flightProvider.id, perDay: deps.priceCheckConfig.budget.perDay, pricePerCall: deps.priceCheckConfig.pricePerCall }
    const body: ApiBody<'GET /api/admin/overview'> = { overview: await getOverview({ db: deps.db, provider }, deps.now()), drivers: deps.drivers }
    return c.json(body)
  })
  app.get('/trends', async (c) =>
    c.json({ days: await getTrends(deps.db, { provider: deps.flightProvider.id, now: deps.now() }) } satisfies ApiBody<'GET /api/admin/trends'>),
  )

  // ---- Users ----
  app.get('/users', async (c) => {
    const query = adminUserListQuerySchema.parse(c.req.query())
    return c.json({ users: await listAdminUsers(deps.db, { ...query, now: deps.now(), adminEmails: deps.adminEmails }) } satisfies ApiBody<'GET /api/admin/users'>)
  })
  app.get('/users/:id', async (c) =>
    c.json({ user: await getAdminUser(deps.db, c.req.param('id'), { now: deps.now(), adminEmails: deps.adminEmails }) } satisfies ApiBody<'GET /api/admin/users/:id'>),
  )
  app.post('/users/:id/plan', async (c) => {
    const { tier } = setUserPlanSchema.parse(await jsonBody(c))
    return c.json((await setUserPlan(userDeps, auditActor(c), c.req.param('id'), tier)) satisfies ApiBody<'POST /api/admin/users/:id/plan'>)
  })
  app.post('/users/:id/role', async (c) => {
    const { role } = setRoleSchema.parse(await jsonBody(c))
    return c.json({ user: await setUserRole(userDeps, auditActor(c), c.req.param('id'), role) } satisfies ApiBody<'POST /api/admin/users/:id/role'>)
  })
  app.post('/users/:id/disable', async (c) => {
    const { reason } = disableUserSchema.parse(await jsonBody(c))
    return c.json((await disableUser(userDeps, auditActor(c), c.req.param('id'), reason)) satisfies ApiBody<'POST /api/admin/users/:id/disable'>)
  })
  app.post('/users/:id/enable', async (c) =>
    c.json((await enableUser(userDeps, auditActor(c), c.req.param('id'))) satisfies ApiBody<'POST /api/admin/users/:id/enable'>),
  )
  app.post('/users/:id/sign-out', async (c) =>
    c.json((await signOutUser(userDeps, auditActor(c), c.req.param('id'))) satisfies ApiBody<'POST /api/admin/users/:id/sign-out'>),
  )
  app.post('/users/:id/resend-verification', async (c) =>
    c.json(
      (await resendVerification({ ...userDeps, auth: deps.auth }, auditActor(c), c.req.param('id'))) satisfies ApiBody<'POST /api/admin/users/:id/resend-verification'>,
    ),
  )

  // ---- Alerts ----
  app.get('/alerts', async (c) =>
    c.json({ alerts: await listAdminAlerts(deps.db, adminAlertListQuerySchema.parse(c.req.query()), deps.now()) } satisfies ApiBody<'GET /api/admin/alerts'>),
  )
  app.get('/alerts/:id', async (c) => c.json((await getAdminAlertDetail(deps.db, c.req.param('id'), deps.now())) satisfies ApiBody<'GET /api/admin/alerts/:id'>))
  // One alert's price check now, with a fresh provider call (support, tests): { observation, evaluation };
  // 503 with Retry-After when the call budget or the breaker holds it back (nothing checked).
  app.post('/alerts/:id/check', async (c) => {
    const result = await checkAlertNow(engine(), c.req.param('id'))
    const { name } = await getAdminAlertRow(deps.db, c.req.param('id'), deps.now())
    await recordAdminAction(deps.db, auditActor(c), {
      action: 'alert.check',
      targetType: 'alert',
      targetId: c.req.param('id'),
      targetLabel: name,
      detail: { outcome: result.evaluation.outcome, status: result.evaluation.status, price: result.evaluation.current_price },
    })
    return c.json(result)
  })
  app.post('/alerts/:id/disable', async (c) => c.json({ alert: await setAlertEnabled(deps, auditActor(c), c.req.param('id'), false) }))
  app.post('/alerts/:id/enable', async (c) => c.json({ alert: await setAlertEnabled(deps, auditActor(c), c.req.param('id'), true) }))

  // ---- Notifications: dead letters by default, with the last error ----
  app.get('/notifications', async (c) =>
    c.json({ notifications: await listNotifications(deps.db, listNotificationsQuerySchema.parse(c.req.query())) } satisfies ApiBody<'GET /api/admin/notifications'>),
  )
  for (const action of ['retry', 'discard'] as const) {
    app.post(`/notifications/${action}`, async (c) => {
      const selection = notificationBulkSchema.parse(await jsonBody(c))
      const result = await resolveDeadLetters(deps.db, auditActor(c), { action, selection, now: deps.now() })
      if (action === 'retry' && result.count > 0) deps.notifications.outboxSignal.notify()
      return c.json(result)
    })
  }

  // ---- Billing: repair drift now (the worker does it daily), and end a test-mode period now ----
  app.get('/billing', async (c) => c.json((await getBillingSummary(deps.db)) satisfies ApiBody<'GET /api/admin/billing'>))
  app.post('/billing/reconcile', async (c) => {
    const report = await reconcileBilling(deps)
    await recordAdminAction(deps.db, auditActor(c), { action: 'billing.reconcile', targetType: 'billing', targetLabel: report.provider, detail: { ...report } })
    return c.json({ report })
  })
  app.post('/billing/advance-clock', async (c) => {
    const input = advanceClockSchema.parse(await jsonBody(c))
    const result = await advanceLocalClock(deps, input)
    await recordAdminAction(deps.db, auditActor(c), { action: 'billing.advance_clock', targetType: 'billing', targetLabel: 'local test mode', detail: { ...input } })
    return c.json(result)
  })

  // ---- Audit ----
  app.get('/audit', async (c) => c.json({ entries: await listAuditEntries(deps.db, adminAuditQuerySchema.parse(c.req.query())) } satisfies ApiBody<'GET /api/admin/audit'>))

  // ---- Debug ----
  app.get('/debug', async (c) => {
    const { db, now, version, drivers, publicUrl, priceCheckConfig, simulatedMarket } = deps
    const body = await getDebugInfo({ db, now, version, drivers, publicUrl, priceCheckConfig, simulatedMarket, startedAt: info.startedAt })
    return c.json(body satisfies ApiBody<'GET /api/admin/debug'>)
  })
  app.get('/errors', async (c) => c.json({ errors: await info.listServerErrors(100) } satisfies ApiBody<'GET /api/admin/errors'>))
  app.post('/debug/test-search', async (c) => {
    const input = testSearchSchema.parse(await jsonBody(c))
    const result = await runTestSearch(deps.flightProvider, input)
    await recordAdminAction(deps.db, auditActor(c), {
      action: 'debug.test_search',
      targetType: 'provider',
      targetLabel: result.provider,
      detail: { ...input, ms: result.ms },
    })
    return c.json(result satisfies ApiBody<'POST /api/admin/debug/test-search'>)
  })
  app.post('/debug/test-notice', async (c) => {
    const { channel } = testNoticeSchema.parse(await jsonBody(c))
    const viewer = c.var.viewer.user
    const result = await sendTestNotice({ db: deps.db, channels: deps.notifications.channels, publicUrl: deps.publicUrl, now: deps.now }, viewer, channel)
    await recordAdminAction(deps.db, auditActor(c), {
      action: 'debug.test_notice',
      targetType: 'channel',
      targetLabel: channel,
      detail: { driver: result.driver, delivered: result.delivered },
    })
    return c.json(result satisfies ApiBody<'POST /api/admin/debug/test-notice'>)
  })

  // ---- Simulated market: demos, support and browser tests; failures are this process's only ----
  app.post('/simulator/shocks', async (c) => {
    market()
    const input = priceShockSchema.parse(await jsonBody(c))
    const shock = await deps.priceShocks.apply(input)
    // This process's cached answers would hide the new prices until they expire.
    deps.flights.clearCache()
    await recordAdminAction(deps.db, auditActor(c), {
      action: 'simulator.shock',
      targetType: 'simulator',
      targetLabel: `${shock.from} → ${shock.to}`,
      detail: { ...input },
    })
    return c.json({ shock: { ...shock, until: shock.until.toISOString() } }, 201)
  })
  app.post('/simulator/shocks/clear', async (c) => {
    market()
    const route = clearShockSchema.parse(await jsonBody(c))
    const cleared = await deps.priceShocks.clear(route)
    deps.flights.clearCache()
    await recordAdminAction(deps.db, auditActor(c), { action: 'simulator.shock_clear', targetType: 'simulator', targetLabel: `${route.from} → ${route.to}`, detail: { cleared } })
    return c.json({ cleared } satisfies ApiBody<'POST /api/admin/simulator/shocks/clear'>)
  })
  app.put('/simulator/failures', async (c) => {
    const simulated = market()
    const input = simulatorFailureSchema.parse(await jsonBody(c))
    simulated.setFailureMode(input.mode, input.delayMs, input.from && input.to ? { from: input.from, to: input.to } : undefined)
    deps.flights.clearCache()
    await recordAdminAction(deps.db, auditActor(c), { action: 'simulator.failures', targetType: 'simulator', targetLabel: input.mode, detail: { ...input } })
    return c.json({ failures: simulated.failures })
  })
  return app
}
