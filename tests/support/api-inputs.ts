import type { z } from 'zod'
import { ResendSchema } from '#shared/auth.ts'
import { addPhoneFactorSchema, removeFactorSchema, renameFactorSchema } from '#shared/second-factors.ts'
import { createAlertSchema, updateAlertSchema, alertListQuerySchema } from '#shared/alerts/alert.ts'
import { alertImportSchema } from '#shared/alerts/alert-csv.ts'
import { createApiTokenSchema } from '#shared/api-tokens.ts'
import { createWebhookEndpointSchema, sendTestEventSchema, updateWebhookEndpointSchema, webhookDeliveriesQuerySchema } from '#shared/webhooks.ts'
import { checkoutRequestSchema, portalRequestSchema } from '#shared/billing-requests.ts'
import { flightTokenSchema, priceInsightsQuerySchema, searchRequestSchema } from '#shared/flights/search-params.ts'
import { dateGridQuerySchema, fareCalendarQuerySchema, flexibleQuerySchema } from '#shared/flights/fare-calendar.ts'
import { observedHistoryQuerySchema } from '#shared/flights/observed-history.ts'
import { fareForecastQuerySchema } from '#shared/flights/forecast.ts'
import {
  deleteNativePushDeviceSchema,
  deletePushSubscriptionSchema,
  nativePushDeviceSchema,
  pushSubscriptionSchema,
  setPhoneSchema,
} from '#shared/notifications.ts'
import { verifyPhoneSchema } from '#shared/phone-verification.ts'
import {
  adminAlertListQuerySchema,
  adminAuditQuerySchema,
  adminUserListQuerySchema,
  clearShockSchema,
  disableUserSchema,
  setRoleSchema,
  testNoticeSchema,
  testSearchSchema,
} from '#shared/admin.ts'
import { listNotificationsQuerySchema } from '../../src/server/admin/list-notifications.ts'
import { priceShockSchema } from '../../src/server/flights/price-shocks.ts'
import { simulatorFailureSchema } from '../../src/server/flights/simulator-failures.ts'
import { setUserPlanSchema } from '../../src/server/admin/set-user-plan.ts'
import { advanceClockSchema } from '../../src/server/billing/local/advance-local-clock.ts'
import { switchPlanSchema } from '../../src/server/billing/local/local-portal.ts'
import { inDays, routeAlert } from './alert-fixtures.ts'

/**
 * What each of our routes takes, for tests that send it bad input (the H1 fuzz): the zod schema
 * the route parses with, and a valid example whose fields the fuzz replaces one at a time. Routes
 * missing here are still fuzzed, with hostile bodies and queries that name no field of theirs.
 */
export interface RouteInput {
  body?: { schema?: z.ZodType; example: Record<string, unknown> }
  query?: { schema?: z.ZodType; example: Record<string, string> }
}

/** A one-way search as the search page sends it. */
const search = { params: { tripType: 'one-way', from: 'JFK', to: 'LHR', departureDate: inDays(30), adults: 1 }, filters: {} }

