import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import type { Db } from './db/client.ts'
import type { Drivers } from './drivers.ts'
import { adminRoutes } from './admin/routes.ts'
import { apiTokenAccess } from './api-tokens/api-token-access.ts'
import { apiV1ReferenceRoutes } from './api-v1/routes.ts'
import { apiTokenRoutes } from './api-tokens/routes.ts'
import { webhookRoutes } from './webhooks/routes.ts'
import { ALERT_IMPORT_PATH, alertRoutes } from './alerts/routes.ts'
import { clientPageRoutes } from './clients/client-pages.ts'
import { clientRoutes } from './clients/routes.ts'
import { BRAND_LOGO_PATH, brandLogoRoutes, brandRoutes } from './clients/brand-routes.ts'
import { brandPreviewRoutes } from './notifications/brand-preview-routes.ts'
import { createAccessTokenVerifier } from './auth/access-tokens.ts'
import { bearerAccess } from './auth/bearer-access.ts'
import { authRoutes } from './auth/routes.ts'
import { twoFactorChallengeHeader } from './auth/two-factor-challenge.ts'
import { getViewer } from './auth/viewer.ts'
import { billingRoutes, STRIPE_WEBHOOK_PATH } from './billing/routes.ts'
import { captchaRoutes } from './captcha/routes.ts'
import { carriesOutboxKey } from './dev/outbox-key.ts'
import { outboxRoutes } from './dev/routes.ts'
import { resendRoutes } from './auth/resend-routes.ts'
import type { Services } from './services.ts'
import { AppError } from './lib/app-error.ts'
import { appLinkRoutes } from './http/app-links.ts'
import type { Logger } from './lib/logger.ts'
import { compress } from './http/compress.ts'
import { createErrorHandler, successEnvelope } from './http/error-handler.ts'
import { inputGuard } from './http/input-guard.ts'
import { nativeAppCors, nativeAppOrigins } from './http/native-app.ts'
import { originCheck } from './http/origin-check.ts'
import { redirectGuard } from './http/redirect-guard.ts'
import { setResponseHeader } from './http/response-headers.ts'
import { securityHeaders } from './http/security-headers.ts'
import { createWebApp } from './http/web-app.ts'
import { createAppMetrics } from './metrics/app-metrics.ts'
import { metricsRoutes } from './metrics/routes.ts'
import { listServerErrors, recordServerError } from './system/server-errors.ts'
import { systemRoutes } from './system/routes.ts'
import { flightRateLimit } from './flights/flight-rate-limit.ts'
import { flightRoutes } from './flights/routes.ts'
import { phoneCodeDeps, phoneRoutes } from './phone/routes.ts'
import { resendPhoneCodeTo } from './phone/send-phone-code.ts'
import { pushRoutes } from './notifications/push-routes.ts'
import { unsubscribeRoutes } from './notifications/unsubscribe-routes.ts'

export interface AppDeps extends Services {
  db: Db
  logger: Logger
  version: string
  drivers: Drivers
  /** TRUST_PROXY: how many proxies' X-Forwarded-For entries to trust (auth/client-ip.ts). */
  trustProxy: number
  bodyLimitBytes: number
  /** FLIGHT_REQUESTS_PER_MINUTE: the public flight routes' budget per client address (decision 048). */
  flightRequestsPerMinute: number
  httpsOnly: boolean
  /** Built web app to serve; omitted by API-only tests. */
  webDistDir?: string
  now: () => Date
}

