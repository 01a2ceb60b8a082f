import { z } from 'zod'
import { ALERT_STATUSES, type AlertStatus } from '../alert-status.ts'
import type { NotificationChannel } from '../plans.ts'
import { alertSearchParamsSchema, type AlertSearchParams } from './alert-search-params.ts'
import { checkFrequencyHours, type PremiumReason } from './alert-rules.ts'
import type { AlertType } from './alert-text.ts'
import { CLIENT_MESSAGES, clientFilterSchema } from '../clients.ts'
import {
  ALERT_TRIGGERS,
  baselinePriceSchema,
  DEFAULT_RENOTIFY_STEP,
  dropPercentSchema,
  renotifyStepSchema,
  ruleProblems,
  TRIGGER_MESSAGES,
  type TriggerRule,
} from './alert-trigger.ts'
import { quietHoursSchema, type QuietHours } from './quiet-hours.ts'
import { DAILY_DIGEST_MESSAGES, dailyDigestSchema, type DailyDigest } from './daily-digest.ts'
import { DATE_WINDOW_MESSAGES, dateWindowSchema, windowTripProblem, type DateWindow } from './date-window.ts'
import { alertBagsSchema, BAG_MESSAGES, type AlertBags } from '../flights/bag-fees.ts'

/**
 * The alert API contract (`../shared/reference/api.md` "Alerts", spec sections 3, 7 and 8): what
 * the browser sends and what it reads back.
 */

export const ALERT_MESSAGES = {
  fetchFailed: 'Failed to fetch alerts',
  createFailed: 'Failed to create alert',
  updateFailed: 'Failed to update alert',
  deleteFailed: 'Failed to delete alert',
  pauseFailed: 'Failed to pause alert',
  resumeFailed: 'Failed to resume alert',
  notFound: 'Alert not found',
  notEditable: 'This alert can no longer be edited',
  pastDeparture: 'The departure date has already passed',
  nameRequired: 'Give the alert a name',
  targetPrice: 'Target price must be a positive amount',
  frequency: 'Choose how often to check',
  noChannel: 'Choose at least one way to be notified',
  trackedFlightsRequired: 'A flight alert needs the flight to track',
} as const

export const ALERT_TYPES = ['route', 'flight'] as const

const clientIdSchema = z.uuid(CLIENT_MESSAGES.clientForAlert)

/** Section 3 "Tracked flight". Local times are "YYYY-MM-DDTHH:MM" at the airport. */
export const trackedFlightSchema = z.object({
  marketing_airline: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2}$/),
  marketing_flight_number: z.string().trim().regex(/^\d{1,4}[A-Z]?$/),
  departure_airport_id: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/),
  arrival_airport_id: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/),
  departure_local_time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  arrival_local_time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
})
export type TrackedFlight = z.infer<typeof trackedFlightSchema>

export const notificationChannelsSchema = z.object({
  email: z.boolean().default(true),
  sms: z.boolean().default(false),
  whatsapp: z.boolean().default(false),
  push: z.boolean().default(false),
})
export type NotificationChannels = Record<NotificationChannel, boolean>

/** New-alert draft defaults (section 3): email on, the rest off, every 15 days. */
export const DEFAULT_NOTIFICATION_CHANNELS: NotificationChannels = { email: true, sms: false, whatsapp: false, push: false }
export const DEFAULT_CHECK_FREQUENCY = '15d'

const checkFrequencySchema = z
  .string()
  .trim()
  .refine((value) => checkFrequencyHours(value) !== null, ALERT_MESSAGES.frequency)

const targetPriceSchema = z.coerce.number({ message: ALERT_MESSAGES.targetPrice }).positive(ALERT_MESSAGES.targetPrice).max(1_000_000)

/** The search-page filters kept with the alert for "Search now" (free-form, bounded). */
const filtersSchema = z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= 8_000, 'Filters are too large')

