import { z } from 'zod'
import { ALERT_STATUSES } from '../alert-status.ts'
import { ALERT_TYPES, trackedFlightSchema, type Alert, type AlertDetail, type AlertNotificationRecord, type AlertNotificationSummary, type AlertPricePoint, type NotificationChannels } from '../alerts/alert.ts'
import { PREMIUM_REASONS } from '../alerts/alert-rules.ts'
import { ALERT_TRIGGERS, RENOTIFY_STEP_UNITS } from '../alerts/alert-trigger.ts'
import type { AlertSearchParams } from '../alerts/alert-search-params.ts'
import type { ApiResponse } from '../api-contract.ts'
import { NOTIFICATION_CHANNELS, PLAN_IDS } from '../plans.ts'
import { matches } from './contract-match.ts'

/**
 * What the alert operations of the public API v1 answer, as zod schemas for the OpenAPI document
 * (decision 045). Each is tied to its TypeScript contract by `matches`, so the two cannot drift;
 * the request bodies are the app's own schemas (src/shared/alerts/alert.ts), used as they are.
 */

const isoTime = z.string().meta({ description: 'ISO 8601 time (UTC).', example: '2026-11-27T09:30:00.000Z' })
const isoDate = z.string().meta({ description: 'Calendar date, YYYY-MM-DD.', example: '2027-03-14' })

/** An alert's stored search: the spec's "Alert search parameters" (SerpApi's Google Flights set) after validation. */
export const alertSearchParametersSchema = matches<AlertSearchParams>()(
  z
    .object({
      type: z.literal([1, 2, 3]).meta({ description: '1 round trip, 2 one way, 3 multi-city.' }),
      departure_id: z.string().optional().meta({ description: 'IATA code(s), comma-separated.' }),
      arrival_id: z.string().optional(),
      outbound_date: isoDate.optional(),
      return_date: isoDate.optional(),
      multi_city_json: z.string().optional().meta({ description: 'Multi-city only: a JSON array of { departure_id, arrival_id, date, times? }.' }),
      adults: z.number().int(),
      children: z.number().int(),
      infants_in_seat: z.number().int(),
      infants_on_lap: z.number().int(),
      travel_class: z.literal([1, 2, 3, 4]).meta({ description: '1 economy, 2 premium economy, 3 business, 4 first.' }),
      stops: z.literal([0, 1, 2, 3]).meta({ description: '0 any number, 1 nonstop, 2 one stop or fewer, 3 two stops or fewer.' }),
      sort_by: z.literal([1, 2, 3, 4, 5, 6]),
      max_price: z.number().optional(),
      outbound_times: z.string().optional(),
      return_times: z.string().optional(),
      max_duration: z.number().optional(),
      layover_duration: z.string().optional(),
      include_airlines: z.string().optional(),
      exclude_airlines: z.string().optional(),
      exclude_conns: z.string().optional(),
      bags: z.number().int(),
      emissions: z.literal(1).optional(),
      currency: z.string(),
      hl: z.string(),
      gl: z.string(),
      deep_search: z.boolean(),
      show_hidden: z.boolean(),
    })
    .meta({ id: 'AlertSearchParameters', description: 'The search the alert repeats, with every default filled in.' }),
)

export const notificationChannelsReadSchema = matches<NotificationChannels>()(
  z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean(), push: z.boolean() }).meta({ id: 'NotificationChannels' }),
)

export const alertPricePointSchema = matches<AlertPricePoint>()(
  z.object({ price: z.number(), currency: z.string(), recorded_at: isoTime }).meta({ id: 'AlertPricePoint' }),
)

const noticeStatus = z.enum(['pending', 'sent', 'dead', 'skipped', 'discarded']).meta({
  description: 'pending (queued or retrying), sent, dead (gave up), skipped (the plan, alert or profile no longer allowed it), discarded (support decided not to send it again).',
})
const channel = z.enum(NOTIFICATION_CHANNELS)

export const alertNotificationSummarySchema = matches<AlertNotificationSummary>()(
  z
    .object({ id: z.string(), channel, status: noticeStatus, price: z.number().nullable(), created_at: isoTime, sent_at: isoTime.nullable() })
    .meta({ id: 'AlertNotificationSummary' }),
)

