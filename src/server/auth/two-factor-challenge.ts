import type { MiddlewareHandler } from 'hono'
import { SET_TWO_FACTOR_CHALLENGE_HEADER, TWO_FACTOR_CHALLENGE_HEADER } from '#shared/bearer-session.ts'
import { AppError } from '../lib/app-error.ts'
import { setResponseHeader } from '../http/response-headers.ts'
import type { Auth } from './auth.ts'

/** A signed cookie value as better-auth writes it (URL-encoded `id.signature`), and no longer than one. */
const CHALLENGE_VALUE = /^[\w.%-]{1,512}$/

/**
 * The second step of a sign-in in the native app (decision 036). After the first step (password,
 * or a magic link for an account with two-factor on) better-auth keeps the pending sign-in in a
 * signed `two_factor` cookie, and its verify-totp, verify-otp and verify-backup-code endpoints (and
 * our list of the methods it may offer) read it from there. The app sends no cookies, so for the
 * app's requests only:
 * - an answer that sets that cookie also carries its value in `set-two-factor-challenge`;
 * - a request under /api/auth with `x-two-factor-challenge` carries it as that cookie.
 * The value is the same signed, single-purpose token the browser holds (10 minutes, 5 attempts),
 * in a header no other page can make the app send, so nothing here is CSRF-able either.
 */
export function twoFactorChallengeHeader(deps: { auth: Auth }): MiddlewareHandler {
  return async (c, next) => {
    if (!c.get('nativeApp')) return next()
    const cookieName = (await deps.auth.$context).createAuthCookie('two_factor').name
    const challenge = c.req.header(TWO_FACTOR_CHALLENGE_HEADER)
    if (challenge !== undefined && c.req.path.startsWith('/api/auth/')) {
      if (!CHALLENGE_VALUE.test(challenge)) throw new AppError('bad_request', `The ${TWO_FACTOR_CHALLENGE_HEADER} header is not a sign-in challenge.`)
      const headers = new Headers(c.req.raw.headers)
      headers.set('cookie', [headers.get('cookie'), `${cookieName}=${challenge}`].filter(Boolean).join('; '))
      c.req.raw = new Request(c.req.raw, { headers })
    }
    await next()
    for (const setCookie of c.res.headers.getSetCookie()) {
      const pair = setCookie.split(';', 1)[0]!
      const equals = pair.indexOf('=')
      const value = pair.slice(equals + 1)
      if (pair.slice(0, equals).trim() === cookieName && value !== '' && !/max-age=0/i.test(setCookie)) setResponseHeader(c, SET_TWO_FACTOR_CHALLENGE_HEADER, value)
    }
  }
}
