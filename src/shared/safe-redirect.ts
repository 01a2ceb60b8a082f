/**
 * The one redirect guard (security target A10): every redirect target the app honours (checkout
 * success and cancel URLs, portal return URLs, and later the auth callbacks) goes through here.
 *
 * It resolves the target against our origin the way a browser would and keeps it only if the
 * result is on that origin. The answer is an absolute URL on our origin, never a relative one: a
 * relative answer such as `//evil.example` (what `/.//evil.example` normalises to) would be read by
 * the browser as another host.
 */

const MAX_LENGTH = 2048
/** Control characters (CR/LF header injection, NUL, tabs browsers strip) and backslashes (read as `/`). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/

export function sameOriginUrl(target: unknown, origin: string): URL | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return null
  if (FORBIDDEN.test(target)) return null
  // Percent-encoded backslashes and control characters are decoded by some servers and proxies.
  if (/%(5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(target)) return null
  let base: URL
  let url: URL
  try {
    base = new URL(origin)
    url = new URL(target, base)
  } catch {
    return null
  }
  if (url.origin !== base.origin || url.username || url.password) return null
  // `/.//evil.example` resolves to the path `//evil.example`: on our origin, but collapse the slashes
  // so that nothing downstream that keeps only the path can turn it into another host.
  url.pathname = url.pathname.replace(/^\/{2,}/, '/')
  return url
}

/** Path, query and hash of a same-origin URL (what the web app navigates to). */
export function localPath(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`
}