export const alertSchema = matches<Alert>()(
  z
    .object({
      id: z.string(),
      status: z.enum(ALERT_STATUSES).meta({ description: 'Only `active` and `paused` may be set by you; the price checker sets the rest.' }),
      alert_category: z.enum(['premium', 'other']),
      name: z.string(),
      alertType: z.enum(ALERT_TYPES),
      target_price: z.number().meta({ description: 'The price the alert waits for; for `drop` and `new_low` rules, the rule’s own (from `baseline_price`).' }),
      trigger: z.enum(ALERT_TRIGGERS).meta({ description: '`below`: at or below the target; `drop`: `drop_percent` % under `baseline_price`; `new_low`: each new lowest price under `baseline_price`.' }),
      drop_percent: z.number().int().nullable(),
      baseline_price: z.number().nullable().meta({ description: 'The price when the alert was set.' }),
      renotify_step: z
        .object({ unit: z.enum(RENOTIFY_STEP_UNITS), value: z.number() })
        .meta({ id: 'RenotifyStep', description: 'How far a further drop must go before it notifies again: a percentage (and at least one currency unit) or an amount.' }),
      quiet_hours: z
        .object({ start: z.string(), end: z.string(), time_zone: z.string() })
        .nullable()
        .meta({ id: 'QuietHours', description: 'Notices wait from `start` to `end` (HH:MM, the window may wrap midnight) in the IANA `time_zone`, and go out when it ends; null: none.' }),
      digest: z
        .object({ hour: z.number().int(), time_zone: z.string() })
        .nullable()
        .meta({ id: 'DailyDigest', description: 'Notices wait for one message a day, sent when the clock in the IANA `time_zone` shows `hour` (0–23), listing every alert with news; null: each notice at once. Not with `quiet_hours`.' }),
      date_window: z
        .object({
          depart_from: isoDate,
          depart_to: isoDate,
          weekends_only: z.boolean(),
          nights: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
          outbound_times: z.string().optional(),
          return_times: z.string().optional(),
        })
        .nullable()
        .meta({ id: 'DateWindow', description: 'Flexible dates: any departure day from `depart_from` to `depart_to` (at most 62 days), trip lengths `nights` (round trips; null one way), weekends only (leave Fri/Sat, back Sun/Mon), time-of-day limits; the alert tracks the cheapest pair. Null: the search’s own dates.' }),
      bags: z
        .object({ carry_on: z.number().int(), checked: z.number().int() })
        .nullable()
        .meta({ id: 'AlertBags', description: 'Bags per traveller (carry-on 0–1, checked 0–2) priced into the alert’s price: carry-ons by the search, checked bags at the fare’s published fees. Null: the fare alone.' }),
      window_found: z
        .object({ departure_date: isoDate, return_date: isoDate.nullable() })
        .nullable()
        .meta({ description: 'A flexible alert’s dates its current price comes from (its latest check’s cheapest pair); null otherwise or before the first check.' }),
      currency: z.string(),
      origin_airport: z.string(),
      destination_airport: z.string(),
      departure_date: isoDate.nullable(),
      return_date: isoDate.nullable(),
      search_parameters: alertSearchParametersSchema,
      filters: z.record(z.string(), z.unknown()).nullable().meta({ description: 'The search page filters kept for "Search now".' }),
      trackedFlights: z.array(trackedFlightSchema),
      notification_channels: notificationChannelsReadSchema,
      check_frequency: z.string().meta({ description: 'A named frequency (15d, 12h, 6h, 1h) or a custom interval such as 45m, 3h or 2d (Unlimited: 15 minutes to 30 days).' }),
      prices: z.array(alertPricePointSchema).meta({ description: 'Price history, oldest first (the list carries the most recent points).' }),
      lowest_price: z.number().nullable(),
      current_price: z.number().nullable(),
      last_checked_at: isoTime.nullable(),
      next_check_at: isoTime.nullable(),
      status_note: z.string().nullable().meta({ description: 'Why the price checker or a plan change last changed the alert.' }),
      premium_reasons: z.array(z.enum(PREMIUM_REASONS)).meta({ description: 'Features the owner’s current plan no longer covers (empty when fine).' }),
      client_id: z.string().nullable().meta({ description: 'Unlimited: the advisor’s client this alert tracks fares for, or null.' }),
      created_at: isoTime,
      updated_at: isoTime,
    })
    .meta({ id: 'Alert', description: 'A price alert as read.' }),
)

