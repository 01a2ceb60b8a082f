import type { MiddlewareHandler } from 'hono'
import { TOKEN_PATH } from '#shared/bearer-session.ts'
import type { Db } from '../db/client.ts'
import { AppError } from '../lib/app-error.ts'
import type { AccessTokenVerifier } from './access-tokens.ts'
import type { Auth } from './auth.ts'
import { lookUpSessionById, signedSessionCookie } from './session-lookup.ts'

export const BEARER_MESSAGES = {
  invalid: 'The access token is not valid. Please sign in again.',
  expired: 'The access token has expired. Refresh it and try again.',
  ended: 'Your session has ended. Please sign in again.',
} as const

/** A JWT in compact form; nothing else is an access token. Longer headers are refused unread. */
const BEARER_JWT = /^Bearer +([\w-]+\.[\w-]+\.[\w-]+) *$/i
const MAX_AUTHORIZATION_LENGTH = 4096

/** The 401 of a refused access token (RFC 6750), which the app reads to refresh or sign in again. */
function refused(message: string, description: 'invalid' | 'expired' | 'ended'): AppError {
  return new AppError('unauthorized', message, { headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"` } })
}

/**
 * The native app's requests (decision 036), in ONE place for every route: a request with
 * `Authorization: Bearer <access token>` is checked here (signature against our own keys, `EdDSA`
 * only, issuer, audience, expiry) and then its session must still exist and belong to the token's
 * user, so a sign-out, an admin's "sign out everywhere", a disabled account or a password reset
 * ends it at the next request, not when the token expires. The request then goes on as if it
 * carried that session's cookie, without the header: our routes (getViewer, requireUser,
 * requireRole) and better-auth's own (sign-out, change-password, two-factor…) all read the session
 * they always read, and the viewer is known already (no second query). Any other bearer value is
 * a 401, never passed on. The refresh grant carries its credential in its body: its header is dropped.
 *
 * Runs after the origin check, which passes the app's origins only without cookies of their own:
 * the cookie this adds comes from a verified token, not from a browser's jar.
 */
export function bearerAccess(deps: { auth: Auth; db: Db; tokens: AccessTokenVerifier }): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('authorization')
    if (header === undefined || !/^bearer(\s|$)/i.test(header)) return next()
    const headers = new Headers(c.req.raw.headers)
    headers.delete('authorization')
    if (c.req.path === TOKEN_PATH) {
      c.req.raw = new Request(c.req.raw, { headers })
      return next()
    }

    const jwt = header.length <= MAX_AUTHORIZATION_LENGTH ? BEARER_JWT.exec(header)?.[1] : undefined
    if (!jwt) throw refused(BEARER_MESSAGES.invalid, 'invalid')
    const check = await deps.tokens.verify(jwt)
    if (!check.ok) throw check.expired ? refused(BEARER_MESSAGES.expired, 'expired') : refused(BEARER_MESSAGES.invalid, 'invalid')
    const found = await lookUpSessionById(deps.db, check.claims.sid)
    // better-auth's clock, as for cookies (session-lookup.ts).
    if (!found || found.viewer.user.id !== check.claims.sub || found.expiresAt.getTime() <= Date.now()) throw refused(BEARER_MESSAGES.ended, 'ended')

    c.set('viewerLookup', found.viewer)
    const { authCookies, secret } = await deps.auth.$context
    headers.set('cookie', `${authCookies.sessionToken.name}=${signedSessionCookie(found.token, secret)}`)
    c.req.raw = new Request(c.req.raw, { headers })
    return next()
  }
}
