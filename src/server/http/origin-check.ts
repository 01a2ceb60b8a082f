import type { MiddlewareHandler } from 'hono'
import { AppError } from '../lib/app-error.ts'
import { isJson } from './input-guard.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const ORIGIN_MESSAGES = {
  crossOrigin: 'Cross-origin request refused.',
  noOrigin: 'Requests that carry cookies must come from this site.',
  notJson: 'Send the request body as JSON, with Content-Type: application/json.',
} as const

/**
 * Refuses state-changing requests that a browser sent from another site (cross-site request
 * forgery, login CSRF included):
 * - an `Origin` that is not ours: refused;
 * - no `Origin` on a request that carries cookies: refused unless the browser says it came from
 *   our own pages (`Sec-Fetch-Site: same-origin`). A foreign `Referer` or `Sec-Fetch-Site:
 *   cross-site` without `Origin` no longer passes (issue 12, finding 6). Clients without cookies
 *   (scripts, curl) pass: they carry no ambient credentials to abuse;
 * - a body that is not labelled JSON: refused with 415. A page on another site can post
 *   `text/plain` without a preflight; JSON needs one, which CORS then refuses.
 * - the native app's origins (decision 036, `nativeOrigins`) pass only without a Cookie header:
 *   the app sends no cookies and proves who it is with a bearer token, which no other page can
 *   make a browser attach, so there is nothing to forge. The same origin with cookies is refused.
 * Exempt paths take outside posts on purpose (each guarded by its own token or signature).
 */
export function originCheck(
  trustedOrigins: readonly string[],
  exemptPaths: readonly (string | RegExp)[] = [],
  nativeOrigins: ReadonlySet<string> = new Set(),
): MiddlewareHandler {
  const trusted = new Set(trustedOrigins)
  // RegExp entries cover paths with ids in them; they should be anchored (^…$).
  const exempt = (path: string) => exemptPaths.some((rule) => (typeof rule === 'string' ? rule === path : rule.test(path)))
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next()
    const origin = c.req.header('origin')
    if (origin !== undefined) {
      const cookieless = nativeOrigins.has(origin) && c.req.header('cookie') === undefined
      if (!trusted.has(origin) && !cookieless) throw new AppError('forbidden', ORIGIN_MESSAGES.crossOrigin)
    } else if (c.req.header('cookie') && c.req.header('sec-fetch-site') !== 'same-origin') {
      throw new AppError('forbidden', ORIGIN_MESSAGES.noOrigin)
    }
    if (!isJson(c.req.header('content-type')) && c.req.raw.body !== null && (await c.req.raw.clone().arrayBuffer()).byteLength > 0) {
      throw new AppError('unsupported_media_type', ORIGIN_MESSAGES.notJson)
    }
    return next()
  }
}