export const alertDetailSchema = matches<AlertDetail>()(
  alertSchema.extend({ notifications: z.array(alertNotificationSummarySchema).meta({ description: 'The most recent notices.' }) }).meta({ id: 'AlertDetail' }),
)

export const alertNotificationRecordSchema = matches<AlertNotificationRecord>()(
  z
    .object({
      id: z.string(),
      channel,
      status: noticeStatus,
      attempts: z.number().int().meta({ description: 'Delivery attempts so far: a pending notice with attempts is being retried.' }),
      price: z.number(),
      createdAt: isoTime,
      sentAt: isoTime.nullable(),
      nextAttemptAt: isoTime.nullable(),
      note: z.string().nullable().meta({ description: 'Why a skipped notice was not sent.' }),
      inDigest: z.boolean().meta({ description: 'The notice waits for (or went out in) a daily digest: `nextAttemptAt` is the digest’s time.' }),
    })
    .meta({ id: 'AlertNotification' }),
)

// ---- one schema per operation's answer ----

export const alertListResponse = matches<ApiResponse<'GET /api/alerts'>>()(z.object({ alerts: z.array(alertSchema) }).meta({ id: 'AlertList' }))

export const quotaResponse = matches<ApiResponse<'GET /api/alerts/quota'>>()(
  z
    .object({
      isPremiumUser: z.boolean(),
      canCreateFreeAlert: z.boolean().meta({ description: 'Whether the account is under its plan’s alert cap.' }),
      used: z.number().int().meta({ description: 'Alerts counting against the cap.' }),
      active: z.number().int().meta({ description: 'Alerts still watched (active, triggered, at risk).' }),
      limit: z.number().int().nullable().meta({ description: 'null: no cap.' }),
      tier: z.enum(PLAN_IDS),
    })
    .meta({ id: 'AlertQuota' }),
)

export const reasonableUseResponse = matches<ApiResponse<'GET /api/alerts/reasonable-use'>>()(
  z
    .object({
      checksPerDay: z.number().meta({ description: 'Price checks a day the account’s live alerts take.' }),
      allowance: z.number().meta({ description: 'What reasonable use allows (2,400).' }),
    })
    .meta({ id: 'ReasonableUse' }),
)

export const alertImportResponse = matches<ApiResponse<'POST /api/alerts/import'>>()(
  z
    .object({
      dryRun: z.boolean(),
      rows: z.number().int(),
      created: z.number().int().meta({ description: 'Alerts made: all rows, or 0 on a dry run or when any row has a problem.' }),
      errors: z.array(z.object({ line: z.number().int(), column: z.string(), message: z.string() })),
    })
    .meta({ id: 'AlertImportReport' }),
)

export const alertCreatedResponse = matches<Extract<ApiResponse<'POST /api/alerts'>, { success: true }>>()(
  z.object({ success: z.literal(true), alert: alertSchema }).meta({ id: 'AlertCreated' }),
)

export const alertDetailResponse = matches<ApiResponse<'GET /api/alerts/:id'>>()(z.object({ alert: alertDetailSchema }))

export const alertUpdatedResponse = matches<ApiResponse<'PATCH /api/alerts/:id'>>()(z.object({ alert: alertSchema }))

export const alertDeletedResponse = matches<ApiResponse<'DELETE /api/alerts/:id'>>()(z.object({ success: z.literal(true) }))

export const alertNotificationsResponse = matches<ApiResponse<'GET /api/alerts/:id/notifications'>>()(z.object({ notifications: z.array(alertNotificationRecordSchema) }))

/** The CSV exports: a file, not JSON. */
export const csvFileSchema = z.string().meta({ description: 'A CSV file (RFC 4180, UTF-8, header row first).' })
