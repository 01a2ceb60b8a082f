import { sql } from 'drizzle-orm'
import { bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ALERT_STATUSES } from '#shared/alert-status.ts'
import { NOTIFICATION_STATUSES } from '#shared/notifications.ts'
import type { ClientChannel } from '#shared/clients.ts'
import type { AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import type { NotificationChannels, TrackedFlight } from '#shared/alerts/alert.ts'
import { ALERT_TRIGGERS, DEFAULT_RENOTIFY_STEP, type RenotifyStep } from '#shared/alerts/alert-trigger.ts'
import type { QuietHours } from '#shared/alerts/quiet-hours.ts'
import type { DailyDigest } from '#shared/alerts/daily-digest.ts'
import type { DateWindow } from '#shared/alerts/date-window.ts'
import type { AlertBags, BagFeeTable } from '#shared/flights/bag-fees.ts'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/**
 * Price-check workers write a heartbeat here; GET /api/ready reports 503 when none is fresh.
 * One row per worker process, so several processes on one PostgreSQL show up separately.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
})

/** Values generated once per installation and shared by every process (e.g. the auth secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

// ---- better-auth tables. Property names are better-auth's field names; columns are snake_case. ----

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  ...timestamps,
})

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  // An outside identity is one (provider, subject) pair, linked to exactly one user.
  (t) => [uniqueIndex('accounts_provider_subject_idx').on(t.providerId, t.accountId), index('accounts_user_id_idx').on(t.userId)],
)

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(false),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Ours, not better-auth's: the name the user gave this authenticator app (second factors list). */
    friendlyName: text('friendly_name'),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId)],
)

/** better-auth's request rate limits, in the database so every process shares them. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/**
 * The jwt plugin's signing keys (decision 036): the native app's access tokens are signed with
 * the newest; GET /api/auth/jwks publishes the public halves. `privateKey` is the private JWK
 * encrypted with the auth secret (the plugin's default), never stored in the clear.
 */
export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
})

// ---- FareDrop account data ----

/** Keyed by the user id (spec: profiles.id equals the user id). */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['free', 'premium', 'elite', 'unlimited', 'admin'] }).notNull().default('free'),
  subscriptionTier: text('subscription_tier', { enum: ['free', 'premium', 'elite', 'unlimited'] })
    .notNull()
    .default('free'),
  /** E.164 number for SMS and WhatsApp notices; set from /profile. */
  phone: text('phone'),
  /**
   * When the user proved they hold `phone` by typing the code sent to it (decision 015). Null while
   * unverified: SMS and WhatsApp notices are skipped. Changing the number clears it.
   */
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  /**
   * A plan an admin gave this user outside billing (Unlimited is only ever granted). The tier is the
   * higher of this and what the subscriptions pay for (decision 017); null grants nothing.
   */
  grantedTier: text('granted_tier', { enum: ['premium', 'elite', 'unlimited'] }),
  /**
   * An admin disabled the account (issue 13): its sessions were revoked, it can't sign in, and its
   * live alerts were disabled. Null for every account in use.
   */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
  /** When the user last started a session (any way in), for the admin console. */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  ...timestamps,
})

/**
 * Codes sent by SMS to verify a profile's phone number (decision 015). Only a keyed hash of the
 * code is stored. The user's newest row is the one live code (a new code replaces the old); every
 * row also counts toward the send limits (one a minute, five an hour), so a user's rows older than
 * an hour are pruned when the next code is sent.
 */