export const ROUTE_INPUTS: Record<string, RouteInput> = {
  'POST /api/alerts': { body: { schema: createAlertSchema, example: routeAlert() as unknown as Record<string, unknown> } },
  'PATCH /api/alerts/:id': { body: { schema: updateAlertSchema, example: { name: 'Summer', target_price: 300, is_active: true } } },
  'POST /api/me/api-tokens': { body: { schema: createApiTokenSchema, example: { name: 'Agency CRM', scopes: ['read'] } } },
  'POST /api/me/webhooks': { body: { schema: createWebhookEndpointSchema, example: { url: 'https://hooks.example.com/faredrop', events: ['alert.triggered'], description: 'CRM' } } },
  'PATCH /api/me/webhooks/:id': { body: { schema: updateWebhookEndpointSchema, example: { enabled: false } } },
  'POST /api/me/webhooks/:id/test': { body: { schema: sendTestEventSchema, example: { type: 'alert.triggered' } } },
  'GET /api/me/webhooks/:id/deliveries': { query: { schema: webhookDeliveriesQuerySchema, example: { before: '00000000-0000-4000-8000-000000000000' } } },
  'POST /api/alerts/import': { body: { schema: alertImportSchema, example: { csv: 'trip,from,to,depart,target_price\none-way,JFK,LIS,2027-04-10,450', dryRun: true } } },
  'GET /api/alerts': { query: { schema: alertListQuerySchema, example: { q: 'JFK', status: 'active', sort: 'created' } } },
  'GET /api/airports': { query: { example: { q: 'lon' } } },
  'POST /api/flights/search': { body: { schema: searchRequestSchema, example: search } },
  'POST /api/flights/next': { body: { schema: flightTokenSchema, example: { token: 'abcdefgh.1' } } },
  'POST /api/flights/booking-options': { body: { schema: flightTokenSchema, example: { token: 'abcdefgh.1' } } },
  'GET /api/flights/price-insights': {
    query: { schema: priceInsightsQuerySchema, example: { departure_id: 'JFK', arrival_id: 'LHR', outbound_date: inDays(30) } },
  },
  'GET /api/flights/calendar': {
    query: { schema: fareCalendarQuerySchema, example: { from: 'JFK', to: 'LHR', start: inDays(30), days: '31', tripNights: '7' } },
  },
  'GET /api/flights/date-grid': { query: { schema: dateGridQuerySchema, example: { from: 'JFK', to: 'LHR', departureDate: inDays(30), returnDate: inDays(37) } } },
  'GET /api/flights/flexible': { query: { schema: flexibleQuerySchema, example: { from: 'JFK', to: 'LHR', flex: 'weekend', month: inDays(40).slice(0, 7) } } },
  'GET /api/flights/observed-history': {
    query: { schema: observedHistoryQuerySchema, example: { from: 'JFK', to: 'LHR', departureDate: inDays(30), returnDate: inDays(37), adults: '2', currency: 'EUR' } },
  },
  'GET /api/flights/forecast': {
    query: { schema: fareForecastQuerySchema, example: { from: 'JFK', to: 'LHR', departureDate: inDays(30), returnDate: inDays(37), adults: '2', currency: 'EUR' } },
  },
  'PUT /api/me/phone': { body: { schema: setPhoneSchema, example: { phone: '+14155550123' } } },
  'POST /api/me/phone/verify': { body: { schema: verifyPhoneSchema, example: { code: '123456' } } },
  'POST /api/push/subscriptions': {
    body: { schema: pushSubscriptionSchema, example: { endpoint: 'https://push.example/abc', keys: { p256dh: 'BAAA', auth: 'AAAA' } } },
  },
  'DELETE /api/push/subscriptions': { body: { schema: deletePushSubscriptionSchema, example: { endpoint: 'https://push.example/abc' } } },
  'POST /api/push/devices': { body: { schema: nativePushDeviceSchema, example: { platform: 'ios', token: 'ab'.repeat(32) } } },
  'DELETE /api/push/devices': { body: { schema: deleteNativePushDeviceSchema, example: { token: 'ab'.repeat(32) } } },
  'POST /api/billing/checkout': { body: { schema: checkoutRequestSchema, example: { priceId: 'premium_monthly' } } },
  'POST /api/billing/portal': { body: { schema: portalRequestSchema, example: { returnUrl: '/profile' } } },
  'POST /api/billing/local/portal/:id/switch': { body: { schema: switchPlanSchema, example: { priceId: 'elite_monthly' } } },
  'POST /api/billing/local/portal/:id/card': { body: { example: { number: '4242424242424242', exp: '12/30', cvc: '123' } } },
  'POST /api/billing/local/checkout/:id/pay': { body: { example: { number: '4242424242424242', exp: '12/30', cvc: '123' } } },
  'POST /api/admin/users/:id/plan': { body: { schema: setUserPlanSchema, example: { tier: 'premium' } } },
  'POST /api/admin/billing/advance-clock': { body: { schema: advanceClockSchema, example: { days: 1 } } },
  'GET /api/admin/notifications': { query: { schema: listNotificationsQuerySchema, example: { status: 'sent' } } },
  'PUT /api/admin/simulator/failures': { body: { schema: simulatorFailureSchema, example: { mode: 'none' } } },
  'POST /api/admin/simulator/shocks': { body: { schema: priceShockSchema, example: { from: 'JFK', to: 'LHR', factor: 0.8 } } },
  'POST /api/admin/simulator/shocks/clear': { body: { schema: clearShockSchema, example: { from: 'JFK', to: 'LHR' } } },
  'GET /api/admin/users': { query: { schema: adminUserListQuerySchema, example: { q: 'ana@example.com', limit: '20' } } },
  'POST /api/admin/users/:id/role': { body: { schema: setRoleSchema, example: { role: 'admin' } } },
  'POST /api/admin/users/:id/disable': { body: { schema: disableUserSchema, example: { reason: 'fraud' } } },
  'GET /api/admin/alerts': { query: { schema: adminAlertListQuerySchema, example: { q: 'JFK', status: 'active' } } },
  'POST /api/admin/notifications/retry': { body: { example: { all: true } } },
  'POST /api/admin/notifications/discard': { body: { example: { all: true } } },
  'GET /api/admin/audit': { query: { schema: adminAuditQuerySchema, example: { action: 'user.plan', q: 'ana' } } },
  'POST /api/admin/debug/test-search': { body: { schema: testSearchSchema, example: { from: 'JFK', to: 'LHR', departureDate: inDays(30) } } },
  'POST /api/admin/debug/test-notice': { body: { schema: testNoticeSchema, example: { channel: 'email' } } },
  'POST /api/me/second-factors': { body: { schema: addPhoneFactorSchema, example: { factorType: 'phone', friendlyName: 'My phone' } } },
  'PATCH /api/me/second-factors/:id': { body: { schema: renameFactorSchema, example: { friendlyName: 'My phone' } } },
  'DELETE /api/me/second-factors/:id': { body: { schema: removeFactorSchema, example: { password: 'a password' } } },
  'POST /api/auth/resend': { body: { schema: ResendSchema, example: { email: 'someone@example.com', type: 'signup' } } },
  'GET /api/dev/outbox': { query: { example: { to: 'someone@example.com', channel: 'email' } } },
  'POST /api/dev/outbox-key': { body: { example: { key: 'an outbox key' } } },
}

/** The top-level fields a zod object schema names (none for other schemas). */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape && typeof shape === 'object' ? Object.keys(shape) : []
}
