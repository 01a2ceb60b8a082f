import type { Me, SessionSummary, SignedOut } from './account.ts'
import type { Alert, AlertDetail, AlertNotificationRecord, CreateAlertResponse } from './alerts/alert.ts'
import type { QuotaStatus } from './alerts/alert-rules.ts'
import type { ReasonableUse } from './alerts/reasonable-use.ts'
import type { ApiTokenView, CreatedApiToken } from './api-tokens.ts'
import type { WebhookDeliveryPage, WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from './webhooks.ts'
import type { ClientNoticeView, ClientView } from './clients.ts'
import type { BrandView } from './brand.ts'
import type { AlertImportReport } from './alerts/alert-csv.ts'
import type { BillingHistoryEntry, LocalCheckoutView, LocalPortalView, SubscriptionResponse, SubscriptionView } from './billing.ts'
import type { AirportSearchResponse, BookingOptionsResponse, PriceInsights, SearchResponse } from './flights/model.ts'
import type { DateGrid, FareCalendar, FlexibleResults } from './flights/fare-calendar.ts'
import type { ObservedHistory } from './flights/observed-history.ts'
import type { FareForecast } from './flights/forecast.ts'
import type { PushPublicKeyResponse, PushSubscriptionsResponse } from './notifications.ts'
import type { PhoneState } from './phone-verification.ts'
import type { SecondFactor, SecondFactorMethods } from './second-factors.ts'
import type {
  AdminAlertDetail,
  AdminAlertRow,
  AdminAuditEntry,
  AdminBillingSummary,
  AdminDebugInfo,
  AdminNotificationRow,
  AdminOverviewResponse,
  AdminTrendDay,
  AdminUserRow,
  ServerErrorEntry,
  TestNoticeResult,
  TestSearchResult,
} from './admin.ts'
import type { HealthResponse, ReadinessResponse } from './system.ts'
import type { CaptchaPublicConfig } from './captcha.ts'
import type { BearerSession, PublicSigningKey } from './bearer-session.ts'

/**
 * What each call of our API answers, declared once for both sides. The server's handlers answer
 * `c.json(body satisfies ApiBody<'GET /api/alerts'>)`, so the compiler holds them to it; the web
 * app's one client (`api('GET /api/alerts', …)`, src/web/lib/api-client.ts) returns the same type
 * by route, so a read is never an unchecked cast. Keys are "METHOD /path" with `:name` for path
 * parameters. The better-auth calls at the end are that library's answers as we use them.
 */
export interface ApiContract {
  'GET /api/health': HealthResponse
  'GET /api/captcha/config': CaptchaPublicConfig
  'GET /api/ready': ReadinessResponse
  'GET /api/auth-config': { socialProviders: Record<string, boolean> }

  'GET /api/session': Me | SignedOut
  'GET /api/me': Me
  'GET /api/me/sessions': { sessions: SessionSummary[] }
  'POST /api/me/sessions/revoke-others': { revoked: number }
  'GET /api/me/second-factors': { factors: SecondFactor[] }
  'POST /api/me/second-factors': { factor: SecondFactor }
  'PATCH /api/me/second-factors/:id': { factors: SecondFactor[] }
  'DELETE /api/me/second-factors/:id': { factors: SecondFactor[] }
  'DELETE /api/me/sessions/:id': void

  'GET /api/me/phone': PhoneState
  'PUT /api/me/phone': PhoneState
  'DELETE /api/me/phone': PhoneState
  'POST /api/me/phone/code': PhoneState
  'POST /api/me/phone/verify': PhoneState

  'GET /api/airports': AirportSearchResponse
  'POST /api/flights/search': SearchResponse
  'POST /api/flights/next': SearchResponse
  'POST /api/flights/booking-options': BookingOptionsResponse
  'GET /api/flights/price-insights': PriceInsights
  'GET /api/flights/calendar': FareCalendar
  'GET /api/flights/date-grid': DateGrid
  'GET /api/flights/flexible': FlexibleResults
  'GET /api/flights/observed-history': ObservedHistory
  'GET /api/flights/forecast': FareForecast

  'GET /api/alerts': { alerts: Alert[] }
  'GET /api/alerts/quota': QuotaStatus
  'GET /api/alerts/reasonable-use': ReasonableUse
  'POST /api/alerts/import': AlertImportReport
  'POST /api/alerts': CreateAlertResponse
  'GET /api/alerts/:id': { alert: AlertDetail }
  'PATCH /api/alerts/:id': { alert: Alert }
  'DELETE /api/alerts/:id': { success: true }
  'GET /api/alerts/:id/notifications': { notifications: AlertNotificationRecord[] }

  'GET /api/push/public-key': PushPublicKeyResponse
  'GET /api/push/subscriptions': PushSubscriptionsResponse
  'POST /api/push/subscriptions': { success: true }
  'DELETE /api/push/subscriptions': { success: true }
  'POST /api/push/devices': { success: true }
  'GET /api/me/api-tokens': { tokens: ApiTokenView[] }
  'POST /api/me/api-tokens': CreatedApiToken
  'DELETE /api/me/api-tokens/:id': { success: true }
  'GET /api/me/webhooks': { endpoints: WebhookEndpointView[] }
  'POST /api/me/webhooks': WebhookEndpointWithSecret
  'PATCH /api/me/webhooks/:id': { endpoint: WebhookEndpointView }
  'DELETE /api/me/webhooks/:id': { success: true }
  'GET /api/me/webhooks/:id/secret': { secret: string }
  'POST /api/me/webhooks/:id/secret': WebhookEndpointWithSecret
  'POST /api/me/webhooks/:id/test': { delivery: WebhookDeliveryView }
  'GET /api/me/webhooks/:id/deliveries': WebhookDeliveryPage
  'POST /api/me/webhooks/deliveries/:id/resend': { delivery: WebhookDeliveryView }
  'GET /api/clients': { clients: ClientView[] }
  'POST /api/clients': { client: ClientView }
  'GET /api/clients/notices': { notices: ClientNoticeView[] }
  'GET /api/clients/:id': { client: ClientView }
  'PATCH /api/clients/:id': { client: ClientView }
  'POST /api/clients/:id/send-confirmation': { client: ClientView }
  'DELETE /api/clients/:id': { success: true }
  'GET /api/me/brand': BrandView
  'PUT /api/me/brand': BrandView
  'PUT /api/me/brand/logo': BrandView
  'DELETE /api/me/brand/logo': BrandView
  'DELETE /api/push/devices': { success: true }

  'GET /api/billing/subscription': SubscriptionResponse
  'GET /api/billing/history': { events: BillingHistoryEntry[] }
  'POST /api/billing/checkout': { sessionId: string; url: string }
  'POST /api/billing/cancel': { subscription: SubscriptionView }
  'POST /api/billing/reactivate': { subscription: SubscriptionView }
  'POST /api/billing/portal': { url: string }
  'GET /api/billing/local/checkout/:id': { checkout: LocalCheckoutView }
  'POST /api/billing/local/checkout/:id/pay': { redirect_path: string }
  'GET /api/billing/local/portal/:id': { portal: LocalPortalView }
  'POST /api/billing/local/portal/:id/switch': { subscription: SubscriptionView }
  'POST /api/billing/local/portal/:id/card': { subscription: SubscriptionView }

  'GET /api/admin/overview': AdminOverviewResponse
  'GET /api/admin/trends': { days: AdminTrendDay[] }
  'GET /api/admin/users': { users: AdminUserRow[] }
  'GET /api/admin/users/:id': { user: AdminUserRow }
  'POST /api/admin/users/:id/plan': {
    profile: { role: string; subscription_tier: string }
    user: AdminUserRow
    /** Alerts the new plan paused, and plan-paused ones it resumed (ids). */
    alerts: { plan: string; paused: string[]; resumed: string[]; changed: string[] }
  }
  'POST /api/admin/users/:id/role': { user: AdminUserRow }
  'POST /api/admin/users/:id/disable': { user: AdminUserRow; alertsDisabled: number; sessionsRevoked: number }
  'POST /api/admin/users/:id/enable': { user: AdminUserRow; alertsRestored: number }
  'POST /api/admin/users/:id/sign-out': { sessionsRevoked: number }
  'POST /api/admin/users/:id/resend-verification': { sent: true }
  'GET /api/admin/alerts': { alerts: AdminAlertRow[] }
  'GET /api/admin/alerts/:id': AdminAlertDetail
  'POST /api/admin/alerts/:id/check': { observation: unknown; evaluation: unknown }
  'POST /api/admin/alerts/:id/disable': { alert: AdminAlertRow }
  'POST /api/admin/alerts/:id/enable': { alert: AdminAlertRow }
  'GET /api/admin/notifications': { notifications: AdminNotificationRow[] }
  'POST /api/admin/notifications/retry': { count: number }
  'POST /api/admin/notifications/discard': { count: number }
  'GET /api/admin/billing': AdminBillingSummary
  'POST /api/admin/billing/reconcile': { report: Record<string, unknown> }
  'GET /api/admin/audit': { entries: AdminAuditEntry[] }
  'GET /api/admin/debug': AdminDebugInfo
  'GET /api/admin/errors': { errors: ServerErrorEntry[] }
  'POST /api/admin/debug/test-search': TestSearchResult
  'POST /api/admin/debug/test-notice': TestNoticeResult
  'POST /api/admin/simulator/shocks': { shock: { from: string; to: string; departureDate: string | null; factor: number; until: string } }
  'POST /api/admin/simulator/shocks/clear': { cleared: number }
  'PUT /api/admin/simulator/failures': { failures: AdminDebugInfo['simulator'] extends infer S ? (S extends { failures: infer F } ? F : never) : never }

  // better-auth (src/server/auth/auth.ts) answers these; the shapes are the parts we read.
  'POST /api/auth/sign-up/email': { user: { id: string; email: string } | null }
  'POST /api/auth/sign-in/email': { twoFactorRedirect?: boolean }
  'POST /api/auth/sign-in/magic-link': { status: boolean }
  // Called by the native app only, with an emailed link's query (decision 037; the server's
  // native-answers.ts turns the browser's redirects into these); a browser follows the link itself.
  'GET /api/auth/magic-link/verify': { status: boolean; url?: string; twoFactorRedirect?: boolean }
  'POST /api/auth/request-password-reset': { status: boolean }
  'POST /api/auth/reset-password': { status: boolean }
  'GET /api/auth/verify-email': { status: boolean }
  'POST /api/auth/send-verification-email': { status: boolean }
  'POST /api/auth/resend': { status: boolean }
  'POST /api/auth/sign-out': { success: boolean }
  'POST /api/auth/sign-in/social': { url: string }
  'GET /api/auth/list-accounts': LinkedAccount[]
  'POST /api/auth/link-social': { url: string }
  'POST /api/auth/unlink-account': { status: boolean }
  'GET /api/auth/get-session': AuthSession | null
  'POST /api/auth/update-user': { status: boolean }
  'POST /api/auth/change-password': { token: string | null }
  'POST /api/auth/two-factor/enable': { totpURI: string; backupCodes: string[] }
  'POST /api/auth/two-factor/verify-totp': { token: string }
  'POST /api/auth/two-factor/send-otp': { status: boolean }
  'POST /api/auth/two-factor/verify-otp': { token: string }
  'GET /api/auth/second-factor/methods': SecondFactorMethods
  'POST /api/auth/two-factor/verify-backup-code': { token: string }
  'POST /api/auth/two-factor/disable': { status: boolean }
  'POST /api/auth/two-factor/generate-backup-codes': { status: boolean; backupCodes: string[] }
  'POST /api/auth/delete-user': { success: boolean; message: string }
  // The native app's bearer session (decision 036): the refresh grant (token-grant.ts) and the jwt
  // plugin's public signing keys.
  'POST /api/auth/token': BearerSession
  'GET /api/auth/jwks': { keys: PublicSigningKey[] }
}

/** One way into the account: `credential` (email and password) or an outside provider (google, microsoft, apple). */
export interface LinkedAccount {
  /** better-auth's row id: what unlink-account takes. */
  id: string
  providerId: string
  createdAt: string
}

/** better-auth's view of a sign-in session and its user, with FareDrop's extra fields and the 2FA flag. */
export interface AuthSession {
  session: { id: string; token: string; userId: string; expiresAt: string; createdAt: string; updatedAt: string; ipAddress?: string | null; userAgent?: string | null }
  user: {
    id: string
    email: string
    name: string
    emailVerified: boolean
    createdAt: string
    updatedAt: string
    firstName?: string | null
    lastName?: string | null
    twoFactorEnabled?: boolean | null
  }
}

export type ApiRoute = keyof ApiContract
export type ApiResponse<R extends ApiRoute> = ApiContract[R]

/**
 * What a handler may pass to `c.json` for a route: the declared answer, where a Date may stand for
 * an ISO string (JSON.stringify writes it as one).
 */
export type ApiBody<R extends ApiRoute> = ServerForm<ApiContract[R]>
type ServerForm<T> = T extends string ? T | Date : T extends readonly (infer U)[] ? ServerForm<U>[] : T extends object ? { [K in keyof T]: ServerForm<T[K]> } : T

/** The `:name` parameters of a route's path, e.g. { id: string } for 'GET /api/alerts/:id'. */
export type RouteParams<R extends string> = R extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & RouteParams<`/${Rest}`>
  : R extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>
