import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ApiBody } from '#shared/api-contract.ts'
import { BRAND_LIMITS, BRAND_MESSAGES, brandLogoSchema, brandSchema } from '#shared/brand.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { jsonBody } from '../http/json-body.ts'
import { AppError } from '../lib/app-error.ts'
import { findLogo, readBrand, removeLogo, saveBrand, saveLogo } from './save-brand.ts'

export const BRAND_LOGO_PATH = '/api/me/brand/logo'
/** The logo's body limit: the largest file as base64 in JSON, and a little room. */
export const BRAND_LOGO_BODY_LIMIT = Math.ceil((BRAND_LIMITS.logoMaxBytes * 4) / 3) + 1024

/** /api/me/brand: an Unlimited advisor's white-label brand (decision 043). */
export function brandRoutes(deps: { auth: Auth; db: Db; now: () => Date }) {
  return new Hono()
    .use('*', requireUser(deps))
    .get('/', async (c) => c.json((await readBrand(deps.db, c.var.viewer.user.id)) satisfies ApiBody<'GET /api/me/brand'>))
    .put('/', async (c) => c.json((await saveBrand(deps.db, c.var.viewer.user.id, brandSchema.parse(await jsonBody(c)), deps.now())) satisfies ApiBody<'PUT /api/me/brand'>))
    .put(
      '/logo',
      bodyLimit({
        maxSize: BRAND_LOGO_BODY_LIMIT,
        onError: () => {
          throw new AppError('payload_too_large', BRAND_MESSAGES.logoSize)
        },
      }),
      async (c) => c.json((await saveLogo(deps.db, c.var.viewer.user.id, brandLogoSchema.parse(await jsonBody(c)), deps.now())) satisfies ApiBody<'PUT /api/me/brand/logo'>),
    )
    .delete('/logo', async (c) => c.json((await removeLogo(deps.db, c.var.viewer.user.id, deps.now())) satisfies ApiBody<'DELETE /api/me/brand/logo'>))
}

/**
 * GET /api/brand-logos/:hash: public (emails load it), named by its content's hash so it never
 * changes and may be cached for good. Served as an image only: no sniffing, no script, and
 * loadable from webmail pages on other sites.
 */
export function brandLogoRoutes(deps: { db: Db }) {
  return new Hono().get('/:hash', async (c) => {
    const logo = await findLogo(deps.db, c.req.param('hash'))
    if (!logo) throw new AppError('not_found', 'No such logo.')
    return c.body(new Uint8Array(logo.bytes).buffer as ArrayBuffer, 200, {
      'content-type': logo.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
    })
  })
}
