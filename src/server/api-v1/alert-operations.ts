import { z } from 'zod'
import { alertImportSchema } from '#shared/alerts/alert-csv.ts'
import { alertListQuerySchema, createAlertSchema, updateAlertSchema } from '#shared/alerts/alert.ts'
import { REASONABLE_USE_CHECKS_PER_DAY } from '#shared/alerts/reasonable-use.ts'
import {
  alertCreatedResponse,
  alertDeletedResponse,
  alertDetailResponse,
  alertImportResponse,
  alertListResponse,
  alertNotificationsResponse,
  alertUpdatedResponse,
  csvFileSchema,
  quotaResponse,
  reasonableUseResponse,
} from '#shared/api-v1/alert-responses.ts'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema } from '#shared/idempotency.ts'
import {
  ALERT_ID,
  alertDetailExample,
  alertExample,
  alertsCsvExample,
  createAlertExample,
  importCsvExample,
  notificationExample,
  priceHistoryCsvExample,
} from './alert-examples.ts'
import { defineOperation, type ApiV1Operation } from './operation.ts'

/** /api/v1/alerts: the app's own alert routes (src/server/alerts/routes.ts) behind the token door. */

const TAG = 'Alerts'
const alertId = z.object({ id: z.string().meta({ description: 'The alert’s id, from the list or the create’s answer.', example: ALERT_ID }) })

