import { z } from 'zod'
import { ALERT_STATUSES, type AlertStatus } from './alert-status.ts'
import { airportCodesSchema } from './flights/search-params.ts'
import { NOTIFICATION_STATUSES, type NotificationStatus } from './notifications.ts'
import type { PlanId, PriceId } from './plans.ts'
import type { Drivers } from './system.ts'

/**
 * The admin console's API (issue 13): what /admin and /admin/debug read and the actions they take.
 * Every route is admin-only on the server (401 signed out, 403 for everyone else) and every action
 * writes an audit entry (who, what, target, when, request id).
 */

export const NOTICE_CHANNELS = ['email', 'sms', 'whatsapp', 'push'] as const
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number]

// ---- Overview ----

/** One day of the 30-day trend (UTC days, oldest first, today last). */
export interface AdminTrendDay {
  /** YYYY-MM-DD (UTC). */
  day: string
  signUps: number
  alertsCreated: number
  checks: number
  /** 95th percentile of (checked at − due at) that day, seconds; null without checks. */
  checkLagP95Seconds: number | null
  priceDrops: number
  noticesSent: number
  noticesFailed: number
  providerCalls: number
  /** Monthly recurring revenue at the end of that day, in dollars. */
  mrr: number
}

export interface AdminOverview {
  generatedAt: string
  users: {
    total: number
    newLast7Days: number
    verified: number
    admins: number
    disabled: number
    activeSessions: number
    byTier: Record<PlanId, number>
  }
  alerts: { byStatus: Record<AlertStatus, number>; live: number }
  checks: {
    lastHour: number
    lastDay: number
    failedLastDay: number
    /** Due time to check, over the last day, seconds; null without checks. */
    lagP50Seconds: number | null
    lagP95Seconds: number | null
    /** Live alerts whose check is due and not yet made. */
    overdue: number
  }
  priceDrops: { lastDay: number; last7Days: number }
  /** Alert notices over the last 7 days by channel, and the dead letters waiting for a decision. */
  notices: { byChannel: Record<NoticeChannel, { sent: number; failed: number; pending: number }>; dead: number }
  provider: {
    name: string
    callsToday: number
    /** The day's cap (PROVIDER_DAILY_BUDGET); null when unlimited. */
    dailyBudget: number | null
    /** Checks over the last day answered from an observation already made (no provider call). */
    cacheHitRatio: number | null
    /**
     * This calendar month (UTC) so far: provider calls of the price checks and the searches, what
     * they cost at `pricePerCall` (PROVIDER_PRICE_PER_CALL), that per paying subscription, and as
     * a share of monthly recurring revenue (issue 17: the goal is at most 15 %). Null figures: no
     * paying subscription, no revenue.
     */
    month: { calls: number; pricePerCall: number; spend: number; perPayingUser: number | null; shareOfRevenue: number | null }
  }
  billing: {
    activeSubscriptions: number
    /** Monthly recurring revenue in dollars (yearly plans count a twelfth). */
    mrr: number
    byPrice: { priceId: PriceId; subscriptions: number; mrr: number }[]
    pastDue: number
  }
}

/** GET /api/admin/overview: the numbers, quick to answer. The charts read GET /api/admin/trends. */
export interface AdminOverviewResponse {
  overview: AdminOverview
  drivers: Drivers
}

// ---- Users ----

export const ADMIN_ROLES = ['member', 'admin'] as const
export type AdminRoleChoice = (typeof ADMIN_ROLES)[number]

export interface AdminUserRow {
  id: string
  email: string
  name: string
  emailVerified: boolean
  /** The profile's role (admin, or the tier for everyone else). */
  role: string
  tier: PlanId
  /** What an admin granted outside billing; null for none. */
  grantedTier: PlanId | null
  disabledAt: string | null
  alertCount: number
  liveAlertCount: number
  /** The subscription that entitles the user now, if any. */
  subscription: { priceId: PriceId | null; status: string; currentPeriodEnd: string | null } | null
  lastSignInAt: string | null
  createdAt: string
  /** Listed in ADMIN_EMAILS: the admin role comes back at every sign-in, so it can't be removed here. */
  adminByConfig: boolean
}

export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(320).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})

export const setRoleSchema = z.strictObject({ role: z.enum(ADMIN_ROLES) })
export const disableUserSchema = z.strictObject({ reason: z.string().trim().max(500).optional() })

// ---- Alerts ----

export interface AdminAlertRow {
  id: string
  name: string
  userId: string
  userEmail: string
  /** "JFK → LHR" */
  route: string
  departureDate: string | null
  returnDate: string | null
  status: AlertStatus
  statusNote: string | null
  targetPrice: number
  currentPrice: number | null
  lowestPrice: number | null
  currency: string
  checkFrequency: string
  nextCheckAt: string | null
  lastCheckedAt: string | null
  createdAt: string
}

