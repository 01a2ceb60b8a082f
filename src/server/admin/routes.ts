import type { NotificationServices } from '../notifications/create-notification-services.ts'
import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import { requireRole } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import type { Drivers } from '../drivers.ts'
import { getOverview } from './get-overview.ts'
import { listNotifications, listNotificationsQuerySchema } from './list-notifications.ts'
import { setUserPlan, setUserPlanSchema } from './set-user-plan.ts'
import { AppError } from '../lib/app-error.ts'
import type { FlightService } from '../flights/flight-service.ts'
import type { SimulatedMarketControls } from '../flights/providers/create-flight-provider.ts'
import { priceShockSchema, type PriceShockStore } from '../flights/price-shocks.ts'
import { simulatorFailureSchema } from '../flights/simulator-failures.ts'
import type { FlightProvider } from '../flights/providers/provider.ts'
import type { Logger } from '../lib/logger.ts'
import { checkAlertNow } from '../price-checks/check-alert-now.ts'
import type { PriceCheckConfig } from '../price-checks/price-check-config.ts'
import type { BillingDeps } from '../billing/billing-deps.ts'
import { advanceClockSchema, advanceLocalClock } from '../billing/local/advance-local-clock.ts'
import { reconcileBilling } from '../billing/reconcile-billing.ts'
import { jsonBody } from '../http/json-body.ts'
import type { ApiBody } from '#shared/api-contract.ts'

/** /api/admin: admins only (401 signed out, 403 for every other role), whatever the UI shows. */
export function adminRoutes(deps: BillingDeps & {
  auth: Auth
  db: Db
  drivers: Drivers
  now: () => Date
  flights: FlightService
  priceShocks: PriceShockStore
  simulatedMarket: SimulatedMarketControls | null
  logger: Logger
  flightProvider: FlightProvider
  priceCheckConfig: PriceCheckConfig
  notifications: Pick<NotificationServices, 'outboxSignal'>
}) {
  const app = new Hono()
  app.use('*', requireRole(deps, 'admin'))
  app.get('/overview', async (c) => c.json({ overview: await getOverview(deps.db, deps.now()), drivers: deps.drivers } satisfies ApiBody<'GET /api/admin/overview'>))
  // Dead letters by default: notices that failed for good, with the last error.
  app.get('/notifications', async (c) =>
    c.json({ notifications: await listNotifications(deps.db, listNotificationsQuerySchema.parse(c.req.query())) }),
  )
  app.post('/simulator/shocks', async (c) => {
    if (deps.drivers.flights !== 'simulated') {
      throw new AppError('conflict', 'Price shocks apply to the simulated market only; this server uses live flight data.')
    }
    const input = priceShockSchema.parse(await c.req.json().catch(() => ({})))
    const shock = await deps.priceShocks.apply(input)
    // This process's cached answers would hide the new prices until they expire.
    deps.flights.clearCache()
    return c.json({ shock: { ...shock, until: shock.until.toISOString() } }, 201)
  })
  app.post('/users/:id/plan', async (c) => {
    const { tier } = setUserPlanSchema.parse(await jsonBody(c))
    return c.json(await setUserPlan(deps, c.req.param('id'), tier))
  })
  // Billing operations: repair drift now (the worker does it daily), and end a test-mode period now.
  app.post('/billing/reconcile', async (c) => c.json({ report: await reconcileBilling(deps) }))
  app.post('/billing/advance-clock', async (c) => c.json(await advanceLocalClock(deps, advanceClockSchema.parse(await jsonBody(c)))))
  // One alert's price check now, with a fresh provider call (support, tests): { observation, evaluation }.
  app.post('/alerts/:id/check', async (c) => {
    const engine = {
      db: deps.db,
      now: deps.now,
      provider: deps.flightProvider,
      logger: deps.logger,
      config: deps.priceCheckConfig,
      onNotificationsQueued: deps.notifications.outboxSignal.notify,
    }
    return c.json(await checkAlertNow(engine, c.req.param('id')))
  })
  // Failure injection for demos and browser tests; this process only, like the market's clock.
  app.put('/simulator/failures', async (c) => {
    const market = deps.simulatedMarket
    if (!market) throw new AppError('conflict', 'Failure injection applies to the simulated market only; this server uses live flight data.')
    const input = simulatorFailureSchema.parse(await c.req.json().catch(() => ({})))
    market.setFailureMode(input.mode, input.delayMs, input.from && input.to ? { from: input.from, to: input.to } : undefined)
    deps.flights.clearCache()
    return c.json({ failures: market.failures })
  })
  return app
}