export const alertOperations: ApiV1Operation[] = [
  defineOperation({
    method: 'get',
    path: '/api/v1/alerts',
    operationId: 'listAlerts',
    tag: TAG,
    summary: 'List alerts',
    description: 'The token owner’s alerts, filtered and sorted as the Alerts page does. The default shows the ones still watched (active, triggered, at risk).',
    scope: 'read',
    params: { query: alertListQuerySchema },
    answer: { status: 200, description: 'The alerts, each with its most recent prices.', schema: alertListResponse, example: { alerts: [alertExample] } },
    errors: [400],
  }),
  defineOperation({
    method: 'post',
    path: '/api/v1/alerts',
    operationId: 'createAlert',
    tag: TAG,
    summary: 'Create an alert',
    description:
      'Creates a price alert with the same rules as the app: the plan’s channels and frequencies, the departure still ahead, and reasonable use ' +
      `(the account’s live alerts may add up to ${REASONABLE_USE_CHECKS_PER_DAY.toLocaleString('en-US')} price checks a day).\n\n` +
      `Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely: a repeat with the same key answers the alert the first request made, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, instead of making a second.`,
    scope: 'write',
    params: {
      header: z.object({
        [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional().meta({ description: 'Your own name for this create (8–100 letters, digits, `-`, `_`, `:`), such as your system’s trip id.', example: 'crm-trip-48213' }),
      }),
    },
    body: { schema: createAlertSchema, name: 'CreateAlertRequest', description: 'The alert. Numeric search parameters may also be sent as numeric strings, as SerpApi takes them.', example: createAlertExample },
    answer: {
      status: 201,
      description: 'Created (or, for a repeated Idempotency-Key, the alert the first request made).',
      schema: alertCreatedResponse,
      example: { success: true, alert: { ...alertExample, prices: [], lowest_price: null, current_price: null, last_checked_at: null } },
      headers: z.object({ [IDEMPOTENT_REPLAYED_HEADER]: z.literal('true').optional().meta({ description: 'Present when this answers a repeat of an earlier create.' }) }),
    },
    errors: [400, 413],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/alerts/quota',
    operationId: 'getAlertQuota',
    tag: TAG,
    summary: 'Alert quota',
    description: 'How many alerts the account holds against its plan’s cap (Unlimited: no cap).',
    scope: 'read',
    answer: { status: 200, description: 'The quota.', schema: quotaResponse, example: { isPremiumUser: true, canCreateFreeAlert: true, used: 48, active: 41, limit: null, tier: 'unlimited' } },
    errors: [],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/alerts/reasonable-use',
    operationId: 'getReasonableUse',
    tag: TAG,
    summary: 'Reasonable use',
    description: `The price checks a day the account’s live alerts take, and the ${REASONABLE_USE_CHECKS_PER_DAY.toLocaleString('en-US')} reasonable use allows (decision 040).`,
    scope: 'read',
    answer: { status: 200, description: 'Checks a day and the allowance.', schema: reasonableUseResponse, example: { checksPerDay: 412.5, allowance: REASONABLE_USE_CHECKS_PER_DAY } },
    errors: [],
  }),
  defineOperation({
    method: 'post',
    path: '/api/v1/alerts/import',
    operationId: 'importAlerts',
    tag: TAG,
    summary: 'Import alerts from CSV',
    description:
      'Checks a CSV file of route alerts row by row with the create’s rules and, unless `dryRun`, creates all of them or none. Every problem comes back with its line, column and message. At most 1,000 rows and 256 KB.',
    scope: 'write',
    body: { schema: alertImportSchema, name: 'AlertImportRequest', description: 'The file’s text, and whether only to check it.', example: { csv: importCsvExample, dryRun: true } },
    answer: { status: 200, description: 'What was found and made (whenever the file could be read).', schema: alertImportResponse, example: { dryRun: true, rows: 2, created: 0, errors: [] } },
    errors: [400, 413],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/alerts/export',
    operationId: 'exportAlerts',
    tag: TAG,
    summary: 'Export alerts as CSV',
    description: 'Every alert, in the import’s columns (so the file imports back) followed by id, status, current and lowest price and creation time.',
    scope: 'read',
    answer: { status: 200, description: 'A CSV attachment, never cached.', contentType: 'text/csv', schema: csvFileSchema, example: alertsCsvExample },
    errors: [],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/alerts/export/prices',
    operationId: 'exportPriceHistory',
    tag: TAG,
    summary: 'Export price history as CSV',
    description: 'Every recorded price of every alert, oldest first per alert.',
    scope: 'read',
    answer: { status: 200, description: 'A CSV attachment, never cached.', contentType: 'text/csv', schema: csvFileSchema, example: priceHistoryCsvExample },
    errors: [],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/alerts/{id}',
    operationId: 'getAlert',
    tag: TAG,
    summary: 'Read an alert',
    description: 'One alert with its price history and most recent notices.',
    scope: 'read',
    params: { path: alertId },
    answer: { status: 200, description: 'The alert.', schema: alertDetailResponse, example: { alert: alertDetailExample } },
    errors: [404],
  }),
  defineOperation({
    method: 'patch',
    path: '/api/v1/alerts/{id}',
    operationId: 'updateAlert',
    tag: TAG,
    summary: 'Change an alert',
    description: 'Any of name, target price, channels and frequency, or pause (`status: paused`) and resume (`status: active`). Expired and disabled alerts can no longer be changed.',
    scope: 'write',
    params: { path: alertId },
    body: { schema: updateAlertSchema, name: 'UpdateAlertRequest', description: 'Only the fields to change.', example: { target_price: 400, check_frequency: '3h' } },
    answer: { status: 200, description: 'The alert as changed.', schema: alertUpdatedResponse, example: { alert: { ...alertExample, target_price: 400, check_frequency: '3h' } } },
    errors: [400, 404, 409, 413],
  }),
  defineOperation({
    method: 'delete',
    path: '/api/v1/alerts/{id}',
    operationId: 'deleteAlert',
    tag: TAG,
    summary: 'Delete an alert',
    description: 'Deletes the alert and its price history, whatever its status.',
    scope: 'write',
    params: { path: alertId },
    answer: { status: 200, description: 'Deleted.', schema: alertDeletedResponse, example: { success: true } },
    errors: [404],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/alerts/{id}/notifications',
    operationId: 'listAlertNotifications',
    tag: TAG,
    summary: 'List an alert’s notices',
    description: 'Every notice the alert sent or tried to send, newest first, with its delivery attempts.',
    scope: 'read',
    params: { path: alertId },
    answer: { status: 200, description: 'The notices.', schema: alertNotificationsResponse, example: { notifications: [notificationExample] } },
    errors: [404],
  }),
]
