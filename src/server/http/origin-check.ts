import type { MiddlewareHandler } from 'hono'
import { AppError } from '../lib/app-error.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that a browser sent from another site (cross-site request
 * forgery, login CSRF included). Browsers always send Origin on such requests; clients without one
 * (scripts, the mobile app) are not browsers acting for a visitor and pass.
 */
export function originCheck(trustedOrigins: readonly string[], exemptPaths: readonly (string | RegExp)[] = []): MiddlewareHandler {
  const trusted = new Set(trustedOrigins)
  // RegExp entries cover paths with ids in them; they should be anchored (^…$).
  const exempt = (path: string) => exemptPaths.some((rule) => (typeof rule === 'string' ? rule === path : rule.test(path)))
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (!SAFE_METHODS.has(c.req.method) && origin && !trusted.has(origin) && !exempt(c.req.path)) {
      throw new AppError('forbidden', 'Cross-origin request refused.')
    }
    await next()
  }
}
