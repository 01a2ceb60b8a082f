import { localPath, sameOriginUrl } from '#shared/safe-redirect.ts'
import { PATHS } from '#shared/routes.ts'
import { PRODUCT_SLUG } from '#shared/site.ts'
import { forget, recall, remember } from '../../lib/remembered.ts'

/**
 * The page a signed-out visitor was on when something asked them to sign in (`/auth?redirect=…`,
 * "Track this route" on a search, issue 16): every way of signing in comes back to it. Only pages
 * of this site, through the one redirect guard the server uses (shared/safe-redirect.ts), and
 * never the sign-in pages themselves, which would send a signed-in visitor round in a loop.
 */
export const RETURN_PATH_KEY = `${PRODUCT_SLUG}-return-path`
export const RETURN_PATH_MAX_AGE_MS = 30 * 60 * 1000

const SIGN_IN_PAGES = [PATHS.auth, PATHS.verifyEmail]

/** The target as a local path ("/search?…"), or null when it leaves the site or is a sign-in page. */
export function safeReturnPath(target: unknown, origin = window.location.origin): string | null {
  const url = sameOriginUrl(target, origin)
  if (!url) return null
  if (SIGN_IN_PAGES.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return null
  return localPath(url)
}

/** The sign-in page, asked to come back to `path` afterwards (`/auth?redirect=…`). */
export function signInThenReturnTo(path: string): string {
  return `${PATHS.auth}?redirect=${encodeURIComponent(path)}`
}

/** Remembers `target` if it is safe; says whether it was. */
export function rememberReturnPath(target: unknown, now = Date.now()): boolean {
  const path = safeReturnPath(target)
  if (path) remember(RETURN_PATH_KEY, path, now)
  return path !== null
}

export function returnPath(now = Date.now()): string | null {
  return recall(RETURN_PATH_KEY, RETURN_PATH_MAX_AGE_MS, (value) => safeReturnPath(value), now)
}

export function forgetReturnPath(): void {
  forget(RETURN_PATH_KEY)
}