export const phoneVerificationCodes = pgTable(
  'phone_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code went to: it verifies that number only, not one saved since. */
    phone: text('phone').notNull(),
    /** HMAC-SHA256 of user, number and code under a per-installation key (base64url). */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes typed against this one; at the limit a new code is needed. */
    attempts: integer('attempts').notNull().default(0),
    /** Set once the code verified the number: a code works once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** When it was sent, from the app's clock (the limits and the expiry count from it). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_verification_codes_user_idx').on(t.userId, t.createdAt),
    // The per-number limit counts one number's codes of the last hour, whoever asked.
    index('phone_verification_codes_phone_idx').on(t.phone, t.createdAt),
  ],
)

export const userEmails = pgTable(
  'user_emails',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_emails_user_email_idx').on(t.userId, t.email),
    // At most one primary address per user.
    uniqueIndex('user_emails_one_primary_idx').on(t.userId).where(sql`${t.isPrimary}`),
  ],
)

/**
 * Failed password sign-ins, per account (`email:<address>`) and per client (`ip:<address>`);
 * five failures lock the key for 15 minutes across every process.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }).notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})

/** Solved CAPTCHA challenges, kept until they expire so one solution can't be replayed. */
export const usedCaptchaChallenges = pgTable('used_captcha_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/**
 * Messages the local outbox driver "sent" (email now; SMS, WhatsApp and push later): what a
 * developer reads at /dev/mailbox instead of a real inbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp', 'push'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /**
     * Set for price-alert notices: the notice's idempotency key (an email's Message-ID, derived from
     * the notification's dedupe key; the dedupe key itself for SMS, WhatsApp and push). A dispatcher
     * that crashed after writing a notice and before marking it sent writes it again on retry; the
     * unique key folds that repeat into the first row (docs/decisions/014-notification-channels.md).
     */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to, t.createdAt)],
)


/**
 * A flight search's provider query and the provider's next-step tokens (SerpApi departure_token /
 * booking_token). The browser only ever sees `<id>.<index>` handles, so tokens stay on the server
 * and any process can serve the next step. Rows older than a few hours are deleted.
 */
export const flightSearches = pgTable(
  'flight_searches',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    tokens: jsonb('tokens').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flight_searches_created_idx').on(t.createdAt)],
)

/**
 * Admin-applied price shocks for the simulated market (demos and tests of price drops): prices on a
 * route, and optionally one departure date, are multiplied by `factor` until `expires_at`.
 */
