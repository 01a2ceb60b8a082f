import { alertSearchKey } from '../../src/server/alerts/search-key.ts'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { NotificationChannels, TrackedFlight } from '#shared/alerts/alert.ts'
import type { PlanId } from '#shared/plans.ts'
import type { AlertRow } from '../../src/server/alerts/to-alert.ts'
import type { Database, Db } from '../../src/server/db/client.ts'
import { alerts, profiles, users } from '../../src/server/db/schema.ts'
import { parseEnv } from '../../src/server/env.ts'
import { createFlightProvider } from '../../src/server/flights/providers/create-flight-provider.ts'
import { createPriceShockStore, type PriceShockStore } from '../../src/server/flights/price-shocks.ts'
import type { CallContext, FlightProvider, ProviderSearchResult } from '../../src/server/flights/providers/provider.ts'
import type { PriceCheckConfig, PriceCheckDeps } from '../../src/server/price-checks/price-check-config.ts'
import { runPriceChecks } from '../../src/server/price-checks/run-price-checks.ts'
import { silentLogger } from './silent-logger.ts'
import { openTestDatabase } from './test-db.ts'
import { planProfile } from './plan-profile.ts'

/**
 * The price-check engine on a fresh test database and the simulated market, without the web app:
 * a clock the test moves, a provider wrapper that counts (and can break or bend) calls, and quick
 * ways to seed users and alerts straight into the tables.
 */

export interface ProviderCall {
  kind: 'search' | 'next' | 'calendar'
  fresh: boolean
}

export interface CountingProvider extends FlightProvider {
  calls: ProviderCall[]
  /** Thrown by every call while set. */
  failWith: Error | null
  /** Rewrites answers (e.g. a stale cache showing a lower price to non-fresh calls). */
  bend: ((result: ProviderSearchResult, call: ProviderCall) => ProviderSearchResult) | null
}

/**
 * `calendar`: keep the market's fare calendar (provider.ts `priceDates`), so flexible alerts run in
 * calendar mode; without it the engine sees a provider like SerpApi, which has none.
 */
export function countingProvider(inner: FlightProvider, options: { calendar?: boolean } = {}): CountingProvider {
  const wrap = async (kind: 'search' | 'next', ctx: CallContext | undefined, run: () => Promise<ProviderSearchResult>) => {
    const call = { kind, fresh: ctx?.fresh === true }
    wrapper.calls.push(call)
    if (wrapper.failWith) throw wrapper.failWith
    const result = await run()
    return wrapper.bend ? wrapper.bend(result, call) : result
  }
  const priceDates = inner.priceDates?.bind(inner)
  const wrapper: CountingProvider = {
    id: inner.id,
    calls: [],
    failWith: null,
    bend: null,
    search: (query, ctx) => wrap('search', ctx, () => inner.search(query, ctx)),
    next: (query, token, ctx) => wrap('next', ctx, () => inner.next(query, token, ctx)),
    bookingOptions: (query, token, ctx) => inner.bookingOptions(query, token, ctx),
    priceInsights: (query, ctx) => inner.priceInsights(query, ctx),
    ...(options.calendar && priceDates
      ? {
          priceDates: async (request, ctx) => {
            wrapper.calls.push({ kind: 'calendar', fresh: false })
            if (wrapper.failWith) throw wrapper.failWith
            return priceDates(request, ctx)
          },
        }
      : {}),
  }
  return wrapper
}

export const testConfig = (over: Partial<PriceCheckConfig> = {}): PriceCheckConfig => ({
  workerId: randomUUID(),
  batchSize: 200,
  leaseMs: 120_000,
  pollMs: 20,
  cacheTtlMs: 30 * 60_000,
  timeoutMs: 10_000,
  concurrency: 4,
  budget: { perMinute: 1_000, perDay: 100_000 },
  pricePerCall: 0.015,
  breaker: { failures: 5, cooldownMs: 5 * 60_000 },
  publicUrl: 'http://localhost:3000',
  ...over,
})

