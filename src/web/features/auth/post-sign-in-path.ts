import { PATHS } from '#shared/routes.ts'
import { pendingPlan, planChoicePath } from '../pricing/index.ts'
import { returnPath } from './return-path.ts'

/**
 * Where a user goes once signed in, whichever way they signed in (password, second factor, outside
 * provider, magic link or email verification): back to the plan they chose while signed out, if
 * that choice is recent, else to the page that sent them to sign in (`/auth?redirect=…`),
 * otherwise their alerts. Both are only read here; the page they lead to forgets them once it has
 * shown them, so every redirect during one sign-in agrees.
 */
export function postSignInPath(now = Date.now()): string {
  const priceId = pendingPlan(now)
  return priceId ? planChoicePath(priceId) : (returnPath(now) ?? PATHS.alerts)
}
