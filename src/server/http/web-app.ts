import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { getSessionCookie } from 'better-auth/cookies'
import { Hono, type MiddlewareHandler } from 'hono'
import { isClientRoute } from '#shared/routes.ts'
import { PRODUCT_SLUG } from '#shared/site.ts'

/** Placeholder Vite writes into index.html (html.cspNonce); replaced by each response's nonce. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__'

/** Where the build's prerendering (scripts/prerender.mjs) writes the public pages' HTML, inside the web build. */
export const PRERENDERED_DIR = '.prerendered'

const ONE_YEAR = 'public, max-age=31536000, immutable'

/** The web manifest vite-plugin-pwa writes (scripts/vite-pwa.ts). */
export const WEB_MANIFEST = 'manifest.webmanifest'

/** Sets Cache-Control on files that were found (serveStatic builds its response before onFound runs). */
function cacheFor(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status === 200) c.res.headers.set('Cache-Control', value)
  }
}

/** A prerendered page: its HTML, and the tags that preload its code when the shell is sent instead. */
interface PrerenderedPage {
  html: string
  preloads: string
}

/** The build's pages.json: per path, the HTML file and the chunks the page needs beyond the shell's. */
type PagesFile = Record<string, { html: string; preload: string[] }>

function readPrerenderedPages(distDir: string): Map<string, PrerenderedPage> {
  const dir = path.join(distDir, PRERENDERED_DIR)
  const pages = new Map<string, PrerenderedPage>()
  if (!existsSync(path.join(dir, 'pages.json'))) return pages
  const listed = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as PagesFile
  for (const [pagePath, page] of Object.entries(listed)) {
    pages.set(pagePath, {
      html: readFileSync(path.join(dir, page.html), 'utf8'),
      preloads: page.preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" nonce="${NONCE_PLACEHOLDER}">`).join(''),
    })
  }
  return pages
}

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)

/**
 * Whether the request carries a session cookie (better-auth's, with the cookie prefix auth.ts
 * gives it). Only its presence counts: a visitor without one is certainly signed out, so they may
 * get a page prerendered for signed-out visitors; anyone else gets the app shell, which asks the
 * API (decision 019).
 */
const hasSessionCookie = (headers: Headers) => getSessionCookie(headers, { cookiePrefix: PRODUCT_SLUG }) !== null

/**
 * Serves the built web app: hashed assets with a one-year immutable cache (pre-compressed .br/.gz
 * when the browser accepts them), the service worker and web manifest revalidated on every use,
 * other public files with a short cache, and for every client route HTML that is never cached and
 * carries the request's CSP nonce: the page prerendered at build time for a visitor without a
 * session cookie, where there is one, else the app shell (index.html), with the page's own chunks
 * preloaded.
 */
export function createWebApp(options: { distDir: string }) {
  const app = new Hono()
  const indexPath = path.join(options.distDir, 'index.html')
  const shell = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null
  const prerendered = readPrerenderedPages(options.distDir)

  // Build metadata and the prerendered pages' raw files are not for browsers.
  app.all('/.vite/*', (c) => c.notFound())
  app.all(`/${PRERENDERED_DIR}/*`, (c) => c.notFound())

  app.use('/assets/*', cacheFor(ONE_YEAR), serveStatic({ root: options.distDir, precompressed: true }))

  // The service worker (src/web/sw.ts, decision 035) and the web manifest: revalidated on every
  // fetch, so a deploy reaches browsers at once instead of after a cache's hour (the browser also
  // checks /sw.js itself on navigations and when the page asks). At the root, the worker's default
  // scope is the whole app, so no Service-Worker-Allowed header is needed.
  app.get('/sw.js', cacheFor('no-cache'), serveStatic({ root: options.distDir }))
  // (Served as application/manifest+json: Hono's type for .webmanifest.)
  app.get(`/${WEB_MANIFEST}`, cacheFor('no-cache'), serveStatic({ root: options.distDir }))

  const shellUnbuilt = 'The web app has not been built. Run `npm run build` (or `npm start`, which builds first).'

  // The app shell as the service worker precaches it (/index.html?__WB_REVISION__=…): the same
  // HTML as a navigation to a page that is not prerendered, nonce filled in, never cached by HTTP.
  app.get('/index.html', (c) => {
    if (!shell) return c.text(shellUnbuilt, 503)
    c.header('Cache-Control', 'no-cache')
    return c.html(shell.replaceAll(NONCE_PLACEHOLDER, c.get('secureHeadersNonce') ?? ''))
  })

  app.get('*', async (c, next) => {
    // Paths with a file extension are files: serve them or answer 404, never the app shell.
    if (path.extname(c.req.path) !== '') return next()
    if (!shell) return c.text(shellUnbuilt, 503)
    const nonce = c.get('secureHeadersNonce') ?? ''
    const page = prerendered.get(withoutTrailingSlash(c.req.path))
    c.header('Cache-Control', 'no-cache')
    if (page) c.header('Vary', 'Cookie')
    const html = page && !hasSessionCookie(c.req.raw.headers) ? page.html : shell.replace('</head>', `${page?.preloads ?? ''}</head>`)
    return c.html(html.replaceAll(NONCE_PLACEHOLDER, nonce), isClientRoute(c.req.path) ? 200 : 404)
  })

  app.use('*', cacheFor('public, max-age=3600'), serveStatic({ root: options.distDir, precompressed: true }))

  return app
}
