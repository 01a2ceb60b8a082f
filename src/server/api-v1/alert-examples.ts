import type { z } from 'zod'
import { ALERT_CSV_EXPORT_ONLY, ALERT_CSV_HEADER } from '#shared/alerts/alert-csv.ts'
import type { createAlertSchema } from '#shared/alerts/alert.ts'
import type { alertDetailSchema, alertNotificationRecordSchema, alertSchema } from '#shared/api-v1/alert-responses.ts'
import { EXAMPLE_DEPARTURE as DEPART, EXAMPLE_RETURN as RETURN, exampleDate as date, exampleTime as time } from './example-dates.ts'

/**
 * The alert operations' examples for the OpenAPI document: one advisor's alert for a client's
 * trip, followed from its create to its notices. Typed by the schemas they illustrate, and
 * parsed by them in openapi.db.test.ts.
 */

export const ALERT_ID = '3f1c9a52-6b7e-4d21-9a0c-1e5b7d2c8f40'

export const createAlertExample: z.input<typeof createAlertSchema> = {
  name: 'Ana Lima: New York to Lisbon',
  alertType: 'route',
  target_price: 420,
  search_parameters: { type: 1, departure_id: 'JFK', arrival_id: 'LIS', outbound_date: DEPART, return_date: RETURN, adults: 2 },
  notification_channels: { email: true, sms: false, whatsapp: false, push: false },
  check_frequency: '6h',
}

export const alertExample: z.output<typeof alertSchema> = {
  id: ALERT_ID,
  status: 'active',
  alert_category: 'other',
  name: 'Ana Lima: New York to Lisbon',
  alertType: 'route',
  target_price: 420,
  trigger: 'below',
  drop_percent: null,
  baseline_price: 468,
  renotify_step: { unit: 'percent', value: 5 },
  quiet_hours: { start: '22:00', end: '07:00', time_zone: 'America/New_York' },
  digest: null,
  date_window: null,
  window_found: null,
  bags: null,
  currency: 'USD',
  origin_airport: 'JFK',
  destination_airport: 'LIS',
  departure_date: DEPART,
  return_date: RETURN,
  search_parameters: {
    type: 1,
    departure_id: 'JFK',
    arrival_id: 'LIS',
    outbound_date: DEPART,
    return_date: RETURN,
    adults: 2,
    children: 0,
    infants_in_seat: 0,
    infants_on_lap: 0,
    travel_class: 1,
    stops: 0,
    sort_by: 1,
    bags: 0,
    currency: 'USD',
    hl: 'en',
    gl: 'us',
    deep_search: true,
    show_hidden: true,
  },
  filters: null,
  trackedFlights: [],
  notification_channels: { email: true, sms: false, whatsapp: false, push: false },
  check_frequency: '6h',
  prices: [
    { price: 512, currency: 'USD', recorded_at: time(-1, 18, 2) },
    { price: 468, currency: 'USD', recorded_at: time(0, 0, 4) },
  ],
  lowest_price: 468,
  current_price: 468,
  last_checked_at: time(0, 0, 4),
  next_check_at: time(0, 6, 9),
  status_note: null,
  premium_reasons: [],
  client_id: null,
  created_at: time(-1, 18, 1),
  updated_at: time(0, 0, 4),
}

export const alertDetailExample: z.output<typeof alertDetailSchema> = {
  ...alertExample,
  notifications: [{ id: '9b2e4f10-3c5d-4a8e-b7f1-6d0c2a9e8b34', channel: 'email', status: 'sent', price: 468, created_at: time(0, 0, 5), sent_at: time(0, 0, 6) }],
}

export const notificationExample: z.output<typeof alertNotificationRecordSchema> = {
  id: '9b2e4f10-3c5d-4a8e-b7f1-6d0c2a9e8b34',
  channel: 'email',
  status: 'sent',
  attempts: 1,
  price: 468,
  createdAt: time(0, 0, 5),
  sentAt: time(0, 0, 6),
  nextAttemptAt: null,
  note: null,
  inDigest: false,
}

/** A CSV file of `rows`, columns in `header` order (a column the examples don't fill stays empty). */
const csvOf = (header: readonly string[], rows: Record<string, string | number>[]) =>
  [header.join(','), ...rows.map((row) => header.map((column) => row[column] ?? '').join(','))].join('\n')

const anaRow = { name: 'Ana Lima: New York to Lisbon', trip: 'round-trip', from: 'JFK', to: 'LIS', depart: DEPART, return: RETURN, adults: 2, children: 0, cabin: 'economy', stops: 'any', target_price: 420, currency: 'USD', channels: 'email', frequency: '6h' }

/** The import's columns (decision 041), one client's trip per row. */
export const importCsvExample = csvOf(ALERT_CSV_HEADER, [
  anaRow,
  { name: 'Rui Costa: Porto', trip: 'one-way', from: 'BOS', to: 'OPO', depart: date(126), adults: 1, children: 0, cabin: 'economy', stops: 'nonstop', target_price: 260, currency: 'USD', channels: 'email;whatsapp', frequency: '12h' },
])

export const alertsCsvExample = csvOf(
  [...ALERT_CSV_HEADER, ...ALERT_CSV_EXPORT_ONLY],
  [{ ...anaRow, id: ALERT_ID, status: 'active', current_price: 468, lowest_price: 468, created_at: alertExample.created_at }],
)

export const priceHistoryCsvExample = csvOf(
  ['alert_id', 'alert_name', 'price', 'currency', 'recorded_at'],
  alertExample.prices.map((point) => ({ alert_id: ALERT_ID, alert_name: alertExample.name, price: point.price, currency: point.currency, recorded_at: point.recorded_at })),
)
