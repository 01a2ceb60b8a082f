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

/**
 * Serves the built single-page app: hashed assets with a one-year immutable cache (pre-compressed
 * .br/.gz when the browser accepts them), other public files with a short cache, and index.html
 * for every client route, never cached and carrying the request's CSP nonce.
 */
export function createWebApp(options: { distDir: string }) {
  const app = new Hono()
  const indexPath = path.join(options.distDir, 'index.html')
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null

  app.use('/assets/*', cacheFor(ONE_YEAR), serveStatic({ root: options.distDir, precompressed: true }))

  app.get('*', async (c, next) => {
    // Paths with a file extension are files: serve them or answer 404, never the app shell.
    if (path.extname(c.req.path) !== '') return next()
    if (!template) {
      return c.text('The web app has not been built. Run `npm run build` (or `npm start`, which builds first).', 503)
    }
    const nonce = (c.get('secureHeadersNonce' as never) as string | undefined) ?? ''
    c.header('Cache-Control', 'no-cache')
    return c.html(template.replaceAll(NONCE_PLACEHOLDER, nonce), isClientRoute(c.req.path) ? 200 : 404)
  })

  app.use('*', cacheFor('public, max-age=3600'), serveStatic({ root: options.distDir, precompressed: true }))

  return app
}
