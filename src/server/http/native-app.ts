import type { MiddlewareHandler } from 'hono'
import { SET_AUTH_TOKEN_HEADER, SET_TWO_FACTOR_CHALLENGE_HEADER, TWO_FACTOR_CHALLENGE_HEADER } from '#shared/bearer-session.ts'
import { CAPTCHA_HEADER } from '#shared/captcha.ts'
import { editResponseHeaders } from './response-headers.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** The request comes from the native app's pages (one of NATIVE_APP_ORIGINS), set by `nativeAppCors`. */
    nativeApp?: true
  }
}

/**
 * Where the native app's pages run (Capacitor 7, decision 036): iOS (`capacitor://localhost`),
 * Android (`https://localhost`, and `http://localhost` with `androidScheme: 'http'`). Fixed, not
 * configured: they are the same for every installation, and none of them can be a real web site's.
 */
export const NATIVE_APP_ORIGINS = ['capacitor://localhost', 'https://localhost', 'http://localhost'] as const

/** The app's origins, less any that is our own (a site served at https://localhost is a web page, with cookies). */
export function nativeAppOrigins(trustedOrigins: readonly string[]): ReadonlySet<string> {
  return new Set(NATIVE_APP_ORIGINS.filter((origin) => !trustedOrigins.includes(origin)))
}

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE'
const ALLOWED_HEADERS = ['authorization', 'content-type', 'accept', CAPTCHA_HEADER, TWO_FACTOR_CHALLENGE_HEADER].join(', ')
/** What the app reads: the refresh token of a new session, a second step's challenge, why a token was refused, waits, the request id. */
const EXPOSED_HEADERS = [SET_AUTH_TOKEN_HEADER, SET_TWO_FACTOR_CHALLENGE_HEADER, 'www-authenticate', 'retry-after', 'x-request-id'].join(', ')
const PREFLIGHT_MAX_AGE_SECONDS = '600'

/**
 * CORS for the native app only (security target H6 stays: no other origin gets a CORS header).
 * The app sends no cookies (`credentials: 'omit'`) and signs its requests with a bearer token, so
 * its origins are allowed WITHOUT credentials: `Access-Control-Allow-Credentials` is never sent,
 * and a browser page on one of these origins that sends cookies anyway can't read the answer (and
 * the origin check refuses its writes). The `set-auth-token` header better-auth's bearer plugin
 * adds to every answer that starts a session reaches the app only: the web's session cookie is
 * HttpOnly, and a header would hand the same token to any script on the page.
 */
export function nativeAppCors(origins: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin === undefined || !origins.has(origin)) {
      await next()
      if (c.res.headers.has(SET_AUTH_TOKEN_HEADER) || c.res.headers.has('access-control-expose-headers')) {
        editResponseHeaders(c, (headers) => {
          headers.delete(SET_AUTH_TOKEN_HEADER)
          headers.delete('access-control-expose-headers')
        })
      }
      return
    }
    c.set('nativeApp', true)
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      return c.body(null, 204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
        vary: 'Origin',
      })
    }
    await next()
    editResponseHeaders(c, (headers) => {
      headers.set('access-control-allow-origin', origin)
      headers.set('access-control-expose-headers', EXPOSED_HEADERS)
      headers.delete('access-control-allow-credentials')
      headers.append('vary', 'Origin')
    })
  }
}
