import { APP_URL_SCHEME, DEEP_LINK_PATHS, MAGIC_LINK_PATH } from '#shared/app-links.ts'
import { localPath, sameOriginUrl } from '#shared/safe-redirect.ts'

const PAGES = new Set(DEEP_LINK_PATHS)
const MAX_LENGTH = 2048

/**
 * Links reach the app from outside (an email, a text, a notice, another app), so each is treated as
 * hostile: only our own scheme (`faredrop://verify-email?token=…` or `faredrop:///verify-email…`)
 * and https:// links on our site's origin count. The path is matched exactly after the URL parser
 * resolved dot segments, so `/alerts/../admin`, `%2F%2Fevil.example` and the like match nothing,
 * and the address goes through the server's redirect rule (`sameOriginUrl`) first, so whatever
 * comes out can only be an address of our own site.
 */
function ourAddress(link: unknown, siteOrigin: string): URL | null {
  if (typeof link !== 'string' || link.length === 0 || link.length > MAX_LENGTH) return null
  let url: URL
  let site: URL
  try {
    url = new URL(link)
    site = new URL(siteOrigin)
  } catch {
    return null
  }
  if (url.username || url.password) return null

  let path: string
  if (url.protocol === `${APP_URL_SCHEME}:`) {
    // No authority to speak of: "faredrop://alerts" puts the page in the host, "faredrop:///alerts"
    // in the path. A port, or an opaque "faredrop:alerts", is nothing we send.
    if (url.port || !link.slice(url.protocol.length).startsWith('//')) return null
    path = url.host ? `/${url.host}${url.pathname}` : url.pathname
  } else if (url.protocol === 'https:' || url.protocol === 'http:') {
    if (url.origin !== site.origin) return null
    path = url.pathname
  } else {
    return null
  }

  const target = sameOriginUrl(`${path}${url.search}${url.hash}`, site.origin)
  if (!target) return null
  target.pathname = target.pathname.length > 1 ? target.pathname.replace(/\/+$/, '') : target.pathname
  return target
}

/**
 * The page of the app a link opens (path, query and hash), or null when the app ignores it: only
 * the pages a link may open (`DEEP_LINK_PATHS`: sign-in return, password reset, email
 * verification, an alert's search, the alerts list).
 */
export function deepLinkPath(link: unknown, siteOrigin: string): string | null {
  const target = ourAddress(link, siteOrigin)
  return target && PAGES.has(target.pathname) ? localPath(target) : null
}

/**
 * An emailed magic link's query (`token`, `callbackURL`…), which the app sends to the same
 * endpoint itself (magic-link.ts), or null when the link is not one.
 */
export function magicLinkQuery(link: unknown, siteOrigin: string): URLSearchParams | null {
  const target = ourAddress(link, siteOrigin)
  if (!target || target.pathname !== MAGIC_LINK_PATH || !target.searchParams.get('token')) return null
  return target.searchParams
}