export function createApp(deps: AppDeps) {
  const app = new Hono()
  const startedAt = deps.now()

  app.use(requestId())
  // Hono's requestId() sets the header before the route runs; answers the route makes itself (the
  // auth library's) come back without it.
  app.use(async (c, next) => {
    await next()
    if (!c.res.headers.has('x-request-id')) setResponseHeader(c, 'x-request-id', c.get('requestId'))
  })
  const metrics = createAppMetrics(deps)
  app.use(metrics.recordRequests)
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    const isApi = c.req.path.startsWith('/api/')
    deps.logger[isApi || c.res.status >= 500 ? 'info' : 'debug'](
      {
        requestId: c.get('requestId'),
        // Whoever the request's own session check found (getViewer keeps it for the request): no extra query.
        userId: c.get('viewerLookup')?.user.id,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    )
  })
  app.use(securityHeaders({ httpsOnly: deps.httpsOnly }))
  app.use(compress())
  app.use(redirectGuard(deps.publicUrl))
  // The native app's origins get CORS without credentials, and only they get `set-auth-token`
  // (decision 036). First under /api, so every answer to the app carries it, refusals included.
  const nativeOrigins = nativeAppOrigins(deps.trustedOrigins)
  app.use('/api/*', nativeAppCors(nativeOrigins))
  const apiBodyLimit = bodyLimit({
    maxSize: deps.bodyLimitBytes,
    onError: () => {
      throw new AppError('payload_too_large', `Request body is larger than ${deps.bodyLimitBytes} bytes.`)
    },
  })
  // Stripe's webhook, the CSV import and the brand logo have their own, larger limits (billing/routes.ts, alerts/routes.ts, clients/brand-routes.ts).
  const ownLimit = new Set([STRIPE_WEBHOOK_PATH, ALERT_IMPORT_PATH, BRAND_LOGO_PATH])
  app.use('/api/*', (c, next) => (ownLimit.has(c.req.path) ? next() : apiBodyLimit(c, next)))

  // Apple returns the code in a cross-site form POST; the OAuth state and its signed cookie guard it.
  // Exempt: Apple posts its callback from its own site; the simulated seller page changes nothing and
  // is opened by a "noreferrer" form post, which browsers send with `Origin: null`; mail clients
  // post one-click unsubscribes (RFC 8058) from anywhere, and the signed token in the link guards them;
  // a client's confirm page (decision 043) is served `no-referrer`, so its own form posts with
  // `Origin: null`, and its signed token is the authority there too.
  // The public API v1 (decision 042): a personal API token and nothing else (cookies dropped), so no
  // origin check applies there; the token is checked first, for every v1 route.
  app.use('/api/v1/*', apiTokenAccess({ db: deps.db, now: deps.now }))
  app.use(
    '/api/*',
    originCheck(
      deps.trustedOrigins,
      ['/api/auth/callback/apple', '/api/flights/simulated-seller', /^\/api\/alerts\/(digests\/)?[^/]+\/unsubscribe$/, /^\/api\/clients\/[^/]+\/(confirm|unsubscribe)$/, /^\/api\/v1\//],
      nativeOrigins,
    ),
  )

  // POST /api/alerts answers errors with `success: false` (its contract), the edge's below included.
  app.post('/api/alerts', successEnvelope)
  // NUL characters, lone surrogates, absurd nesting: 400 before any route or the auth library sees them.
  app.use('/api/*', inputGuard([STRIPE_WEBHOOK_PATH]))
  // `Authorization: Bearer <access token>` (the native app): checked once here for every route,
  // ours and the auth library's, after the origin check (decision 036, auth/bearer-access.ts).
  const accessTokens = createAccessTokenVerifier({ readKeys: () => deps.auth.api.getJwks(), publicUrl: deps.publicUrl })
  const bearer = bearerAccess({ auth: deps.auth, db: deps.db, tokens: accessTokens })
  app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/v1/') ? next() : bearer(c, next)))
  app.use('/api/*', twoFactorChallengeHeader({ auth: deps.auth }))

  app.route('/api', systemRoutes(deps))
  // Before the auth library's catch-all under /api/auth.
  const phoneCodes = phoneCodeDeps(deps)
  const resendPhoneCode = (userId: string, phone: string) => resendPhoneCodeTo(phoneCodes, userId, phone)
  app.route('/api/auth/resend', resendRoutes({ auth: deps.auth, db: deps.db, captcha: deps.captcha, resendPhoneCode }))
  app.route('/api', authRoutes(deps))
  app.route('/api/captcha', captchaRoutes(deps.captcha))
  // Per client address, before the routes run (decision 048); the API v1 has its per-token limit instead.
  app.use('/api/flights/*', flightRateLimit({ db: deps.db, trustProxy: deps.trustProxy, pointsPerMinute: deps.flightRequestsPerMinute }))
  app.route('/api', flightRoutes(deps))
  // Before the alert routes, which require a session: the unsubscribe link works signed out.
  app.route('/api/alerts', unsubscribeRoutes(deps))
  app.route('/api/alerts', alertRoutes(deps))
  app.route('/api/me/phone', phoneRoutes(deps))
  app.route('/api/me/api-tokens', apiTokenRoutes(deps))
  app.route('/api/me/webhooks', webhookRoutes(deps))
  // An advisor's clients (decision 043); their confirm and unsubscribe pages work signed out, so first.
  app.route('/api/clients', clientPageRoutes(deps))
  app.route('/api/clients', clientRoutes(deps))
  // White-label (decision 043): the brand, its preview, and its logo served to anyone (emails load it).
  app.route('/api/me/brand/preview', brandPreviewRoutes(deps))
  app.route('/api/me/brand', brandRoutes(deps))
  app.route('/api/brand-logos', brandLogoRoutes(deps))
  // The public API v1: the app's own alert routes (one implementation) behind the token door above.
  app.route('/api/v1/alerts', alertRoutes(deps))
  app.route('/api/v1/clients', clientRoutes(deps))
  app.route('/api/v1', flightRoutes(deps, { simulatedSeller: false }))
  app.route('/api/v1', apiV1ReferenceRoutes(deps))
  app.route('/api/push', pushRoutes(deps))
  app.route('/api/billing', billingRoutes(deps))
  app.route('/api/admin', adminRoutes(deps, { startedAt, listServerErrors: (limit) => listServerErrors(deps.db, limit) }))
  // Cookies are Secure (and `__Secure-` named) when the site is served over HTTPS, as better-auth's.
  const secureCookies = deps.publicUrl.startsWith('https://')
  app.route(
    '/api/dev',
    outboxRoutes({
      db: deps.db,
      outboxInUse: () => [deps.drivers.email, deps.drivers.sms, deps.drivers.whatsapp, deps.drivers.push].includes('outbox'),
      // The local inbox holds sign-in links: only whoever has its key (printed at start-up) or an
      // admin may read it, not anyone who can reach the port (decision 030).
      canView: async (c) => carriesOutboxKey(c, deps.outboxKey, secureCookies) || (await getViewer(c, deps))?.role === 'admin',
      key: deps.outboxKey,
      secureCookie: secureCookies,
    }),
  )
  app.all('/api/*', (c) => {
    throw new AppError('not_found', `No API endpoint ${c.req.method} ${c.req.path}.`)
  })
  // Outside /api (no origin check) and before the web app's fallback.
  app.route('/', appLinkRoutes(deps.appLinks))
  app.route('/', metricsRoutes({ metrics, metricsToken: deps.metricsToken, trustProxy: deps.trustProxy }))
  if (deps.webDistDir) app.route('/', createWebApp({ distDir: deps.webDistDir }))

  app.onError(
    createErrorHandler(deps.logger, {
      onServerError: (report, c) => void recordServerError(deps.db, { ...report, userId: c.get('viewerLookup')?.user.id ?? null }, deps.logger),
    }),
  )
  return app
}

export type App = ReturnType<typeof createApp>