export const simulatorPriceShocks = pgTable('simulator_price_shocks', {
  id: text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  fromCodes: text('from_codes').notNull(),
  toCodes: text('to_codes').notNull(),
  departureDate: text('departure_date'),
  factor: doublePrecision('factor').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

// ---- Price alerts ----

/** Money as exact decimals (cents), read back as JS numbers. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' })

/**
 * A user's price alert (spec section 3 "Alert (as read)"). `status` is what was last stored; an
 * alert whose departure date has passed reads as expired before the worker stores it. The search
 * parameters are kept exactly as validated by the shared schema, so the worker re-runs that search.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('active'),
    alertCategory: text('alert_category', { enum: ['premium', 'other'] }).notNull(),
    name: text('name').notNull(),
    alertType: text('alert_type', { enum: ['route', 'flight'] }).notNull(),
    targetPrice: money('target_price').notNull(),
    /** When to notify (decision 051); `target_price` holds what a `drop` or `new_low` rule waits for. */
    trigger: text('trigger', { enum: ALERT_TRIGGERS }).notNull().default('below'),
    dropPercent: integer('drop_percent'),
    /** The price when the alert was set, that a `drop` or `new_low` rule is measured from. */
    baselinePrice: money('baseline_price'),
    /** The step a further drop must make before it notifies again. */
    renotifyStep: jsonb('renotify_step').$type<RenotifyStep>().notNull().default(DEFAULT_RENOTIFY_STEP),
    /** A night window in the traveller's time zone in which notices wait (decision 051); null: none. */
    quietHours: jsonb('quiet_hours').$type<QuietHours>(),
    /** One message a day at this hour of the traveller's day instead of a notice per event (decision 054); null: at once. */
    digest: jsonb('digest').$type<DailyDigest>(),
    /** Flexible dates (decision 055): the departure window and trip lengths the alert watches; null: its search's dates. */
    dateWindow: jsonb('date_window').$type<DateWindow>(),
    /** A flexible alert's memory (decision 055): its sweep's position and each date pair's latest price. */
    windowState: jsonb('window_state').$type<WindowState>(),
    /** Bags per traveller priced into the alert's price (decision 055, draft); null: the fare alone. */
    bags: jsonb('bags').$type<AlertBags>(),
    currency: text('currency').notNull(),
    originAirport: text('origin_airport').notNull(),
    destinationAirport: text('destination_airport').notNull(),
    departureDate: date('departure_date', { mode: 'string' }),
    returnDate: date('return_date', { mode: 'string' }),
    searchParameters: jsonb('search_parameters').$type<AlertSearchParams>().notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>(),
    trackedFlights: jsonb('tracked_flights').$type<TrackedFlight[]>().notNull().default([]),
    notificationChannels: jsonb('notification_channels').$type<NotificationChannels>().notNull(),
    checkFrequency: text('check_frequency').notNull(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lowestPrice: money('lowest_price'),
    currentPrice: money('current_price'),
    /** Why the checker or a plan change last changed the alert, shown on the card. */
    statusNote: text('status_note'),
    /** Paused by a plan change (not by its owner): resumed when a plan with room comes back. */
    pausedByPlan: boolean('paused_by_plan').notNull().default(false),
    // ---- Price-check engine state (src/server/price-checks, decision 013) ----
    /** The worker cycle checking the alert now; its write only lands while it still owns the lease. */
    leaseOwner: text('lease_owner'),
    /** After this the lease is void and any worker may claim the alert again (a crashed worker's). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Checks in a row that did not find the tracked flight (or any flight for a route alert). */
    consecutiveMisses: integer('consecutive_misses').notNull().default(0),
    /** Checks in a row that failed at the provider; 3 mark the alert At Risk. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** True when the next price at or below the target notifies (re-armed once the price is back above it). */
    armed: boolean('armed').notNull().default(true),
    /** The price of the last notice; a further drop notifies again only a meaningful step below it. */
    lastNotifiedPrice: money('last_notified_price'),
    /**
     * The normalised search's key (price-checks/search-key.ts): a worker claims due alerts of the
     * same search together, so one batch asks each search once. Set at creation, refreshed by every
     * check (null only for alerts never checked since the column came).
     */
    searchKey: text('search_key'),
    /**
     * The client's `Idempotency-Key` for the create that made this alert: a retried create (its
     * answer lost to a network or database failure) returns this alert instead of a second one.
     */
    idempotencyKey: text('idempotency_key'),
    /** An advisor's client this alert tracks fares for (Unlimited, decision 043): notices go to the client. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('alerts_client_idx').on(t.clientId),
    // The list: one user's alerts by status, newest first.
    index('alerts_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    // The price-check worker claims due alerts (FOR UPDATE SKIP LOCKED) in next_check_at order.
    // Only statuses that are still checked; `status = 'active'` alone also matches this predicate.
    index('alerts_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} in ('active', 'triggered', 'at_risk')`),
    uniqueIndex('alerts_user_idempotency_key_idx').on(t.userId, t.idempotencyKey),
    // A claim adds the due alerts of the searches it picked (claim-due-alerts.ts).
    index('alerts_search_key_due_idx')
      .on(t.searchKey, t.nextCheckAt)
      .where(sql`${t.status} in ('active', 'triggered', 'at_risk')`),
  ],
)

/**
 * Checked-bag fees read from booking options (price-checks/bag-fee-lookup.ts), kept a week per
 * provider, first carrier, route, cabin, currency and trip kind.
 */
export const bagFeeSchedules = pgTable('bag_fee_schedules', {
  key: text('key').primaryKey(),
  fees: jsonb('fees').$type<BagFeeTable>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
})

/** A flexible alert's memory between checks (price-checks/flexible-window.ts). */
export interface WindowState {
  /** Checks made so far: where the round-robin sweep of the window's pairs stands. */
  cursor: number
  /** By date pair ("2027-03-05|2027-03-12"; one way "2027-03-05|"): the latest price found and when. */
  prices: Record<string, { price: number; at: string }>
}

/** Every price observed for an alert, with the itinerary that gave it (for the history chart). */
export interface AlertPriceItinerary {
  /** Flights in order, e.g. "BA 117 JFK→LHR 2027-03-01T18:30". */
  flights: { airline: string; flight_number: string; departure_airport: string; arrival_airport: string; departure_time: string }[]
  total_duration?: number
  stops?: number
  booking_token?: string
}

/** One flight of an observed itinerary, as a tracked flight is matched against it. */
export interface ObservedFlight {
  airline: string
  flight_number: string
  departure_airport: string
  arrival_airport: string
  /** Local wall-clock times at the airports, "YYYY-MM-DDTHH:MM". */
  departure_time: string
  arrival_time: string
}

/** An itinerary as a price observation keeps it: enough to match, price and book it, nothing more. */
export interface ObservedItinerary {
  /** The provider-neutral itinerary id (same flights, dates and cabin → same id). */
  id: string
  price: number
  flights: ObservedFlight[]
  stops: number
  total_duration: number
  booking_token?: string
  /** Round-trip outbound or multi-city leg: lists the next step's options. */
  departure_token?: string
}

/**
 * What the provider answered for one search (the normalised search parameters' hash, plus the
 * flights chosen so far for a later round-trip or multi-city step), stored once however many alerts
 * share it. A fresh-enough row is reused instead of calling the provider again (coalescing across
 * workers); `fresh` marks calls that bypassed every cache (the re-check before a notice).
 */
export const priceObservations = pgTable(
  'price_observations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    searchKey: text('search_key').notNull(),
    provider: text('provider').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    /** Cheapest priced itinerary; null when the search found nothing. */
    lowestPrice: money('lowest_price'),
    currency: text('currency').notNull(),
    itineraries: jsonb('itineraries').$type<ObservedItinerary[]>().notNull(),
    fresh: boolean('fresh').notNull().default(false),
  },
  (t) => [index('price_observations_key_observed_idx').on(t.searchKey, t.observedAt)],
)

/**
 * The cheapest fare FareDrop saw for a route and travel dates (decision 047): one row per unfiltered
 * first-step answer, from travellers' searches and from price checks. With a provider that cannot
 * price dates itself (SerpApi), the fare calendar is read from these; later, the route's price
 * history too. Kept 90 days (prune-observations.ts).
 */
export const fareObservations = pgTable(
  'fare_observations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Airport codes as searched ("LHR,LGW" for a city), uppercased: the calendar asks with the same. */
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    /** Null: one way. */
    returnDate: date('return_date', { mode: 'string' }),
    /** SerpApi travel_class: 1 economy … 4 first. */
    cabin: integer('cabin').notNull(),
    adults: integer('adults').notNull(),
    currency: text('currency').notNull(),
    lowestPrice: money('lowest_price').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['search', 'check'] }).notNull(),
    /**
     * The flight provider whose answer this was ("simulated", "serpapi"): every reader takes only the
     * running provider's, so a switch never mixes two markets. Null: recorded before rows named their
     * provider (2026-11-28); read as any provider's, and gone within the 90 days rows are kept.
     */
    provider: text('provider'),
  },
  (t) => [
    // The calendar: one route, cabin, party and currency over a range of departure dates.
    index('fare_observations_route_date_idx').on(t.origin, t.destination, t.cabin, t.adults, t.currency, t.departureDate, t.observedAt),
    index('fare_observations_observed_idx').on(t.observedAt),
  ],
)

