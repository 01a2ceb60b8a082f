import { Hono } from 'hono'
import type { ApiBody } from '#shared/api-contract.ts'
import { createApiTokenSchema } from '#shared/api-tokens.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { jsonBody } from '../http/json-body.ts'
import { createApiToken, listApiTokens, revokeApiToken } from './token-store.ts'

/** /api/me/api-tokens: the signed-in user's personal API tokens (decision 042); every call scoped to them. */
export function apiTokenRoutes(deps: { auth: Auth; db: Db }) {
  return new Hono()
    .use('*', requireUser(deps))
    .get('/', async (c) => c.json({ tokens: await listApiTokens(deps.db, c.var.viewer.user.id) } satisfies ApiBody<'GET /api/me/api-tokens'>))
    .post('/', async (c) => {
      const input = createApiTokenSchema.parse(await jsonBody(c))
      return c.json((await createApiToken(deps.db, c.var.viewer.user.id, input)) satisfies ApiBody<'POST /api/me/api-tokens'>, 201)
    })
    .delete('/:id', async (c) => {
      await revokeApiToken(deps.db, c.var.viewer.user.id, c.req.param('id'))
      return c.json({ success: true } satisfies ApiBody<'DELETE /api/me/api-tokens/:id'>)
    })
}
