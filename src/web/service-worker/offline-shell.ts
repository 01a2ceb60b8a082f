/**
 * Navigations in FareDrop's service worker (src/web/sw.ts, decision 035). Online, every navigation
 * goes to the server, which picks the HTML (a prerendered page or the app shell, decision 019).
 * Only when the network fails does the worker answer, with the app shell it precached; the app then
 * shows what it can offline.
 */

/** The app shell in the precache: the server answers /index.html like a navigation (nonce filled in). */
export const SHELL_URL = '/index.html'

/** Not pages: the API (auth links open /api/… in the browser), metrics and files. */
export const NOT_PAGES: RegExp[] = [/^\/api\//, /^\/metrics$/, /\/[^/]+\.[^/]+$/]

const NONCE_IN_POLICY = /'nonce-([^']+)'/

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/**
 * The precached shell with a nonce of its own. The copy in the cache carries the nonce of the
 * response that filled the cache, in its Content-Security-Policy and on its inline script and
 * style elements; every offline load gets a fresh one instead, as every online response does.
 * The body is decoded already, so its encoding and length headers no longer apply.
 */
export async function withFreshNonce(shell: Response): Promise<Response> {
  const policy = shell.headers.get('content-security-policy')
  const stale = policy ? NONCE_IN_POLICY.exec(policy)?.[1] : undefined
  if (!policy || !stale) return shell
  const nonce = randomNonce()
  const headers = new Headers(shell.headers)
  headers.set('content-security-policy', policy.replaceAll(stale, nonce))
  headers.delete('content-encoding')
  headers.delete('content-length')
  const html = (await shell.text()).replaceAll(stale, nonce)
  return new Response(html, { status: 200, statusText: 'OK', headers })
}
