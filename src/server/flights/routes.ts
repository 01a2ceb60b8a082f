import { Hono } from 'hono'
import { flightTokenSchema, priceInsightsQuerySchema, searchRequestSchema } from '#shared/flights/search-params.ts'
import { jsonBody } from '../http/json-body.ts'
import type { FlightService } from './flight-service.ts'
import { searchAirports } from '../reference-data/airports.ts'
import { simulatedSellerPage } from './simulated-seller-page.ts'
import type { ApiBody } from '#shared/api-contract.ts'
import { dateGridQuerySchema, fareCalendarQuerySchema, flexibleQuerySchema } from '#shared/flights/fare-calendar.ts'
import { observedHistoryQuerySchema } from '#shared/flights/observed-history.ts'
import type { Db } from '../db/client.ts'
import { loadObservedHistory } from './load-observed-history.ts'
import { fareForecastQuerySchema } from '#shared/flights/forecast.ts'
import { loadFareForecast } from './load-fare-forecast.ts'

/**
 * /api/airports and /api/flights/*: public, like the search page. The public API v1 mounts the same
 * routes behind its token door (decision 042), without the simulated seller's page.
 */
export function flightRoutes(deps: { flights: FlightService; db: Db; now?: () => Date }, options: { simulatedSeller?: boolean } = {}) {
  const app = new Hono()

  app.get('/airports', (c) => {
    const q = (c.req.query('q') ?? '').slice(0, 64)
    c.header('cache-control', 'public, max-age=3600')
    return c.json({ results: searchAirports(q) } satisfies ApiBody<'GET /api/airports'>)
  })

  app.post('/flights/search', async (c) => c.json((await deps.flights.search(searchRequestSchema.parse(await jsonBody(c)))) satisfies ApiBody<'POST /api/flights/search'>))

  app.post('/flights/next', async (c) => c.json((await deps.flights.next(flightTokenSchema.parse(await jsonBody(c)).token)) satisfies ApiBody<'POST /api/flights/next'>))

  app.post('/flights/booking-options', async (c) =>
    c.json((await deps.flights.bookingOptions(flightTokenSchema.parse(await jsonBody(c)).token)) satisfies ApiBody<'POST /api/flights/booking-options'>),
  )

  app.get('/flights/price-insights', async (c) => c.json((await deps.flights.priceInsights(priceInsightsQuerySchema.parse(c.req.query()))) satisfies ApiBody<'GET /api/flights/price-insights'>))

  // Fares by travel date (decision 047): the date picker's calendar, the ±3-day grid, flexible dates.
  app.get('/flights/calendar', async (c) => c.json((await deps.flights.calendar(fareCalendarQuerySchema.parse(c.req.query()))) satisfies ApiBody<'GET /api/flights/calendar'>))

  app.get('/flights/date-grid', async (c) => c.json((await deps.flights.dateGrid(dateGridQuerySchema.parse(c.req.query()))) satisfies ApiBody<'GET /api/flights/date-grid'>))

  app.get('/flights/flexible', async (c) => c.json((await deps.flights.flexible(flexibleQuerySchema.parse(c.req.query()))) satisfies ApiBody<'GET /api/flights/flexible'>))

  // A trip's prices as FareDrop's own searches and price checks saw them (the price history chart).
  app.get('/flights/observed-history', async (c) =>
    c.json((await loadObservedHistory(deps.db, observedHistoryQuerySchema.parse(c.req.query()), deps.flights.providerId)) satisfies ApiBody<'GET /api/flights/observed-history'>),
  )

  // The buy-or-wait forecast of the same trip, from the same observations (decision 052).
  // The app passes its clock (tests move it); a harness without one reads the system's. The
  // provider says whose live measurement applies (a real provider's forecast waits for one).
  const forecastDeps = { db: deps.db, now: deps.now ?? (() => new Date()), providerId: deps.flights.providerId }
  app.get('/flights/forecast', async (c) => c.json((await loadFareForecast(forecastDeps, fareForecastQuerySchema.parse(c.req.query()))) satisfies ApiBody<'GET /api/flights/forecast'>))

  if (options.simulatedSeller === false) return app
  // Where the simulated market's "Book" buttons land: there is no real seller offline.
  app.on(['GET', 'POST'], '/flights/simulated-seller', async (c) => {
    const form: Record<string, unknown> = c.req.method === 'POST' ? await c.req.parseBody().catch(() => ({})) : {}
    const encoded = typeof form.u === 'string' ? form.u : (c.req.query('u') ?? '')
    return c.html(simulatedSellerPage(encoded, c.get('secureHeadersNonce') ?? ''))
  })

  return app
}
