import { bodyLimit } from 'hono/body-limit'
import { alertImportSchema, CSV_MESSAGES, MAX_CSV_BYTES } from '#shared/alerts/alert-csv.ts'
import { AppError } from '../lib/app-error.ts'
import { exportAlertsCsv, exportPriceHistoryCsv } from './export-alerts.ts'
import { importAlerts } from './import-alerts.ts'
import { Hono, type Context } from 'hono'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import { alertListQuerySchema, createAlertSchema, updateAlertSchema } from '#shared/alerts/alert.ts'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema } from '#shared/idempotency.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser, type SignedIn } from '../auth/viewer.ts'
import { changeFeedOf } from '../db/change-feed.ts'
import type { Db } from '../db/client.ts'
import { jsonBody } from '../http/json-body.ts'
import { sendPreparedJson } from '../http/prepared-json.ts'
import { listAlertNotifications } from './alert-notification-history.ts'
import { createAlertListCache } from './alert-list-cache.ts'
import { createAlertListResponses } from './alert-list-responses.ts'
import { alertToday, type AlertOwner } from './alert-scope.ts'
import { createAlert } from './create-alert.ts'
import { deleteAlert } from './delete-alert.ts'
import { getAlert } from './get-alert.ts'
import { getQuota } from './get-quota.ts'
import { getReasonableUse } from './reasonable-use.ts'
import { listAlertsPrepared } from './list-alerts.ts'
import { updateAlert } from './update-alert.ts'
import type { ApiBody } from '#shared/api-contract.ts'

/**
 * /api/alerts: signed-in users only (401 otherwise), and every operation is scoped to the caller.
 * Refusals use the API's error body; POST also answers `success: false` (spec section 7).
 */
export const ALERT_IMPORT_PATH = '/api/alerts/import'

/** The import's body limit: twice the largest file, for JSON's escaping of quotes and line breaks. */
export const ALERT_IMPORT_BODY_LIMIT = 2 * MAX_CSV_BYTES + 1024

/** A CSV file to save, named with today's date; never cached (it holds the account's data). */
function csvDownload(c: Context, name: string, body: string): Response {
  const day = new Date().toISOString().slice(0, 10)
  return c.body(body, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${day}.csv"`,
    'cache-control': 'no-store',
  })
}

export function alertRoutes(deps: { auth: Auth; db: Db; now: () => Date }) {
  const app = new Hono()
  // POST /api/alerts's `success: false` error envelope is set in app.ts, before the edge checks and this sign-in check.
  const signedIn = app.use('*', requireUser(deps))

  const owner = (c: Context<SignedIn>): AlertOwner => {
    const { viewer } = c.var
    return { userId: viewer.user.id, plan: planForProfile({ role: viewer.role, subscription_tier: viewer.subscriptionTier }) }
  }

  // The list is the hot path (decision 020): kept alerts and kept answers, checked by version on every
  // request, or on the embedded database by its change feed (decision 029).
  const listDeps = { db: deps.db, now: deps.now, cache: createAlertListCache(), responses: createAlertListResponses(), changes: changeFeedOf(deps.db) }
  signedIn.get('/', async (c) => sendPreparedJson(c, await listAlertsPrepared(listDeps, owner(c), alertListQuerySchema.parse(c.req.query()))))

  // Before '/:id', which would otherwise take "quota" for an alert id.
  signedIn.get('/quota', async (c) => c.json((await getQuota(deps, owner(c))) satisfies ApiBody<'GET /api/alerts/quota'>))
  signedIn.get('/reasonable-use', async (c) => c.json((await getReasonableUse(deps.db, c.var.viewer.user.id, alertToday(deps.now()))) satisfies ApiBody<'GET /api/alerts/reasonable-use'>))

  // Unlimited's CSV import and exports (decision 041). The import has its own body limit: a file of
  // MAX_CSV_BYTES, JSON-escaped, is larger than the API's default (app.ts leaves this path to it).
  signedIn.post('/import', bodyLimit({ maxSize: ALERT_IMPORT_BODY_LIMIT, onError: () => { throw new AppError('payload_too_large', CSV_MESSAGES.tooLarge) } }), async (c) => {
    const { csv, dryRun } = alertImportSchema.parse(await jsonBody(c))
    return c.json((await importAlerts(deps, owner(c).userId, csv, { dryRun })) satisfies ApiBody<'POST /api/alerts/import'>)
  })
  signedIn.get('/export', async (c) => csvDownload(c, 'faredrop-alerts', await exportAlertsCsv(deps.db, owner(c), alertToday(deps.now()))))
  signedIn.get('/export/prices', async (c) => csvDownload(c, 'faredrop-price-history', await exportPriceHistoryCsv(deps.db, owner(c))))

  signedIn.post('/', async (c) => {
    const input = createAlertSchema.parse(await jsonBody(c))
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER)
    const idempotencyKey = header === undefined ? undefined : idempotencyKeySchema.parse(header)
    const { alert, replayed } = await createAlert(deps, owner(c).userId, input, { idempotencyKey })
    if (replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    return c.json({ success: true, alert } satisfies ApiBody<'POST /api/alerts'>, 201)
  })

  signedIn.get('/:id', async (c) => c.json({ alert: await getAlert(deps, owner(c), c.req.param('id')) } satisfies ApiBody<'GET /api/alerts/:id'>))

  signedIn.patch('/:id', async (c) => {
    const patch = updateAlertSchema.parse(await jsonBody(c))
    return c.json({ alert: await updateAlert(deps, owner(c).userId, c.req.param('id'), patch) } satisfies ApiBody<'PATCH /api/alerts/:id'>)
  })

  signedIn.get('/:id/notifications', async (c) =>
    c.json({ notifications: await listAlertNotifications(deps.db, c.var.viewer.user.id, c.req.param('id')) } satisfies ApiBody<'GET /api/alerts/:id/notifications'>),
  )

  // 200 with a body rather than 204, like the spec's other alert calls ({ success }).
  signedIn.delete('/:id', async (c) => {
    await deleteAlert(deps, owner(c).userId, c.req.param('id'))
    return c.json({ success: true } satisfies ApiBody<'DELETE /api/alerts/:id'>)
  })

  return app
}
