import { Hono } from 'hono'
import type { ApiBody } from '#shared/api-contract.ts'
import { clientNoticesQuerySchema, createClientSchema, updateClientSchema } from '#shared/clients.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/viewer.ts'
import { jsonBody } from '../http/json-body.ts'
import { ownClient } from './client-scope.ts'
import { createClient } from './create-client.ts'
import { deleteClient } from './delete-client.ts'
import { listClientNotices } from './list-client-notices.ts'
import { listClients, withCounts } from './list-clients.ts'
import type { ConfirmationDeps } from './request-confirmation.ts'
import { resendConfirmation } from './resend-confirmation.ts'
import { updateClient } from './update-client.ts'

/**
 * /api/clients (and /api/v1/clients behind the token door): an Unlimited advisor's clients
 * (decision 043). Every call is scoped to the caller; another advisor's client id is a 404.
 * Reading is open to every plan (a downgraded advisor still sees their clients); changes need Unlimited.
 */
export function clientRoutes(deps: ConfirmationDeps & { auth: Auth }) {
  const app = new Hono().use('*', requireUser(deps))
  const user = (c: { var: { viewer: { user: { id: string } } } }) => c.var.viewer.user.id
  return app
    .get('/', async (c) => c.json({ clients: await listClients(deps.db, user(c)) } satisfies ApiBody<'GET /api/clients'>))
    .post('/', async (c) => c.json({ client: await createClient(deps, user(c), createClientSchema.parse(await jsonBody(c))) } satisfies ApiBody<'POST /api/clients'>, 201))
    // Before '/:id', which would otherwise take "notices" for a client id.
    .get('/notices', async (c) => {
      const { client, before } = clientNoticesQuerySchema.parse(c.req.query())
      const notices = await listClientNotices(deps.db, user(c), { client, before: before === undefined ? undefined : new Date(before) })
      return c.json({ notices } satisfies ApiBody<'GET /api/clients/notices'>)
    })
    .get('/:id', async (c) => {
      const [client] = await withCounts(deps.db, [await ownClient(deps.db, user(c), c.req.param('id'))])
      return c.json({ client: client! } satisfies ApiBody<'GET /api/clients/:id'>)
    })
    .patch('/:id', async (c) => {
      const patch = updateClientSchema.parse(await jsonBody(c))
      return c.json({ client: await updateClient(deps, user(c), c.req.param('id'), patch) } satisfies ApiBody<'PATCH /api/clients/:id'>)
    })
    .post('/:id/send-confirmation', async (c) => c.json({ client: await resendConfirmation(deps, user(c), c.req.param('id')) } satisfies ApiBody<'POST /api/clients/:id/send-confirmation'>))
    .delete('/:id', async (c) => {
      await deleteClient(deps.db, user(c), c.req.param('id'))
      return c.json({ success: true } satisfies ApiBody<'DELETE /api/clients/:id'>)
    })
}