export interface Harness {
  database: Database & { url?: string }
  db: Db
  clock: { now: Date; advance(ms: number): void }
  provider: CountingProvider
  shocks: PriceShockStore
  deps: PriceCheckDeps
  /** A date `days` after the harness clock's day, YYYY-MM-DD. */
  day(days: number): string
  user(plan?: PlanId): Promise<string>
  alert(userId: string, over?: AlertSeed): Promise<AlertRow>
  /** Many alerts in one insert. */
  alerts(userId: string, seeds: AlertSeed[]): Promise<AlertRow[]>
  read(id: string): Promise<AlertRow>
  run(): ReturnType<typeof runPriceChecks>
  close(): Promise<void>
}

export interface AlertSeed {
  params?: Record<string, unknown>
  targetPrice?: number
  alertType?: 'route' | 'flight'
  trackedFlights?: TrackedFlight[]
  channels?: Partial<NotificationChannels>
  status?: AlertRow['status']
  checkFrequency?: string
  /** Any other column as stored (a trigger rule, the re-arm state). */
  row?: Partial<typeof alerts.$inferInsert>
}

export async function createHarness(config: Partial<PriceCheckConfig> = {}, options: { calendar?: boolean } = {}): Promise<Harness> {
  const database = await openTestDatabase()
  const db = database.db
  const clock = {
    now: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms)
    },
  }
  const now = () => clock.now
  const shocks = createPriceShockStore({ db, now })
  const { provider: market } = createFlightProvider({ env: parseEnv({ NODE_ENV: 'test' }), now, shocks })
  const provider = countingProvider(market, options)
  const deps: PriceCheckDeps = { db, now, provider, logger: silentLogger, config: testConfig(config), random: () => 0.5 }
  const day = (days: number) => new Date(clock.now.getTime() + days * 86_400_000).toISOString().slice(0, 10)
  let users_ = 0
  const alertValues = (userId: string, seed: AlertSeed): typeof alerts.$inferInsert => {
    const params = alertSearchParamsSchema.parse({ type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: day(30), ...seed.params })
    return {
      userId,
      status: seed.status ?? 'active',
      alertCategory: 'other',
      name: 'Engine test alert',
      alertType: seed.alertType ?? 'route',
      targetPrice: seed.targetPrice ?? 100,
      currency: params.currency,
      originAirport: params.departure_id ?? 'JFK',
      destinationAirport: params.arrival_id ?? 'LAX',
      departureDate: params.outbound_date ?? null,
      returnDate: params.type === 1 ? (params.return_date ?? null) : null,
      searchParameters: params,
      searchKey: alertSearchKey(params),
      trackedFlights: seed.trackedFlights ?? [],
      notificationChannels: { email: true, sms: false, whatsapp: false, push: false, ...seed.channels },
      checkFrequency: seed.checkFrequency ?? '12h',
      nextCheckAt: clock.now,
      ...seed.row,
    }
  }

  return {
    database,
    db,
    clock,
    provider,
    shocks,
    deps,
    day,
    async user(plan = 'free') {
      const id = randomUUID()
      await db.insert(users).values({ id, name: 'Ana', email: `engine-${++users_}-${id}@example.com`, emailVerified: true })
      await db.insert(profiles).values({ id, ...planProfile(plan) })
      return id
    },
    async alert(userId, seed = {}) {
      const [row] = await db.insert(alerts).values(alertValues(userId, seed)).returning()
      return row!
    },
    async alerts(userId, seeds) {
      const rows: AlertRow[] = []
      for (let i = 0; i < seeds.length; i += 500) {
        rows.push(...(await db.insert(alerts).values(seeds.slice(i, i + 500).map((seed) => alertValues(userId, seed))).returning()))
      }
      return rows
    },
    async read(id) {
      const [row] = await db.select().from(alerts).where(eq(alerts.id, id))
      return row!
    },
    run: () => runPriceChecks(deps),
    close: () => database.close(),
  }
}