/**
 * Provider calls made per period (minute and day), shared by every worker process: a call is made
 * only after its slot was counted here, so the caps hold however many processes run.
 */
export const providerBudget = pgTable(
  'provider_budget',
  {
    provider: text('provider').notNull(),
    period: text('period', { enum: ['minute', 'day'] }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider, t.period, t.windowStart] })],
)

/**
 * Failure backoff shared by every worker process: `provider:<id>` is the circuit breaker (open
 * until `retry_at` after too many failures in a row), `search:<key>` backs one failing search off.
 */
export const providerBackoffs = pgTable('provider_backoffs', {
  scope: text('scope').primaryKey(),
  failures: integer('failures').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

export const alertPrices = pgTable(
  'alert_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    currency: text('currency').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    itinerary: jsonb('itinerary').$type<AlertPriceItinerary>(),
  },
  (t) => [index('alert_prices_alert_recorded_idx').on(t.alertId, t.recordedAt)],
)

/** What a notice says, fixed when the price event happens so a retry sends the same words. */
export interface AlertNotificationPayload {
  alertName: string
  /** 'JFK → LHR' or 'Multi-city route'. */
  route: string
  departureDate: string | null
  returnDate: string | null
  price: number
  targetPrice: number
  currency: string
  /** Section 9 price-drop percentage against the target (null when not below it). */
  dropPercent: number | null
  /** The cheapest matching itinerary in brief ("BA 117 · nonstop · 7h 10m"). */
  itinerarySummary: string | null
  /** Opens /search with the alert's search, sorted by price. */
  searchUrl: string
  /** Opens the alert itself (/alerts?alert=<id>): where a push notice goes when tapped. Absent on notices queued before it existed. */
  alertUrl?: string
  /** /search with the notified flights picked (`pick=`), opening on their booking options; null when the notice names no flights. */
  bookingUrl: string | null
  /** Recent recorded prices, oldest first, for the small history picture in email. */
  history: { price: number; recordedAt: string }[]
  /**
   * The alert's rule when it is not "below my target" (decision 051): the words say the drop from
   * the price when it was set, or the new low. Absent: below the target (and every older notice).
   */
  rule?: { trigger: 'drop' | 'new_low'; baselinePrice: number; dropPercent: number | null }
  /**
   * A bag-inclusive alert's price in parts (decision 055): `price` is the fare plus these. Each bag
   * kind per traveller, its price for the whole party and trip (null: in the fare, as carry-ons are).
   */
  bags?: { fare: number; items: Array<{ kind: 'carry_on' | 'checked'; count: number; price: number | null }> }
}

/**
 * A daily digest (decision 054): one message to one recipient on one channel at one moment, listing
 * the price events of every alert waiting for it. Its items stay alert_notifications rows (one per
 * event and channel: dedupe, history and counts as before) with `digest_id` set; the digest is the
 * unit the dispatcher claims (same lease, attempts and backoff as a notice), and its outcome is
 * written to its items in the same transaction. New items join it only while it is pending and
 * unclaimed; later ones go to the next day's.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The advisor's client the notices go to (decision 043); null for the owner's own alerts. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp', 'push'] }).notNull(),
    /** `${userId}:${clientId ?? 'own'}:${channel}:${dueAt}`: one digest per recipient, channel and moment. */
    groupKey: text('group_key').notNull().unique(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('notification_digests_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
)

/**
 * The notification outbox (issue 6): one row per (alert, price event, channel), written in the same
 * transaction as the observation that triggered it. `dedupe_key` is unique, so a retried check or a
 * crashed worker never queues a notice twice; the dispatcher claims `pending` rows whose
 * `next_attempt_at` has come (FOR UPDATE SKIP LOCKED, with a lease), sends, and marks them `sent`, or
 * schedules a retry with backoff, or gives up as `dead` (visible to admins).
 */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp', 'push'] }).notNull(),
    /** `${alertId}:${eventKey}:${channel}`; the event key names the price event (the triggering observation). */
    dedupeKey: text('dedupe_key').notNull().unique(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A dispatcher holds the row until then; a crashed one's lease simply runs out. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    price: money('price').notNull(),
    payload: jsonb('payload').$type<AlertNotificationPayload>().notNull(),
    providerMessageId: text('provider_message_id'),
    /**
     * Set when the notice waits for its alert's daily digest (decision 054): the digest is what the
     * dispatcher claims, sends and retries; this row follows its outcome.
     */
    digestId: uuid('digest_id').references(() => notificationDigests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('alert_notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('alert_notifications_digest_idx').on(t.digestId),
    index('alert_notifications_alert_idx').on(t.alertId, t.createdAt),
    // The admin overview, its trends and /metrics count recent notices by channel and status.
    index('alert_notifications_created_idx').on(t.createdAt),
  ],
)

/** A browser's Web Push subscription (one per device the user allowed notifications on). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/**
 * A native app's push token (decision 039): FCM for Android, APNs for iOS. Tied to the app's
 * session: when the session ends (sign-out, an admin ending it, the account deleted) the device
 * stops getting that person's notices, and a token registered again moves to whoever registered it.
 */
export const nativePushDevices = pgTable(
  'native_push_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['android', 'ios'] }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('native_push_devices_user_idx').on(t.userId), index('native_push_devices_session_idx').on(t.sessionId)],
)

/**
 * Personal API tokens (Unlimited, decision 042): the token is shown once; only its SHA-256 is
 * kept (a 256-bit random token needs no slow hash). Revoking deletes the row.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<('read' | 'write')[]>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's first characters ("fd_Ab3x…"), so its owner can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
)

/** rate-limiter-flexible's counters (RateLimiterDrizzle): the public API's per-token limit, shared by every process. */
export const apiRateLimits = pgTable('api_rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
})

// ---- Billing (src/server/billing, decisions 017 and 018) ----

export const BILLING_PROVIDERS = ['stripe', 'local'] as const

/**
 * A user's subscriptions: mirrored from Stripe (re-read from Stripe's API on every webhook and by
 * the reconciliation, never taken from an event body), or held here by the local test mode. The
 * profile's role and tier are derived from these rows and nothing else writes them.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    /** Stripe's subscription item (plan switches name it). */
    providerItemId: text('provider_item_id'),
    /** The provider's price id, as the provider reported it. */
    providerPriceId: text('provider_price_id'),
    /** Our price id (premium_monthly…); null for a price we don't sell, which entitles nothing. */
    priceId: text('price_id'),
    /** Stripe's status names: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the provider created it (Stripe's `created`), so "latest" means the same on both drivers. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    // The local test mode's renewals: live local subscriptions by period end.
    index('subscriptions_local_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.provider} = 'local' and ${t.status} in ('active', 'trialing', 'past_due')`),
  ],
)

/**
 * A user's customer at a billing provider (one per user and provider, reused by every checkout).
 * `syncSeq` hands out a ticket to each sync before it reads the provider; a sync writes only if
 * its ticket is newer than `appliedSeq`, so the newest read always wins whatever order concurrent
 * webhooks finish in.
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    syncSeq: bigint('sync_seq', { mode: 'number' }).notNull().default(0),
    appliedSeq: bigint('applied_seq', { mode: 'number' }).notNull().default(0),
    /** Test mode only: the test card on file (brand, last four, what renewals do). */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardOutcome: text('card_outcome'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex('billing_customers_customer_idx').on(t.provider, t.customerId)],
)

/** Webhook events already applied (Stripe may deliver one several times): the id is recorded in the write's transaction. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: BILLING_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/** What happened to a user's plan and subscriptions, as /profile lists it (newest first). */
export const billingHistory = pgTable(
  'billing_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromTier: text('from_tier'),
    toTier: text('to_tier'),
    priceId: text('price_id'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_history_user_idx').on(t.userId, t.createdAt)],
)

/**
 * The local test mode's checkout and portal sessions (Stripe keeps its own): who opened it, for
 * which price, and where to send the browser afterwards (already checked to be on our origin).
 */
export const billingSessions = pgTable(
  'billing_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
    /** Checkout: the price bought. Portal: the price a switch was asked for, if any. */
    priceId: text('price_id'),
    /** Checkout: success URL. Portal: return URL. */
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url'),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull().default('open'),
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_sessions_user_idx').on(t.userId, t.createdAt)],
)

/** Periodic jobs shared by every worker process: a run is claimed by moving `last_run_at`, so one process runs it. */
export const scheduledTaskRuns = pgTable('scheduled_task_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
})

/**
 * How much account mail (verification, password reset, magic link) went to one inbox lately:
 * `inbox:<address>` counts every kind per hour, `<kind>:<address>` spaces one kind. Security target
 * A12: nobody can flood an inbox through our forms, from however many client addresses.
 */
export const authMailQuotas = pgTable('auth_mail_quotas', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/**
 * A second factor by text message (spec section 7: factors with friendly names): a code texted to
 * the user's verified phone at each sign-in. One per user; `verifiedAt` is null while the user has
 * not yet typed the first code (auth/phone-factor.ts). The authenticator app factor is better-auth's
 * `two_factors` row.
 */
export const phoneFactors = pgTable('phone_factors', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  friendlyName: text('friendly_name').notNull(),
  /** E.164, copied from the verified profile phone when the factor was added. */
  phone: text('phone').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One price check of one alert, as the engine stored it (issue 13): the admin console's "checks in
 * the last hour", lag from due time, cache hit ratio and each alert's check list. Written in the
 * check's own transaction; pruned after CHECK_RETENTION_DAYS.
 */
export const priceChecks = pgTable(
  'price_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    /** When the check was due (the alert's next_check_at when it was claimed); null for an admin's check. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['price', 'missing', 'failed'] }).notNull(),
    price: money('price'),
    /** Answered by an observation already made (no provider call for this alert). */
    cached: boolean('cached').notNull(),
    notified: boolean('notified').notNull().default(false),
    detail: text('detail'),
  },
  (t) => [index('price_checks_checked_idx').on(t.checkedAt), index('price_checks_alert_idx').on(t.alertId, t.checkedAt)],
)

/**
 * Every admin action (issue 13): who, what, on which target, when, and the request id that finds
 * the log line. The actor's email is copied so the entry still reads after the admin is deleted.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
  },
  (t) => [index('admin_audit_log_at_idx').on(t.at)],
)

/**
 * Recent unexpected server errors (status 500), from every app process, for /admin/debug: support
 * finds the log line by the request id the user's error screen showed. Capped (see record-server-error.ts).
 */
export const serverErrors = pgTable(
  'server_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    message: text('message').notNull(),
    userId: text('user_id'),
  },
  (t) => [index('server_errors_at_idx').on(t.at)],
)

