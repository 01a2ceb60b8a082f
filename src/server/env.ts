import { z } from 'zod'

/**
 * The only module that reads process.env. Every variable is documented in .env.example;
 * none is needed for the embedded defaults. An empty string counts as unset.
 */

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional())
const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
)

/** TRUST_PROXY: false/0 → 0 hops, true/1 → 1, or a whole number of proxies up to 10. */
const trustedProxyHops = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^(true|false|\d{1,2})$/, { message: 'must be true, false or a number of trusted proxies (1 to 10)' })
    .optional()
    .transform((v) => (v === undefined || v === 'false' ? 0 : v === 'true' ? 1 : Number(v)))
    .refine((hops) => hops <= 10, { message: 'must be true, false or a number of trusted proxies (1 to 10)' }),
)

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** https:// anywhere; plain http:// only on this machine (a local identity provider in tests). */
export function isSecureOrLoopbackUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  } catch {
    return false
  }
}
const discoveryUrl = z.preprocess(
  emptyAsUndefined,
  z.url().refine(isSecureOrLoopbackUrl, { message: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)' }).optional(),
)

export const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
  /** Public origin of the app (links in emails, auth callbacks). Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ message: 'must be a URL such as https://faredrop.example' }).optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./.data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// connection string' })
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(10)),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (auth/client-ip.ts):
   * `false` (none: the socket address is the client), `true` (one), or a count such as 2 (a CDN and
   * a load balancer). The client is the entry that many places from the right.
   */
  TRUST_PROXY: trustedProxyHops,
  /**
   * What `GET /metrics` takes (`Authorization: Bearer …`, decision 033). Unset: only callers on
   * this machine (loopback, not forwarded from elsewhere) may read it.
   */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, { message: 'must be at least 16 characters' }).optional()),
  /**
   * Points a minute each client address may spend on the public flight routes (decision 048): a
   * search costs 2, a calendar 4, a flexible search 10. Over it: 429 with Retry-After.
   */
  FLIGHT_REQUESTS_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).max(1_000_000).default(240)),
  /** Largest request body the API accepts, in bytes. */
  BODY_LIMIT_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1024).max(10_485_760).default(65_536)),
  /** Run the price-check worker inside the web process. Always on with PGlite (one process per data directory). */
  WORKER_IN_PROCESS: booleanFlag,
  ADMIN_EMAILS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
  CAPTCHA_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['altcha', 'turnstile', 'hcaptcha', 'none']).default('altcha')),
  /** Secret for the ALTCHA challenge signatures; generated and stored in the database when unset. */
  ALTCHA_HMAC_KEY: optionalString,
  /** What reading the local outbox takes (decision 030); generated and stored in the database when unset. */
  OUTBOX_KEY: z.preprocess(emptyAsUndefined, z.string().min(16, { message: 'must be at least 16 characters' }).optional()),
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET_KEY: optionalString,
  HCAPTCHA_SITE_KEY: optionalString,
  HCAPTCHA_SECRET_KEY: optionalString,
  /** Overrides the provider's siteverify URL (tests point it at a local fake). */
  CAPTCHA_VERIFY_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Signs sessions and tokens; generated once and stored in the database when unset. Min 32 characters. */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
  /** OAuth/OpenID Connect sign-in; a provider without a client id shows its button disabled. */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  /** Directory (tenant) for Microsoft sign-in: common, organizations, consumers or a tenant id. */
  MICROSOFT_TENANT_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, { message: 'must be common, organizations, consumers, a tenant id or a tenant domain' })
      .default('common'),
  ),
  /** Apple: the Services ID. Its client secret is APPLE_CLIENT_SECRET, or minted from the key below. */
  APPLE_CLIENT_ID: optionalString,
  /** A ready-made Apple client secret (an ES256 JWT, at most 6 months valid). Prefer the key below. */
  APPLE_CLIENT_SECRET: optionalString,
  /** Sign in with Apple key: the server mints short-lived client secrets from it. All three together. */
  APPLE_TEAM_ID: optionalString,
  APPLE_KEY_ID: optionalString,
  /** The .p8 key (PKCS#8 PEM); `\n` escapes are turned into line breaks. */
  APPLE_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().optional().transform((v) => v?.replace(/\\n/g, '\n'))),
  /**
   * Test/advanced: OpenID Connect discovery document to use instead of the provider's own (tests
   * point these at a local identity provider). https://, or http:// on a loopback address only.
   */
  OAUTH_GOOGLE_DISCOVERY_URL: discoveryUrl,
  OAUTH_MICROSOFT_DISCOVERY_URL: discoveryUrl,
  OAUTH_APPLE_DISCOVERY_URL: discoveryUrl,
  /** smtp(s)://user:pass@host:port: send real email with nodemailer. Unset: the local outbox. */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  EMAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default('FareDrop <alerts@faredrop.app>')),
  /**
   * Twilio (SMS and WhatsApp notices). The account SID and auth token go together; each channel
   * uses Twilio once its sender is set too, else the local outbox.
   */
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, { message: 'must be a Twilio account SID (AC followed by 32 hex digits)' }).optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  /** SMS sender: an E.164 number of the account, or a Messaging Service SID (MG…). */
  TWILIO_SMS_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, { message: 'must be an E.164 number (+14155550100) or a Messaging Service SID (MG…)' }).optional(),
  ),
  /** WhatsApp sender: an E.164 number enabled for WhatsApp, with or without the "whatsapp:" prefix. */
  TWILIO_WHATSAPP_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^(whatsapp:)?\+[1-9]\d{6,14}$/, { message: 'must be an E.164 number, optionally prefixed whatsapp:' }).optional(),
  ),
  /** Test/advanced: Twilio's API origin (tests point it at a local fake). https://, or http:// on loopback. */
  TWILIO_API_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url().refine(isSecureOrLoopbackUrl, { message: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)' }).default('https://api.twilio.com'),
  ),
  /**
   * Web Push (VAPID). Unset keys: a pair is generated once and kept in the database, so browsers
   * can subscribe with no setup. Push notices go out for real only once VAPID_SUBJECT is set;
   * until then they go to the local outbox (docs/decisions/014-notification-channels.md).
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^B[A-Za-z0-9_-]{86}$/, { message: 'must be an uncompressed P-256 public key, base64url (87 characters)' }).optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a P-256 private key, base64url (43 characters)' }).optional(),
  ),
  /** The contact push services may use: mailto:ops@example.com or an https:// URL. */
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { message: 'must be a mailto: address or an https:// URL' }).optional(),
  ),
  /**
   * App links (decision 037): the files that let the site's links open the Android and iOS apps,
   * /.well-known/assetlinks.json and /.well-known/apple-app-site-association. Each answers 404 until
   * its app is named: Android by its signing certificates, iOS by the Apple team.
   */
  /** The Android app's package name (capacitor.config.ts appId). */
  ANDROID_APP_PACKAGE: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, { message: 'must be an Android package name such as app.faredrop' }).default('app.faredrop'),
  ),
  /**
   * SHA-256 fingerprints of the certificates that sign the Android app, comma-separated (with Play
   * App Signing: Play's app signing key, and the upload key for builds installed directly).
   */
  ANDROID_APP_CERT_SHA256: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\s*([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}(\s*,\s*([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})*\s*$/, {
        message: 'must be SHA-256 fingerprints as keytool prints them (32 hex pairs joined by colons), comma-separated',
      })
      .optional()
      .transform((v) => (v ?? '').split(',').map((print) => print.trim().toUpperCase()).filter(Boolean)),
  ),
  /** The Apple Developer team that signs the iOS app (10 characters, App ID prefix). */
  IOS_APP_TEAM_ID: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Z0-9]{10}$/, { message: 'must be an Apple team id (10 letters and digits)' }).optional()),
  /** The iOS app's bundle id (capacitor.config.ts appId). */
  IOS_APP_BUNDLE_ID: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, { message: 'must be a bundle id such as app.faredrop' }).default('app.faredrop'),
  ),
  /**
   * Native app push (decision 039). Android through Firebase Cloud Messaging HTTP v1: the JSON key
   * of a Firebase service account allowed to send (the whole file's text). iOS through APNs with a
   * token-signing key (.p8) of the team IOS_APP_TEAM_ID, sent for the topic IOS_APP_BUNDLE_ID.
   * Unset: app installs keep their tokens and get notices on the other channels only.
   */
  FCM_SERVICE_ACCOUNT_JSON: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be the JSON key file of a Firebase service account' })
          return z.NEVER
        }
      })
      .pipe(
        z.object(
          {
            project_id: z.string().min(1),
            client_email: z.string().min(3),
            private_key: z.string().includes('PRIVATE KEY'),
            private_key_id: z.string().optional(),
            token_uri: z.url().refine(isSecureOrLoopbackUrl).optional(),
          },
          { error: 'must be the JSON key file of a Firebase service account (project_id, client_email, private_key)' },
        ),
      )
      .optional(),
  ),
  /** Test/advanced: the FCM API's origin (tests point it at a local fake). https://, or http:// on loopback. */
  FCM_API_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url().refine(isSecureOrLoopbackUrl, { message: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)' }).default('https://fcm.googleapis.com'),
  ),
  /** The APNs key's id (10 characters, shown beside the key in the Apple Developer account). */
  APNS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Z0-9]{10}$/, { message: 'must be an APNs key id (10 letters and digits)' }).optional()),
  /** The .p8 file's text (a PKCS#8 P-256 key); `\n` escapes are read as line breaks. */
  APNS_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((v) => v?.replace(/\\n/g, '\n'))
      .refine((v) => v === undefined || v.includes('-----BEGIN PRIVATE KEY-----'), { message: 'must be the text of the .p8 key file (BEGIN PRIVATE KEY)' }),
  ),
  /** Which APNs a build's tokens belong to: production (App Store, TestFlight) or sandbox (builds run from Xcode). */
  APNS_ENVIRONMENT: z.preprocess(emptyAsUndefined, z.enum(['production', 'sandbox']).default('production')),
  /** Test/advanced: APNs' origin instead of Apple's (tests point it at a local fake), https://host:port. */
  APNS_API_URL: z.preprocess(emptyAsUndefined, z.url().refine((v) => v.startsWith('https://'), { message: 'must be an https:// URL' }).optional()),
  /**
   * Stripe billing (decision 017). Unset: the local test mode, with FareDrop's own checkout and
   * portal pages and no real payment. The secret key and the webhook signing secret go together.
   */
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, { message: 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)' }).optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, { message: "must be the endpoint's signing secret (whsec_…)" }).optional(),
  ),
  /**
   * Stripe price ids for the spec's four prices. A missing or placeholder one makes that plan answer
   * "This plan is not yet available. Please check back soon!" instead of stopping the server.
   */
  STRIPE_PRICE_PREMIUM_MONTHLY: optionalString,
  STRIPE_PRICE_PREMIUM_YEARLY: optionalString,
  STRIPE_PRICE_ELITE_MONTHLY: optionalString,
  STRIPE_PRICE_ELITE_YEARLY: optionalString,
  /** Test/advanced: Stripe's API origin (tests point it at a local fake). https://, or http:// on loopback. */
  STRIPE_API_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url().refine(isSecureOrLoopbackUrl, { message: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)' }).default('https://api.stripe.com'),
  ),
  /** SerpApi Google Flights key: live flight data. Unset: the built-in simulated market. */
  SERPAPI_API_KEY: optionalString,
  /** Test/advanced: SerpApi base URL (tests point it at a local fake). https://, or http:// on loopback. */
  SERPAPI_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url().refine(isSecureOrLoopbackUrl, { message: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)' }).default('https://serpapi.com'),
  ),
  /** Longest wait for one flight-provider call before the search fails, in milliseconds. */
  FLIGHTS_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(120_000).default(30_000)),
  /** Provider calls in flight at once per process (SerpApi bills and throttles per hour). */
  FLIGHTS_MAX_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(4)),
  /** How long an identical search is answered from the cache, in seconds. */
  FLIGHTS_CACHE_TTL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(86_400).default(900)),
  /** Simulated market only: make every call fail a given way, for demos of the error paths. */
  SIMULATOR_FAILURE_MODE: z.preprocess(
    emptyAsUndefined,
    z.enum(['none', 'no-results', 'slow', 'error', 'rate-limited', 'missing-price']).default('none'),
  ),
  /** Price-check worker: how often it looks for due alerts, in milliseconds (at once again after a full batch). */
  PRICE_CHECK_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(5_000)),
  /** Due alerts one worker claims per cycle. */
  PRICE_CHECK_BATCH_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(5_000).default(200)),
  /**
   * How long a claimed alert stays with its worker; a crashed worker's alerts are checked again
   * after it. 90 s + a poll keeps W2 (a dead worker's work taken over within 120 s).
   */
  PRICE_CHECK_LEASE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).max(3_600).default(90)),
  /** How long a stored observation answers identical searches instead of a new provider call. */
  PRICE_CHECK_CACHE_TTL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(86_400).default(1_800)),
  /** Provider calls the price checks may make per minute and per day, across every process. */
  PROVIDER_CALLS_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(60)),
  PROVIDER_CALLS_PER_DAY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000_000).default(5_000)),
  /**
   * Provider calls the public flight routes and the API may make per minute and per day, across
   * every process, for all travellers together (decision 050): a budget apart from the price
   * checks', so neither starves the other. Over it: 503 `search_busy` with Retry-After. Not used
   * on the simulated market, which costs nothing.
   */
  SEARCH_PROVIDER_CALLS_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(60)),
  SEARCH_PROVIDER_CALLS_PER_DAY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000_000).default(2_500)),
  /**
   * What one provider call costs, in dollars (SerpApi's public price is about $0.015 a search):
   * the admin overview's provider spend this month, per paying user and against revenue.
   */
  PROVIDER_PRICE_PER_CALL: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(10).default(0.015)),
  /** Provider failures in a row that stop price-check calls for the cool-down (circuit breaker). */
  PROVIDER_BREAKER_FAILURES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000).default(5)),
  PROVIDER_BREAKER_COOLDOWN_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(300)),
  /** Notice dispatcher: how often it looks for notices to send, in milliseconds (at once again after a full round). */
  NOTIFICATION_POLL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(5_000)),
  /** How long a dispatcher holds a claimed notice; longer than a send may take (45 s), so a live send is never taken over. */
  NOTIFICATION_LEASE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(60).max(3_600).default(90)),
  /**
   * Outgoing webhooks (decision 044): let endpoints on private, loopback and link-local addresses
   * (and plain http:// on this machine) be registered and called. Off, the SSRF guard refuses them.
   * For tests and local development only; never where the server can reach an internal network.
   */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: booleanFlag,
}).superRefine((env, ctx) => {
  // An outside provider is either fully configured or not at all: a client id alone would show a
  // working button that fails at the token exchange.
  const need = (when: boolean, name: string, message: string) => {
    if (when) ctx.addIssue({ code: 'custom', path: [name], message })
  }
  need(!!env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET, 'GOOGLE_CLIENT_SECRET', 'is required with GOOGLE_CLIENT_ID')
  need(!!env.MICROSOFT_CLIENT_ID && !env.MICROSOFT_CLIENT_SECRET, 'MICROSOFT_CLIENT_SECRET', 'is required with MICROSOFT_CLIENT_ID')
  const appleKey = [env.APPLE_TEAM_ID, env.APPLE_KEY_ID, env.APPLE_PRIVATE_KEY]
  need(appleKey.some(Boolean) && !appleKey.every(Boolean), 'APPLE_KEY_ID', 'APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY go together')
  need(
    !!env.APPLE_CLIENT_ID && !env.APPLE_CLIENT_SECRET && !appleKey.every(Boolean),
    'APPLE_CLIENT_SECRET',
    'is required with APPLE_CLIENT_ID (or set APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY)',
  )
  // A price-check cycle starts no provider call that could outlive its lease (run-price-checks.ts).
  need(
    env.PRICE_CHECK_LEASE_SECONDS * 1000 < env.FLIGHTS_TIMEOUT_MS + 30_000,
    'PRICE_CHECK_LEASE_SECONDS',
    'must exceed FLIGHTS_TIMEOUT_MS by at least 30 seconds',
  )
  // Twilio: credentials go together, and a sender without them would silently stay on the outbox.
  need(!!env.TWILIO_ACCOUNT_SID !== !!env.TWILIO_AUTH_TOKEN, 'TWILIO_ACCOUNT_SID', 'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN go together')
  need(
    (!!env.TWILIO_SMS_FROM || !!env.TWILIO_WHATSAPP_FROM) && !(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN),
    'TWILIO_ACCOUNT_SID',
    'TWILIO_SMS_FROM and TWILIO_WHATSAPP_FROM need TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
  )
  // Without the signing secret no webhook could be verified, so no payment would ever change a plan.
  need(!!env.STRIPE_SECRET_KEY !== !!env.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together')
  // Issues name the public half, never the private key, so the message can't echo a secret.
  need(!!env.VAPID_PUBLIC_KEY !== !!env.VAPID_PRIVATE_KEY, 'VAPID_PUBLIC_KEY', 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together')
  need(
    !!env.VAPID_PUBLIC_KEY && !env.VAPID_SUBJECT,
    'VAPID_SUBJECT',
    'is required with VAPID keys (a mailto: or https: contact for the push services)',
  )
  need(!!env.APNS_KEY_ID !== !!env.APNS_PRIVATE_KEY, 'APNS_KEY_ID', 'APNS_KEY_ID and APNS_PRIVATE_KEY go together')
  need(!!env.APNS_KEY_ID && !env.IOS_APP_TEAM_ID, 'IOS_APP_TEAM_ID', 'is required with APNS_KEY_ID (the team the APNs key belongs to)')
})

export type Env = z.output<typeof EnvSchema>

const SECRET_NAME = /(SECRET|TOKEN|PASSWORD|PRIVATE_KEY|HMAC_KEY|API_KEY|OUTBOX_KEY|SERVICE_ACCOUNT)/

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** Parses a variable map (process.env by default) or throws an EnvError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(root)'
    const value = source[name]
    // A secret's value stays out of the message (it ends up in terminals and log collectors).
    const got = SECRET_NAME.test(name) && value ? `a value of ${value.length} characters` : JSON.stringify(value ?? null)
    return `${name}: ${issue.message} (got ${got})`
  })
  throw new EnvError(problems)
}

export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
}
