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
} as const

const KNOWN_PATHS = new Set<string>(Object.values(PATHS))

export function isClientRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return KNOWN_PATHS.has(normalized)
}