// ---- Outgoing webhooks (Unlimited, src/server/webhooks, decision 044) ----

export const WEBHOOK_EVENT_TYPES = ['alert.triggered', 'alert.status_changed'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const

/** An advisor's HTTPS endpoint; its secret signs every delivery (shown to its owner, needed to sign). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
)

/**
 * One event sent (or to be sent) to one endpoint: the queue the webhook dispatcher claims from,
 * and the delivery log its owner reads (response status and a bounded part of its body).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The event's id, the same in every delivery of it (re-sends included): receivers dedupe by it. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type', { enum: WEBHOOK_EVENT_TYPES }).notNull(),
    /** `${endpointId}:${event key}` for events the engine raises (a repeat raise adds nothing); null for re-sends. */
    dedupeKey: text('dedupe_key').unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
)

// ---- Client workspaces and white-label (Unlimited, src/server/clients, decision 043) ----

/**
 * An advisor's client. Notices reach a contact only once the client confirmed it by the link sent
 * there (double opt-in), and stop when the client unsubscribes; each contact has its own state.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    channels: jsonb('channels').$type<ClientChannel[]>().notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    emailUnsubscribedAt: timestamp('email_unsubscribed_at', { withTimezone: true }),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    phoneUnsubscribedAt: timestamp('phone_unsubscribed_at', { withTimezone: true }),
    /** When the last confirmation request went out: re-sends wait a minute. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /** Confirmation requests sent to the current addresses (reset when one changes): capped, so nobody is pestered. */
    confirmationsSent: integer('confirmations_sent').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('clients_user_idx').on(t.userId, t.name)],
)

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
})