/** POST /api/alerts body. */
export const createAlertSchema = z
  .object({
    name: z.string().trim().min(1, ALERT_MESSAGES.nameRequired).max(120),
    alertType: z.enum(ALERT_TYPES),
    target_price: targetPriceSchema,
    search_parameters: alertSearchParamsSchema,
    filters: filtersSchema.optional(),
    trackedFlights: z.array(trackedFlightSchema).max(20).optional(),
    notification_channels: notificationChannelsSchema.default(DEFAULT_NOTIFICATION_CHANNELS),
    check_frequency: checkFrequencySchema.default(DEFAULT_CHECK_FREQUENCY),
    /** Unlimited: the advisor's client this alert tracks fares for (decision 043); notices go to the client. */
    client_id: clientIdSchema.nullable().optional(),
    /** When to notify (alert-trigger.ts, decision 051): below the target, a drop from the price when set, or each new low. */
    trigger: z.enum(ALERT_TRIGGERS, TRIGGER_MESSAGES.trigger).default('below'),
    drop_percent: dropPercentSchema.nullable().optional(),
    baseline_price: baselinePriceSchema.nullable().optional(),
    renotify_step: renotifyStepSchema.default(DEFAULT_RENOTIFY_STEP),
    /** Notices wait through this window of the traveller's night (quiet-hours.ts); null: none. */
    quiet_hours: quietHoursSchema.nullable().optional(),
    /** One message a day at this hour of the traveller's day instead of one per price event (daily-digest.ts); null: at once. */
    digest: dailyDigestSchema.nullable().optional(),
    /**
     * Flexible dates (date-window.ts): any departure day in the window, trip lengths in nights; the
     * alert tracks the cheapest pair. The search's own dates are the window's first pair. Null: its dates.
     */
    date_window: dateWindowSchema.nullable().optional(),
    /** Bags per traveller priced into the alert's price (bag-fees.ts, decision 055); null: the fare alone. */
    bags: alertBagsSchema.nullable().optional(),
  })
  .superRefine((alert, ctx) => {
    if (alert.bags && (alert.bags.carry_on > 0 || alert.bags.checked > 0) && alert.alertType !== 'route') {
      ctx.addIssue({ code: 'custom', message: BAG_MESSAGES.routeOnly, path: ['bags'] })
    }
    if (alert.date_window) {
      const problem = alert.alertType === 'flight' ? DATE_WINDOW_MESSAGES.flightAlert : windowTripProblem(alert.date_window, alert.search_parameters.type)
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['date_window'] })
    }
    if (alert.quiet_hours && alert.digest) ctx.addIssue({ code: 'custom', message: DAILY_DIGEST_MESSAGES.withQuietHours, path: ['digest'] })
    const rule = { trigger: alert.trigger, drop_percent: alert.drop_percent ?? null, baseline_price: alert.baseline_price ?? null }
    for (const [path, message] of Object.entries(ruleProblems(rule))) ctx.addIssue({ code: 'custom', message, path: [path] })
    if (!Object.values(alert.notification_channels).some(Boolean)) {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.noChannel, path: ['notification_channels'] })
    }
    if (alert.alertType === 'flight' && !alert.trackedFlights?.length) {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.trackedFlightsRequired, path: ['trackedFlights'] })
    }
  })
export type CreateAlertInput = z.input<typeof createAlertSchema>
export type CreateAlert = z.infer<typeof createAlertSchema>

/** Statuses a user may set by hand (pause / resume); the rest belong to the price checker. */
export const USER_SETTABLE_STATUSES = ['active', 'paused'] as const

