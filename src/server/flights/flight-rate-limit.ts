import type { MiddlewareHandler } from 'hono'
import { flightRateLimitMessage } from '#shared/flights/search-params.ts'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import { clientIp } from '../auth/client-ip.ts'
import type { Db } from '../db/client.ts'
import { apiRateLimits } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { clientBucket } from './client-bucket.ts'

/**
 * What each public flight request costs against the per-address budget (decision 048), by what
 * it costs us: a search may be a paid provider call; a calendar prices 62 days, a grid 49 pairs, a
 * flexible search up to 930. The airport typeahead and the simulated seller's page are free.
 */
export const FLIGHT_REQUEST_WEIGHTS: Readonly<Record<string, number>> = {
  'POST /api/flights/search': 2,
  'POST /api/flights/next': 1,
  'POST /api/flights/booking-options': 1,
  'GET /api/flights/price-insights': 1,
  'GET /api/flights/observed-history': 1,
  'GET /api/flights/forecast': 1,
  'GET /api/flights/calendar': 4,
  'GET /api/flights/date-grid': 3,
  'GET /api/flights/flexible': 10,
}

/**
 * The public flight routes' per-address limit (decision 048): `pointsPerMinute` points a minute
 * per client address (an IPv6 address counts as its /64), each request weighted as above, counted
 * in the database so every app process shares the count. Over it: 429 with Retry-After, before
 * the route runs (so no provider call). The public API v1 has its own per-token limit and does
 * not pass here.
 */
export function flightRateLimit(deps: { db: Db; trustProxy: number; pointsPerMinute: number }): MiddlewareHandler {
  const limiter = new RateLimiterDrizzle({ storeClient: deps.db, schema: apiRateLimits, points: deps.pointsPerMinute, duration: 60, keyPrefix: 'flights' })
  return async (c, next) => {
    // Hono answers HEAD with the GET route (all its work, the body dropped): it costs the same.
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
    const weight = FLIGHT_REQUEST_WEIGHTS[`${method} ${c.req.path}`]
    if (!weight) return next()
    try {
      const used = await limiter.consume(clientBucket(clientIp(c, deps.trustProxy)), weight)
      c.header('RateLimit-Limit', String(deps.pointsPerMinute))
      c.header('RateLimit-Remaining', String(used.remainingPoints))
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection
      const wait = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
      throw new AppError('rate_limited', flightRateLimitMessage(wait), { headers: { 'Retry-After': String(wait) } })
    }
    return next()
  }
}
