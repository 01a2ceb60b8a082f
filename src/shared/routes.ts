/**
 * Every client route of the spec's route table. The server answers 404 (still with the app, which
 * shows its not-found page) for any other path.
 */
export const PATHS = {
  landing: '/',
  home: '/home',
  auth: '/auth',
  authCallback: '/auth/callback',
  search: '/search',
  alerts: '/alerts',
  /** An Unlimited advisor's clients (decision 043). */
  clients: '/clients',
  profile: '/profile',
  admin: '/admin',
  adminDebug: '/admin/debug',
  designSystem: '/design-system',
  about: '/about',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  verifyEmail: '/verify-email',
  contact: '/contact',
  /** The local outbox (development and admins only). */
  devMailbox: '/dev/mailbox',
  /** The local test mode's hosted checkout page (a route pattern: build links with billingCheckoutPath). */
  billingCheckout: '/billing/checkout/:sessionId',
  /** The local test mode's billing portal (`?session=`). */
  billingPortal: '/billing/portal',
} as const

/** Checkout session ids as the server makes them (`cs_test_local_…`); anything else is not a page. */
const CHECKOUT_PATH = /^\/billing\/checkout\/[A-Za-z0-9_-]{1,100}$/

export function billingCheckoutPath(sessionId: string): string {
  return PATHS.billingCheckout.replace(':sessionId', encodeURIComponent(sessionId))
}

// Made on first use: built at import, the set stayed in every page's first download (the bundler
// can't prove `new Set(...)` free of effects), though only the server and the router ask.
let knownPaths: Set<string> | undefined

export function isClientRoute(pathname: string): boolean {
  knownPaths ??= new Set<string>(Object.values(PATHS).filter((path) => !path.includes(':')))
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return knownPaths.has(normalized) || CHECKOUT_PATH.test(normalized)
}
