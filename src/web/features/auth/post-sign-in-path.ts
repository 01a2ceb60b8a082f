import { PATHS } from '#shared/routes.ts'
import { pendingPlan, planChoicePath } from '../pricing/index.ts'

/**
 * Where a user goes once signed in, whichever way they signed in (password, second factor, outside
 * provider, magic link or email verification): back to the plan they chose while signed out, if
 * that choice is recent, otherwise their alerts. The choice is only read here; the profile forgets
 * it once it has shown it, so every redirect during one sign-in agrees.
 */
export function postSignInPath(now = Date.now()): string {
  const priceId = pendingPlan(now)
  return priceId ? planChoicePath(priceId) : PATHS.alerts
}
