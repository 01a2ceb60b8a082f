import { eq } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, API_TOKEN_REQUESTS_PER_MINUTE, type ApiTokenScope } from '#shared/api-tokens.ts'
import { effectiveRole } from '#shared/roles.ts'
import type { Viewer } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { apiRateLimits, profiles, users } from '../db/schema.ts'
import { isPublicApiV1Path } from '../api-v1/public-paths.ts'
import { AppError } from '../lib/app-error.ts'
import { findApiToken } from './token-store.ts'

const BEARER_TOKEN = new RegExp(`^Bearer (${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43})$`)
const READ_METHODS = new Set(['GET', 'HEAD'])
/** Flight searches are POSTs (their query is a body) that change nothing: reading. */
const READ_POSTS = /^\/api\/v1\/flights\/(search|next|booking-options)$/

const refused = (message: string) => new AppError('unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer realm="FareDrop API v1"' } })

/**
 * The public API's door (decision 042): every /api/v1 request carries a personal API token
 * (`Authorization: Bearer fd_…`) and nothing else counts. Cookies are dropped, so a browser's
 * session can't act here (no CSRF surface); the token must exist, its owner must still be on
 * Unlimited, its scope must allow the call (reads: GET, HEAD and the flight searches; the rest
 * write), and it gets
 * API_TOKEN_REQUESTS_PER_MINUTE requests a minute (rate-limiter-flexible, counted in the database
 * so every process shares the count). The owner becomes the request's viewer, so the routes behind
 * are the app's own, with the same validation, quotas and ownership.
 */
export function apiTokenAccess(deps: { db: Db; now: () => Date }): MiddlewareHandler {
  const limiter = new RateLimiterDrizzle({ storeClient: deps.db, schema: apiRateLimits, points: API_TOKEN_REQUESTS_PER_MINUTE, duration: 60, keyPrefix: 'v1' })
  return async (c, next) => {
    // The API's reference (its OpenAPI document, docs page and the page's files) is public: those exact paths only (decision 045).
    if (isPublicApiV1Path(c.req.method, c.req.path)) return next()
    const headers = new Headers(c.req.raw.headers)
    headers.delete('cookie')
    c.req.raw = new Request(c.req.raw, { headers })

    const header = c.req.header('authorization') ?? ''
    const token = header.length <= 64 ? BEARER_TOKEN.exec(header)?.[1] : undefined
    if (!token) throw refused(header === '' ? API_TOKEN_MESSAGES.missing : API_TOKEN_MESSAGES.invalid)
    const row = await findApiToken(deps.db, token, deps.now())
    if (!row) throw refused(API_TOKEN_MESSAGES.invalid)

    try {
      const used = await limiter.consume(row.id)
      c.header('RateLimit-Limit', String(API_TOKEN_REQUESTS_PER_MINUTE))
      c.header('RateLimit-Remaining', String(used.remainingPoints))
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection
      const wait = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
      throw new AppError('rate_limited', `Too many requests with this API token: at most ${API_TOKEN_REQUESTS_PER_MINUTE} a minute. Try again in ${wait} seconds.`, {
        headers: { 'Retry-After': String(wait) },
      })
    }

    const needed: ApiTokenScope = READ_METHODS.has(c.req.method) || (c.req.method === 'POST' && READ_POSTS.test(c.req.path)) ? 'read' : 'write'
    if (!row.scopes.includes(needed)) throw new AppError('forbidden', API_TOKEN_MESSAGES.scope(needed))

    const [owner] = await deps.db
      .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified, disabledAt: profiles.disabledAt, role: profiles.role, tier: profiles.subscriptionTier })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, row.userId))
    // A disabled account's tokens stop working at once, as its sessions did.
    if (!owner || owner.disabledAt) throw refused(API_TOKEN_MESSAGES.invalid)
    if (planForProfile({ role: owner.role, subscription_tier: owner.tier }) !== 'unlimited') throw new AppError('forbidden', API_TOKEN_MESSAGES.planOnly)
    const viewer: Viewer = {
      user: { id: owner.id, email: owner.email, name: owner.name, emailVerified: owner.emailVerified },
      sessionId: `api-token:${row.id}`,
      role: effectiveRole(owner.role),
      subscriptionTier: owner.tier ?? 'free',
    }
    c.set('viewerLookup', viewer)
    return next()
  }
}