/** An advisor's brand for client-facing notices and pages; the logo is kept here and served from our origin. */
export const advisorBrands = pgTable(
  'advisor_brands',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandName: text('brand_name').notNull(),
    primaryColor: text('primary_color').notNull(),
    accentColor: text('accent_color').notNull(),
    replyTo: text('reply_to'),
    logo: bytea('logo'),
    logoContentType: text('logo_content_type'),
    /** The logo's SHA-256: its URL carries it, so a new logo is a new URL and the old one may be cached for good. */
    logoHash: text('logo_hash'),
    ...timestamps,
  },
  // The logo is served by its hash (/api/brand-logos/<hash>): content-addressed, cached for good.
  (t) => [index('advisor_brands_logo_hash_idx').on(t.logoHash)],
)

/**
 * The buy-or-wait forecast re-counted from the live `fare_observations` (decision 052, addendum of
 * 2026-11-28), one row per flight provider ("simulated", "serpapi"), replaced by the worker's daily
 * task: the model's counts, the gate measured on a hold-out of the newest moments, and how much it
 * saw. Read by GET /api/flights/forecast, validated there (forecast/live/live-forecast-store.ts).
 */
export const liveForecastModels = pgTable('live_forecast_models', {
  provider: text('provider').primaryKey(),
  measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
  /** `{ counts, dropDepth }` (forecast/forecast-model.ts ForecastModel). */
  model: jsonb('model').$type<unknown>().notNull(),
  /** GateRow[] per haul × days band (forecast/forecast-gate.ts). */
  gate: jsonb('gate').$type<unknown>().notNull(),
  holdoutDays: integer('holdout_days').notNull(),
  observationsRead: integer('observations_read').notNull(),
  /** True when the read stopped at its cap (the newest rows of each route are read first). */
  truncated: boolean('truncated').notNull(),
  learnedMoments: integer('learned_moments').notNull(),
  holdoutLearnedMoments: integer('holdout_learned_moments').notNull(),
  scoredMoments: integer('scored_moments').notNull(),
})
