import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { UpdateUserSchema } from '#shared/auth.ts'
import { CAPTCHA_HEADER } from '#shared/captcha.ts'
import type { ErrorBody } from '#shared/errors.ts'
import { databaseAnswers, type Db } from '../db/client.ts'
import { databaseUnavailableError } from '../db/connection-errors.ts'
import { userEmails } from '../db/schema.ts'
import { peekJson } from '../http/json-body.ts'
import { bodyFields, refuseOffSiteTargets } from '../http/redirect-guard.ts'
import { AppError } from '../lib/app-error.ts'
import type { Logger } from '../lib/logger.ts'
import { inOurContract } from './auth-answers.ts'
import { CLIENT_IP_HEADER, OAUTH_RETURN_PATH, type Auth } from './auth.ts'
import { clientIp } from './client-ip.ts'
import { linkAnswerForApp } from './native-answers.ts'
import { isOAuthProviderId, type OAuthProviderId } from './oauth-providers.ts'
import { releaseSignInAttempt, reserveSignInAttempt, returnSignInAttempt, type SignInBlock } from './sign-in-guard.ts'
import { secondFactorRoutes } from './second-factor-routes.ts'
import { removePhoneFactors } from './second-factors.ts'
import { removeUnfinishedSignUp } from './unfinished-sign-up.ts'
import { listUserSessions, revokeOtherUserSessions, revokeUserSession } from './user-sessions.ts'
import { getViewer, requireUser, type Viewer } from './viewer.ts'
import type { ApiBody } from '#shared/api-contract.ts'

export interface ChallengeVerifier {
  verify(token: string | undefined): Promise<void>
}

export interface AuthRouteDeps {
  auth: Auth
  db: Db
  logger: Logger
  captcha: ChallengeVerifier
  /** TRUST_PROXY: how many proxies' X-Forwarded-For entries to trust (auth/client-ip.ts). */
  trustProxy: number
  now: () => Date
  socialProviders: Record<OAuthProviderId, boolean>
  /** Our origin: where every redirect target named in a request must lead (http/redirect-guard.ts). */
  publicUrl: string
}

/** Endpoints an anonymous client can use to start a session or send mail: each needs a solved challenge. */
const CHALLENGED_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/magic-link',
  '/api/auth/request-password-reset',
  // The library's own resend, which /api/auth/resend (resend-routes.ts) stands in front of.
  '/api/auth/send-verification-email',
])

/**
 * better-auth endpoints that check the signed-in user's password, and the body field that carries
 * it. Each guess counts against the account exactly as a sign-in does (5 failures lock it for 15
 * minutes, shared with sign-in; a password reset ends the lock), so a stolen session is no password
 * oracle. `password-checks.db.test.ts` fails if better-auth gains an endpoint that takes a
 * password and isn't listed here.
 */
export const PASSWORD_CHECKED_PATHS: ReadonlyMap<string, string> = new Map([
  ['/api/auth/change-password', 'currentPassword'],
  ['/api/auth/delete-user', 'password'],
  ['/api/auth/verify-password', 'password'],
  ['/api/auth/two-factor/enable', 'password'],
  ['/api/auth/two-factor/disable', 'password'],
  ['/api/auth/two-factor/get-totp-uri', 'password'],
  ['/api/auth/two-factor/generate-backup-codes', 'password'],
])

/** The 429 of a locked account or address, with the seconds left until it opens again. */
function lockedOut(block: SignInBlock, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((block.lockedUntil.getTime() - now.getTime()) / 1000))
  return new AppError('rate_limited', block.message, { headers: { 'Retry-After': String(retryAfter) } })
}

/** Whether better-auth's answer says the password it checked was wrong. */
async function saysWrongPassword(response: Response): Promise<boolean> {
  if (response.status < 400 || response.status >= 500) return false
  const body = (await peekJson(response)) as ErrorBody | null
  return body?.error?.reason === 'INVALID_PASSWORD'
}

/**
 * The request better-auth sees: same request, with the client address in a header only we set.
 * The native app's requests (decision 036) are shown as coming from our own origin: the edge has
 * already done the cross-site check they need (the app's origin, no cookie of its own; any session
 * cookie is the translation of a verified bearer token), which better-auth's own check, made for
 * browsers and cookies, would refuse for an origin that is not a web site.
 */
function forAuth(c: Context, deps: { trustProxy: number; publicUrl: string }): Request {
  const headers = new Headers(c.req.raw.headers)
  headers.set(CLIENT_IP_HEADER, clientIp(c, deps.trustProxy))
  if (c.get('nativeApp')) headers.set('origin', deps.publicUrl)
  return new Request(c.req.raw, { headers })
}

async function readEmail(c: Context): Promise<string> {
  const body = (await peekJson(c.req.raw)) as { email?: unknown } | null
  return typeof body?.email === 'string' ? body.email : ''
}

