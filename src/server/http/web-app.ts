import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'
import { isClientRoute } from '#shared/routes.ts'

/** Placeholder Vite writes into index.html (html.cspNonce); replaced by each response's nonce. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__'

const ONE_YEAR = 'public, max-age=31536000, immutable'

/** Sets Cache-Control on files that were found (serveStatic builds its response before onFound runs). */
function cacheFor(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status === 200) c.res.headers.set('Cache-Control', value)
  }
}

/** Pages whose code is worth fetching together with the HTML (the first screen most visitors see). */
const PRELOADED_PAGES: Record<string, string> = {
  '/': 'src/web/routes/landing.tsx',
  '/home': 'src/web/routes/landing.tsx',
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

/**
 * <link rel="modulepreload"> tags per path for a lazily loaded page and the chunks it imports,
 * so the browser fetches them in parallel with the entry instead of after it has run.
 */
function routePreloads(distDir: string): Map<string, string> {
  const manifestPath = path.join(distDir, '.vite/manifest.json')
  const tags = new Map<string, string>()
  if (!existsSync(manifestPath)) return tags
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return
    into.add(chunk.file)
    for (const dep of chunk.imports ?? []) collect(dep, into)
  }
  const entryFiles = new Set<string>()
  collect('index.html', entryFiles)
  for (const [pagePath, source] of Object.entries(PRELOADED_PAGES)) {
    const files = new Set<string>()
    collect(source, files)
    const links = [...files]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" nonce="${NONCE_PLACEHOLDER}">`)
    tags.set(pagePath, links.join(''))
  }
  return tags
}

/**
 * Serves the built single-page app: hashed assets with a one-year immutable cache (pre-compressed
 * .br/.gz when the browser accepts them), other public files with a short cache, and index.html
 * for every client route, never cached and carrying the request's CSP nonce.
 */
export function createWebApp(options: { distDir: string }) {
  const app = new Hono()
  const indexPath = path.join(options.distDir, 'index.html')
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null
  const preloads = routePreloads(options.distDir)

  // Build metadata is not for browsers.
  app.all('/.vite/*', (c) => c.notFound())

  app.use('/assets/*', cacheFor(ONE_YEAR), serveStatic({ root: options.distDir, precompressed: true }))

  // The push service worker (public/sw.js): revalidated on every fetch, so a fix reaches browsers at
  // once instead of after a shared cache's hour. At the root, its default scope is the whole app, so
  // no Service-Worker-Allowed header is needed.
  app.get('/sw.js', cacheFor('no-cache'), serveStatic({ root: options.distDir }))

  app.get('*', async (c, next) => {
    // Paths with a file extension are files: serve them or answer 404, never the app shell.
    if (path.extname(c.req.path) !== '') return next()
    if (!template) {
      return c.text('The web app has not been built. Run `npm run build` (or `npm start`, which builds first).', 503)
    }
    const nonce = c.get('secureHeadersNonce') ?? ''
    c.header('Cache-Control', 'no-cache')
    const html = template.replace('</head>', `${preloads.get(c.req.path) ?? ''}</head>`).replaceAll(NONCE_PLACEHOLDER, nonce)
    return c.html(html, isClientRoute(c.req.path) ? 200 : 404)
  })

  app.use('*', cacheFor('public, max-age=3600'), serveStatic({ root: options.distDir, precompressed: true }))

  return app
}
