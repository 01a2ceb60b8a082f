import type { MiddlewareHandler } from 'hono'
import { sameOriginUrl } from '#shared/safe-redirect.ts'
import { AppError } from '../lib/app-error.ts'
import { setResponseHeader } from './response-headers.ts'

/**
 * Security target A10 on the server: no answer of ours sends a browser to another site.
 *
 * Two layers, both through the one guard (`sameOriginUrl`):
 * - at the edge, a redirect target a caller names (better-auth's `callbackURL`,
 *   `errorCallbackURL`, `newUserCallbackURL`, `redirectTo`; billing's own URLs are checked by
 *   their schema) is refused with a 400 before anything runs, so a hostile link neither consumes
 *   a token nor lands in an email;
 * - on the way out, every `Location` header is resolved against our origin and sent absolute; one
 *   that lands elsewhere is replaced by our home page. better-auth accepts `/.//evil.example` as a
 *   relative URL and then normalises it to `//evil.example`, which a browser reads as another host.
 */

/** Query and body fields through which a caller names where to be sent next. */
export const REDIRECT_FIELDS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const

export const OFF_SITE_REDIRECT_MESSAGE = 'Redirect addresses must be pages of this site.'

function refuse(field: string): AppError {
  return new AppError('validation_failed', OFF_SITE_REDIRECT_MESSAGE, { fieldErrors: { [field]: [OFF_SITE_REDIRECT_MESSAGE] } })
}

/** Throws the 400 for the first redirect field of `source` (query or parsed JSON body) that leaves `origin`. */
export function refuseOffSiteTargets(source: (field: string) => unknown[], origin: string): void {
  for (const field of REDIRECT_FIELDS) {
    for (const value of source(field)) {
      // Absent fields are better-auth's business (it falls back to its defaults); present ones must be ours.
      if (value === undefined || value === null) continue
      if (!sameOriginUrl(value, origin)) throw refuse(field)
    }
  }
}

/** The fields of a JSON body, for `refuseOffSiteTargets` (anything but an object has none). */
export function bodyFields(body: unknown): (field: string) => unknown[] {
  return (field) => (body !== null && typeof body === 'object' && !Array.isArray(body) && field in body ? [(body as Record<string, unknown>)[field]] : [])
}

/** The app-wide half: query fields checked on the way in, `Location` checked on the way out. */
export function redirectGuard(publicUrl: string): MiddlewareHandler {
  const home = `${new URL(publicUrl).origin}/`
  return async (c, next) => {
    if (c.req.path.startsWith('/api/')) refuseOffSiteTargets((field) => c.req.queries(field) ?? [], publicUrl)
    await next()
    const location = c.res.headers.get('location')
    if (location === null) return
    const target = sameOriginUrl(location, publicUrl)?.href ?? home
    if (target === location) return
    setResponseHeader(c, 'location', target)
  }
}