export const adminAlertListQuerySchema = z.object({
  /** Matches the alert name, the owner's email or an airport code. */
  q: z.string().trim().max(320).default(''),
  status: z.enum(ALERT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})

export const PRICE_CHECK_OUTCOMES = ['price', 'missing', 'failed'] as const
export type PriceCheckOutcome = (typeof PRICE_CHECK_OUTCOMES)[number]

/** One check of one alert, as the engine recorded it. */
export interface AdminPriceCheck {
  id: string
  dueAt: string | null
  checkedAt: string
  outcome: PriceCheckOutcome
  price: number | null
  /** Answered from an observation another alert's check (or a search) had already made. */
  cached: boolean
  /** The check queued notices. */
  notified: boolean
  detail: string | null
}

export interface AdminNotificationRow {
  id: string
  status: NotificationStatus
  channel: NoticeChannel
  attempts: number
  lastError: string | null
  price: number
  createdAt: string
  nextAttemptAt: string
  sentAt: string | null
  alertId: string
  alertName: string
  userId: string
  userEmail: string
}

export interface AdminAlertDetail {
  alert: AdminAlertRow
  checks: AdminPriceCheck[]
  prices: { price: number; recordedAt: string }[]
  notices: AdminNotificationRow[]
}

// ---- Notifications ----

export const adminNotificationListQuerySchema = z.object({
  status: z.enum(NOTIFICATION_STATUSES).default('dead'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

/** Retry or discard dead letters: named ones, or every dead letter at once. */
export const notificationBulkSchema = z.union([
  z.strictObject({ ids: z.array(z.uuid()).min(1).max(200) }),
  z.strictObject({ all: z.literal(true) }),
])

// ---- Billing ----

export interface AdminBillingSummary {
  byStatus: Record<string, number>
  /** Subscriptions whose last payment failed (past due or unpaid), newest first. */
  failedPayments: {
    subscriptionId: string
    userId: string
    userEmail: string
    priceId: PriceId | null
    status: string
    provider: string
    currentPeriodEnd: string | null
    failedAt: string | null
  }[]
  lastReconciledAt: string | null
}

// ---- Audit ----

export const ADMIN_ACTIONS = [
  'user.role',
  'user.plan',
  'user.disable',
  'user.enable',
  'user.sign_out',
  'user.resend_verification',
  'alert.check',
  'alert.disable',
  'alert.enable',
  'notification.retry',
  'notification.discard',
  'billing.reconcile',
  'billing.advance_clock',
  'simulator.shock',
  'simulator.shock_clear',
  'simulator.failures',
  'debug.test_search',
  'debug.test_notice',
] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

export interface AdminAuditEntry {
  id: string
  at: string
  actorId: string | null
  actorEmail: string
  action: AdminAction
  targetType: 'user' | 'alert' | 'notification' | 'billing' | 'simulator' | 'provider' | 'channel'
  targetId: string | null
  /** What the target was called then (an email, an alert's name, a route). */
  targetLabel: string | null
  detail: Record<string, unknown>
  requestId: string | null
}

export const adminAuditQuerySchema = z.object({
  action: z.enum(ADMIN_ACTIONS).optional(),
  /** Matches the actor's email or the target's label or id. */
  q: z.string().trim().max(320).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(100),
})

// ---- Debug ----

export interface WorkerHeartbeatView {
  workerId: string
  hostname: string
  pid: number
  startedAt: string
  beatAt: string
  fresh: boolean
}

export interface AdminDebugInfo {
  version: string
  nodeVersion: string
  startedAt: string
  uptimeSeconds: number
  drivers: Drivers
  migrations: { applied: number; expected: number; latest: string | null }
  workers: WorkerHeartbeatView[]
  /** Non-secret settings that explain behaviour (budgets, URLs); secrets are never listed. */
  settings: Record<string, string | number | boolean | null>
  simulator: {
    shocks: { id: string; from: string; to: string; departureDate: string | null; factor: number; until: string }[]
    failures: { mode: string; delayMs?: number; route?: { from: string; to: string } } | null
  } | null
}

export interface ServerErrorEntry {
  id: string
  at: string
  requestId: string | null
  method: string
  path: string
  status: number
  message: string
  userId: string | null
}

export const testSearchSchema = z.strictObject({
  from: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Enter a 3-letter airport code'),
  to: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Enter a 3-letter airport code'),
  departureDate: z.iso.date('Enter a date as YYYY-MM-DD'),
  returnDate: z.iso.date('Enter a date as YYYY-MM-DD').optional(),
})

export interface TestSearchResult {
  provider: string
  ms: number
  /** What the provider answered, as it answered (the simulator's native shape, or SerpApi's JSON). */
  raw: unknown
  /** The same answer mapped to FareDrop's model. */
  mapped: unknown
}

export const testNoticeSchema = z.strictObject({ channel: z.enum(NOTICE_CHANNELS) })

export interface TestNoticeResult {
  channel: NoticeChannel
  driver: string
  delivered: boolean
  /** Where it went (masked address or number) or why it could not go. */
  detail: string
}

/** POST /api/admin/simulator/shocks/clear: the route whose shocks end now (codes as the shock named them). */
export const clearShockSchema = z.strictObject({ from: airportCodesSchema, to: airportCodesSchema })
