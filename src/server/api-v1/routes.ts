import { Hono } from 'hono'
import { chooseEncoding } from '../http/compress.ts'
import { AppError } from '../lib/app-error.ts'
import { docsAssetVersion, loadDocsAsset } from './docs-assets.ts'
import { docsPage } from './docs-page.ts'
import { createApiV1Document } from './openapi.ts'

const ONE_YEAR = 'public, max-age=31536000, immutable'

/**
 * The public API v1's reference (decision 045), open without a token (public-paths.ts):
 * GET /api/v1/openapi.json, the OpenAPI 3.1 document, built on first request and kept; GET
 * /api/v1/docs, Swagger UI on it; GET /api/v1/docs/<version>/<file>, that page's files.
 */
export function apiV1ReferenceRoutes(deps: { publicUrl: string; bodyLimitBytes: number }) {
  const app = new Hono()

  let document: string | undefined
  app.get('/openapi.json', (c) => {
    document ??= JSON.stringify(createApiV1Document(deps))
    return c.body(document, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' })
  })

  // The page names its files by version, so it is checked on every visit (and costs nothing to send).
  app.get('/docs', (c) => c.html(docsPage(), 200, { 'cache-control': 'no-cache' }))

  app.get('/docs/:version/:file', async (c) => {
    const asset = c.req.param('version') === docsAssetVersion() ? await loadDocsAsset(c.req.param('file')) : undefined
    if (!asset) throw new AppError('not_found', 'There is no such file of the API reference.')
    const headers = { 'content-type': asset.type, 'cache-control': ONE_YEAR, vary: 'Accept-Encoding' }
    // Sent gzipped as it was compressed once, so the compress middleware leaves it alone.
    if (chooseEncoding(c.req.header('accept-encoding')) === 'gzip') return c.body(new Uint8Array(asset.gzipped), 200, { ...headers, 'content-encoding': 'gzip' })
    return c.body(new Uint8Array(asset.body), 200, headers)
  })

  return app
}
