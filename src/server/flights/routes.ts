import { Hono } from 'hono'
import { flightTokenSchema, priceInsightsQuerySchema, searchRequestSchema } from '#shared/flights/search-params.ts'
import { jsonBody } from '../http/json-body.ts'
import type { FlightService } from './flight-service.ts'
import { searchAirports } from '../reference-data/airports.ts'
import { simulatedSellerPage } from './simulated-seller-page.ts'
import type { ApiBody } from '#shared/api-contract.ts'

/**
 * /api/airports and /api/flights/*: public, like the search page. The public API v1 mounts the same
 * routes behind its token door (decision 042), without the simulated seller's page.
 */
export function flightRoutes(deps: { flights: FlightService }, options: { simulatedSeller?: boolean } = {}) {
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

  if (options.simulatedSeller === false) return app
  // Where the simulated market's "Book" buttons land: there is no real seller offline.
  app.on(['GET', 'POST'], '/flights/simulated-seller', async (c) => {
    const form: Record<string, unknown> = c.req.method === 'POST' ? await c.req.parseBody().catch(() => ({})) : {}
    const encoded = typeof form.u === 'string' ? form.u : (c.req.query('u') ?? '')
    return c.html(simulatedSellerPage(encoded, c.get('secureHeadersNonce') ?? ''))
  })

  return app
}