/** PATCH /api/alerts/:id body: any subset of the editable fields, or a status change. */
export const updateAlertSchema = z
  .object({
    name: z.string().trim().min(1, ALERT_MESSAGES.nameRequired).max(120),
    target_price: targetPriceSchema,
    notification_channels: notificationChannelsSchema,
    check_frequency: checkFrequencySchema,
    status: z.enum(USER_SETTABLE_STATUSES),
    client_id: clientIdSchema.nullable(),
    trigger: z.enum(ALERT_TRIGGERS, TRIGGER_MESSAGES.trigger),
    drop_percent: dropPercentSchema.nullable(),
    baseline_price: baselinePriceSchema.nullable(),
    renotify_step: renotifyStepSchema,
    quiet_hours: quietHoursSchema.nullable(),
    digest: dailyDigestSchema.nullable(),
    date_window: dateWindowSchema.nullable(),
    bags: alertBagsSchema.nullable(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to update')
  .refine((patch) => !patch.notification_channels || Object.values(patch.notification_channels).some(Boolean), {
    message: ALERT_MESSAGES.noChannel,
    path: ['notification_channels'],
  })
  .refine((patch) => !(patch.quiet_hours && patch.digest), { message: DAILY_DIGEST_MESSAGES.withQuietHours, path: ['digest'] })
export type UpdateAlertInput = z.input<typeof updateAlertSchema>

/** Section 3 "Alert list filters" (defaults: active, created_at, desc). */
export const ALERT_SORT_FIELDS = ['created_at', 'target_price', 'departure_date', 'name', 'lowest_price'] as const
export const alertListQuerySchema = z.object({
  status: z.union([z.enum(ALERT_STATUSES), z.literal('all')]).default('active'),
  alertType: z.union([z.enum(ALERT_TYPES), z.literal('all')]).default('all'),
  sortBy: z.enum(ALERT_SORT_FIELDS).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(100).default(''),
  /** An advisor's client (its id), or "none" for the advisor's own alerts; absent: all. */
  client: clientFilterSchema.optional(),
})
export type AlertListQuery = z.infer<typeof alertListQuerySchema>

export interface AlertPricePoint {
  price: number
  currency: string
  recorded_at: string
}

export interface AlertNotificationSummary {
  id: string
  channel: NotificationChannel
  /**
   * pending (queued or retrying), sent, dead (gave up), skipped (the plan, alert or profile no longer
   * allowed it), discarded (a failed notice FareDrop support decided not to send again).
   */
  status: 'pending' | 'sent' | 'dead' | 'skipped' | 'discarded'
  price: number | null
  created_at: string
  sent_at: string | null
}

/** One notice as GET /api/alerts/:id/notifications lists it, newest first, with its retry details. */
export interface AlertNotificationRecord {
  id: string
  channel: NotificationChannel
  status: AlertNotificationSummary['status']
  /** Delivery attempts so far: a pending notice with attempts is being retried. */
  attempts: number
  price: number
  createdAt: string
  sentAt: string | null
  /** When a pending notice is tried next. */
  nextAttemptAt: string | null
  /** Why a skipped notice was not sent ("the alert is paused"). */
  note: string | null
  /** It waits for (or went out in) the traveller's daily digest (decision 054). */
  inDigest: boolean
}

/** Section 3 "Alert (as read)", plus what the list shows (lowest price, check times, notes) and its trigger rule. */
export interface Alert extends TriggerRule {
  quiet_hours: QuietHours | null
  digest: DailyDigest | null
  date_window: DateWindow | null
  /** A flexible alert's dates its price now comes from (the latest check's cheapest pair); null otherwise or before its first check. */
  window_found: { departure_date: string; return_date: string | null } | null
  /** Bags per traveller priced into the alert's price; null: the fare alone. */
  bags: AlertBags | null
  id: string
  status: AlertStatus
  alert_category: 'premium' | 'other'
  name: string
  alertType: AlertType
  target_price: number
  currency: string
  origin_airport: string
  destination_airport: string
  departure_date: string | null
  return_date: string | null
  search_parameters: AlertSearchParams
  filters: Record<string, unknown> | null
  trackedFlights: TrackedFlight[]
  notification_channels: NotificationChannels
  check_frequency: string
  /** Price history, oldest first (the list carries the most recent points for its sparkline). */
  prices: AlertPricePoint[]
  lowest_price: number | null
  current_price: number | null
  last_checked_at: string | null
  next_check_at: string | null
  /** Why the checker or a downgrade changed the alert ("Paused: your plan allows 3 alerts"). */
  status_note: string | null
  /** Premium reasons the alert's owner's current plan does not cover (empty when fine). */
  premium_reasons: PremiumReason[]
  /** The advisor's client the alert tracks fares for (Unlimited), or null. */
  client_id: string | null
  created_at: string
  updated_at: string
}

export interface AlertDetail extends Alert {
  /** The most recent notices (GET /api/alerts/:id/notifications has the full history with retry details). */
  notifications: AlertNotificationSummary[]
}

/**
 * POST /api/alerts answers. A refusal is both the spec's `{ success: false, error }` and the API's
 * one error shape (`error.code`, `error.message`, `fieldErrors`), plus the premium reasons on 403.
 */
export type CreateAlertResponse =
  | { success: true; alert: Alert }
  | { success: false; error: { code: string; message: string; fieldErrors?: Record<string, string[]>; premiumReasons?: PremiumReason[] } }

/** Section 4: expired when the departure date has passed; editable unless expired or disabled. */
export function isAlertExpired(alert: Pick<Alert, 'departure_date'>, today: string): boolean {
  return alert.departure_date !== null && alert.departure_date < today
}

export function isAlertEditable(alert: Pick<Alert, 'status' | 'departure_date'>, today: string): boolean {
  return alert.status !== 'expired' && alert.status !== 'disabled' && !isAlertExpired(alert, today)
}