/**
 * better-auth turns some database failures into its own answers (a sign-up whose insert fails is a
 * 422 FAILED_TO_CREATE_USER, a session that can't be written a 500 FAILED_TO_CREATE_SESSION). When
 * such an answer comes while the database is unreachable, the client gets the 503 every other
 * route gives (security target W5) instead of a refusal that blames its request.
 */
export async function failedForDatabase(response: Response, db: Db): Promise<boolean> {
  if (response.status < 500 && response.status !== 422 && response.status !== 400) return false
  if (response.status < 500) {
    const body = (await peekJson(response)) as { code?: unknown } | null
    if (typeof body?.code !== 'string' || !body.code.startsWith('FAILED_TO_')) return false
  }
  return !(await databaseAnswers(db))
}

export function authRoutes(deps: AuthRouteDeps) {
  const app = new Hono()
  const handle = async (c: Context): Promise<Response> => {
    const response = await deps.auth.handler(forAuth(c, deps))
    if (await failedForDatabase(response, deps.db)) throw databaseUnavailableError()
    // The app reads JSON where a browser would follow a redirect (native-answers.ts).
    if (c.get('nativeApp')) return inOurContract(linkAnswerForApp(response, deps.publicUrl), c.get('requestId'))
    const answer = await inOurContract(response, c.get('requestId'))
    return c.req.method === 'GET' ? await disabledAccountPage(answer) : answer
  }

  app.post('/auth/*', async (c, next) => {
    if (CHALLENGED_PATHS.has(c.req.path)) await deps.captcha.verify(c.req.header(CAPTCHA_HEADER))
    const body: unknown = await peekJson(c.req.raw)
    refuseOffSiteTargets(bodyFields(body), deps.publicUrl)
    await next()
  })

  // A user left without a password by a crash mid-sign-up is cleared first (unfinished-sign-up.ts).
  app.post('/auth/sign-up/email', async (c, next) => {
    if ((await removeUnfinishedSignUp(deps.db, await readEmail(c), deps.now())) > 0) deps.logger.warn('removed an unfinished sign-up before signing up again')
    await next()
  })

  // Profile changes through the library are names only, checked here (UpdateUserSchema).
  app.post('/auth/update-user', async (c, next) => {
    UpdateUserSchema.parse(await peekJson(c.req.raw))
    await next()
  })

  // Deleting an account always needs the password (better-auth would accept a recent session alone).
  app.post('/auth/delete-user', async (c, next) => {
    const body = (await peekJson(c.req.raw)) as { password?: unknown } | null
    if (typeof body?.password !== 'string' || body.password === '') {
      throw new AppError('validation_failed', 'Enter your password to delete your account.', { fieldErrors: { password: ['Password is required'] } })
    }
    await next()
  })

  /**
   * Runs `check` (a better-auth answer to a check of the viewer's password) under the sign-in
   * lockout: a slot is reserved first, a wrong password keeps it, anything else gives it back.
   */
  const passwordChecked = async (c: Context, viewer: Viewer, path: string, check: () => Promise<Response>): Promise<Response> => {
    const attempt = { email: viewer.user.email, ip: clientIp(c, deps.trustProxy), now: deps.now() }
    const block = await reserveSignInAttempt(deps.db, attempt)
    if (block) {
      deps.logger.warn({ ip: attempt.ip, path, lockedUntil: block.lockedUntil }, 'password check refused: locked out')
      throw lockedOut(block, attempt.now)
    }
    let response: Response
    try {
      response = await check()
    } catch (err) {
      await returnSignInAttempt(deps.db, attempt)
      throw err
    }
    if (response.ok) await releaseSignInAttempt(deps.db, attempt)
    else if (await saysWrongPassword(response)) deps.logger.info({ ip: attempt.ip, path }, 'password check failed')
    else await returnSignInAttempt(deps.db, attempt)
    return response
  }

  // Second factors: our list and text-message factor, and the checks around better-auth's
  // two-factor endpoints (second-factor-routes.ts). Before the password-checked paths below.
  secondFactorRoutes(app, { auth: deps.auth, db: deps.db, now: deps.now, handle, passwordChecked })

  // A signed-in user's password checks go through the same lockout as sign-in (see PASSWORD_CHECKED_PATHS).
  for (const path of PASSWORD_CHECKED_PATHS.keys()) {
    app.post(path.slice('/api'.length), async (c) => {
      const viewer = await getViewer(c, deps)
      // Signed out: better-auth answers 401 without checking anything.
      if (!viewer) return handle(c)
      const response = await passwordChecked(c, viewer, path, () => handle(c))
      // Turning two-factor off turns every factor off, text messages included.
      if (path === '/api/auth/two-factor/disable' && response.ok) await removePhoneFactors(deps.db, viewer.user.id)
      return response
    })
  }

  // Password sign-in goes through the lockout: a slot is reserved before better-auth checks the password.
  app.post('/auth/sign-in/email', async (c) => {
    const attempt = { email: await readEmail(c), ip: clientIp(c, deps.trustProxy), now: deps.now() }
    const block = await reserveSignInAttempt(deps.db, attempt)
    if (block) {
      deps.logger.warn({ ip: attempt.ip, lockedUntil: block.lockedUntil }, 'sign-in refused: locked out')
      throw lockedOut(block, attempt.now)
    }
    const response = await handle(c)
    // 200: signed in (or a second factor is due); 403: right password, email not yet verified.
    if (response.status === 200 || response.status === 403) await releaseSignInAttempt(deps.db, attempt)
    else deps.logger.info({ ip: attempt.ip, status: response.status }, 'sign-in failed')
    return response
  })

  // The provider sends the browser back here. A failure redirects to the web page's
  // `?error=`; name the provider there when better-auth could not (forged or unknown state).
  app.get('/auth/callback/:provider', async (c) => {
    const response = await handle(c)
    return nameProviderOnError(response, c.req.param('provider'))
  })

  // The jwt plugin's GET /token (a JWT for a cookie session) is closed: access tokens come from the
  // refresh grant only (POST, token-grant.ts), so an access token can't renew itself (decision 036).
  app.get('/auth/token', () => {
    throw new AppError('not_found', 'No API endpoint GET /api/auth/token. Use POST with a refresh grant.')
  })

  app.on(['GET', 'POST'], '/auth/*', handle)

  // Which outside sign-in providers this server has credentials for; the others show disabled buttons.
  app.get('/auth-config', (c) => c.json({ socialProviders: deps.socialProviders } satisfies ApiBody<'GET /api/auth-config'>))

  const describeViewer = async (viewer: Viewer) => {
    const emails = await deps.db
      .select({
        id: userEmails.id,
        email: userEmails.email,
        is_primary: userEmails.isPrimary,
        is_verified: userEmails.isVerified,
        verified_at: userEmails.verifiedAt,
      })
      .from(userEmails)
      .where(eq(userEmails.userId, viewer.user.id))
      .orderBy(userEmails.createdAt)
    return { user: viewer.user, profile: { role: viewer.role, subscription_tier: viewer.subscriptionTier }, emails }
  }

  app.get('/me', requireUser(deps), async (c) => c.json((await describeViewer(c.var.viewer)) satisfies ApiBody<'GET /api/me'>))

  // The caller's own sessions (profile page). Unlike better-auth's list-sessions these work however
  // long ago the caller signed in, and never hand out session tokens.
  app.get('/me/sessions', requireUser(deps), async (c) => {
    const { viewer } = c.var
    return c.json({ sessions: await listUserSessions(deps.db, { userId: viewer.user.id, sessionId: viewer.sessionId }, deps.now()) } satisfies ApiBody<'GET /api/me/sessions'>)
  })

  app.post('/me/sessions/revoke-others', requireUser(deps), async (c) => {
    const { viewer } = c.var
    return c.json({ revoked: await revokeOtherUserSessions(deps.db, viewer.user.id, viewer.sessionId) } satisfies ApiBody<'POST /api/me/sessions/revoke-others'>)
  })

  // Another user's session id is answered exactly like one that doesn't exist.
  app.delete('/me/sessions/:id', requireUser(deps), async (c) => {
    const { viewer } = c.var
    if (!(await revokeUserSession(deps.db, viewer.user.id, c.req.param('id')))) throw new AppError('not_found', 'No such session.')
    return c.body(null, 204)
  })

  // The same for the web app's session probe, with 200 and `user: null` when signed out, so a
  // signed-out page view logs no failed request.
  app.get('/session', async (c) => {
    const viewer = await getViewer(c, deps)
    return c.json((viewer ? await describeViewer(viewer) : { user: null, profile: null, emails: [] }) satisfies ApiBody<'GET /api/session'>)
  })

  return app
}

/** Adds `provider=<id>` to a redirect to the web app's sign-in return page that reports an error. */
/**
 * A link opened in the browser (magic link, email verification, a provider's return) for an account
 * an admin disabled: the page that explains sign-in failures, not the API's JSON refusal.
 */
async function disabledAccountPage(response: Response): Promise<Response> {
  if (response.status !== 403) return response
  const body = (await response.clone().json().catch(() => null)) as { error?: { reason?: unknown } } | null
  if (body?.error?.reason !== 'ACCOUNT_DISABLED') return response
  return new Response(null, { status: 302, headers: { location: `${OAUTH_RETURN_PATH}?error=account_disabled` } })
}

function nameProviderOnError(response: Response, provider: string): Response {
  const location = response.headers.get('location')
  if (!location || !isOAuthProviderId(provider)) return response
  const target = new URL(location, 'http://relative.invalid')
  if (target.pathname !== OAUTH_RETURN_PATH || !target.searchParams.has('error') || target.searchParams.has('provider')) return response
  target.searchParams.set('provider', provider)
  const rewritten = new Response(response.body, response)
  rewritten.headers.set('location', target.origin === 'http://relative.invalid' ? `${target.pathname}${target.search}` : target.href)
  return rewritten
}
