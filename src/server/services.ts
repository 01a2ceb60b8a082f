import type { Agent } from 'node:https'
import { createBillingService, type BillingService } from './billing/billing-service.ts'
import { endSubscriptionsOfDeletedUser } from './billing/end-subscriptions-of-deleted-user.ts'
import { createAuth, type Auth } from './auth/auth.ts'
import { signInCodeTexter } from './auth/sign-in-code-text.ts'
import { getOrCreateSecret } from './db/app-secrets.ts'
import { oauthClientConfigs, socialProviderAvailability, type OAuthProviderId } from './auth/oauth-providers.ts'
import { createCaptchaVerifier } from './captcha/captcha-verifier.ts'
import type { Database } from './db/client.ts'
import { resolveDrivers, type Drivers } from './drivers.ts'
import { createMailer } from './email/create-mailer.ts'
import type { Mailer } from './email/mailer.ts'
import { EnvError, publicUrl, type Env } from './env.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import type { Logger } from './lib/logger.ts'
import { createFlightProvider, type SimulatedMarketControls } from './flights/providers/create-flight-provider.ts'
import { createFlightService, type FlightService } from './flights/flight-service.ts'
import { searchCallBudget, searchCallLimits } from './flights/search-call-budget.ts'
import type { BudgetLimits } from './provider-budget/provider-budget.ts'
import { createPriceShockStore, type PriceShockStore } from './flights/price-shocks.ts'
import { createNotificationServices, type NotificationServices } from './notifications/create-notification-services.ts'
import { appLinksConfig, type AppLinksConfig } from './http/app-links.ts'
import type { FlightProvider } from './flights/providers/provider.ts'
import { priceCheckConfig, type PriceCheckConfig } from './price-checks/price-check-config.ts'
import { webhookConfig, type WebhookConfig } from './webhooks/webhook-config.ts'

export interface Services {
  auth: Auth
  mailer: Mailer
  captcha: ReturnType<typeof createCaptchaVerifier>
  drivers: Drivers
  trustedOrigins: string[]
  /** Outside sign-in providers with credentials on this server (GET /api/auth-config). */
  socialProviders: Record<OAuthProviderId, boolean>
  /** Emails sent after their response went out; shutdown and tests wait for them. */
  pendingEmails: Set<Promise<unknown>>
  flights: FlightService
  priceShocks: PriceShockStore
  /** The simulated market's test and demo controls; null with a live provider. */
  simulatedMarket: SimulatedMarketControls | null
  /** Channel drivers, the VAPID public key and unsubscribe links (price-alert notices). */
  notifications: NotificationServices
  /** The raw provider, for the price-check engine (it does its own caching, budget and timeouts). */
  flightProvider: FlightProvider
  priceCheckConfig: PriceCheckConfig
  /** The flight routes' own provider-call budget (decision 050); null on the simulated market, which costs nothing. */
  searchCallLimits: BudgetLimits | null
  /** Outgoing webhooks: the SSRF guard's switch and the dispatcher's poll (decision 044). */
  webhookConfig: WebhookConfig
  /** Stripe or the local test mode (decision 017). */
  billing: BillingService
  /** Our public origin (links in emails, redirect checks). */
  publicUrl: string
  /** What reading the local outbox takes besides an admin session (dev/outbox-key.ts). */
  outboxKey: string
  /** Verified addresses that hold the admin role (ADMIN_EMAILS, lower-cased). */
  adminEmails: readonly string[]
  /** What `GET /metrics` takes as a bearer token; unset, loopback callers only (metrics/metrics-access.ts). */
  metricsToken?: string | undefined
  /** The Android and iOS apps our links may open (/.well-known/*, decision 037). */
  appLinks: AppLinksConfig
}

/** Origins allowed to call the API with cookies: the public URL, plus its 127.0.0.1/localhost twin by default. */
export function trustedOrigins(env: Env): string[] {
  const origin = publicUrl(env)
  if (env.PUBLIC_URL) return [origin]
  return [origin, `http://127.0.0.1:${env.PORT}`]
}

/** Builds every service from the environment: the composition root shared by the server and tests. */
export async function createServices(
  env: Env,
  database: Database,
  logger: Logger,
  options: { now?: Clock; pushAgent?: Agent; apnsCa?: string } = {},
): Promise<Services> {
  const { db } = database
  const now = options.now ?? systemClock
  const origins = trustedOrigins(env)
  const mailer = createMailer({ env, db, logger })
  const pendingEmails = new Set<Promise<unknown>>()
  const captcha = createCaptchaVerifier({
    env,
    db,
    logger,
    hmacKey: await getOrCreateSecret(db, 'altcha_hmac_key', env.ALTCHA_HMAC_KEY),
  })
  const oauthClients = oauthClientConfigs(env)
  // An Apple key that can't sign fails here, at start, rather than at the first Apple sign-in.
  await Promise.all(oauthClients.map((client) => client.clientSecret())).catch((error: unknown) => {
    throw new EnvError([`APPLE_PRIVATE_KEY: cannot sign an Apple client secret with it (${(error as Error).message})`])
  })
  const authSecret = await getOrCreateSecret(db, 'auth_secret', env.AUTH_SECRET)
  const billing = createBillingService(env)
  const notifications = await createNotificationServices({
    env,
    db,
    logger,
    mailer,
    authSecret,
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
    ...(options.apnsCa ? { apnsCa: options.apnsCa } : {}),
  })
  const auth = createAuth({
    db,
    mailer,
    logger,
    secret: authSecret,
    publicUrl: publicUrl(env),
    trustedOrigins: origins,
    adminEmails: env.ADMIN_EMAILS,
    rateLimit: env.NODE_ENV !== 'test',
    pendingEmails,
    oauthClients,
    now,
    beforeDeleteUser: (userId) => endSubscriptionsOfDeletedUser({ db, billing, logger }, userId),
    textSignInCode: signInCodeTexter({ db, sms: notifications.smsText, logger }),
  })
  const priceShocks = createPriceShockStore({ db, now })
  const { provider, simulatedMarket } = createFlightProvider({ env, now, shocks: priceShocks })
  // The simulated market costs nothing: only a real provider's calls are capped (decision 050).
  const searchLimits = simulatedMarket ? null : searchCallLimits(env)
  const flights = createFlightService({
    provider,
    db,
    logger,
    now,
    cacheTtlMs: env.FLIGHTS_CACHE_TTL_SECONDS * 1000,
    timeoutMs: env.FLIGHTS_TIMEOUT_MS,
    maxConcurrentCalls: env.FLIGHTS_MAX_CONCURRENCY,
    ...(searchLimits ? { callBudget: searchCallBudget({ db, providerId: provider.id, limits: searchLimits, now }) } : {}),
  })
  return {
    auth,
    notifications,
    flights,
    priceShocks,
    simulatedMarket,
    flightProvider: provider,
    priceCheckConfig: priceCheckConfig(env),
    searchCallLimits: searchLimits,
    webhookConfig: webhookConfig(env),
    mailer,
    captcha,
    billing,
    publicUrl: publicUrl(env),
    outboxKey: await getOrCreateSecret(db, 'outbox_key', env.OUTBOX_KEY),
    metricsToken: env.METRICS_TOKEN,
    appLinks: appLinksConfig(env),
    adminEmails: env.ADMIN_EMAILS,
    drivers: resolveDrivers(env, database.driver),
    trustedOrigins: origins,
    socialProviders: socialProviderAvailability(env),
    pendingEmails,
  }
}
