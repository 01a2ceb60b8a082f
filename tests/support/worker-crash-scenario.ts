import { randomUUID } from 'node:crypto'
import { isNotNull, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { NotificationChannel } from '#shared/plans.ts'
import type { Db } from '../../src/server/db/client.ts'
import { alertNotifications, alertPrices, alerts, outboxMessages, profiles, simulatorPriceShocks, users } from '../../src/server/db/schema.ts'
import { planProfile } from './plan-profile.ts'
import { parseEnv } from '../../src/server/env.ts'
import { createFlightProvider } from '../../src/server/flights/providers/create-flight-provider.ts'
import { createPriceShockStore } from '../../src/server/flights/price-shocks.ts'
import { cheapestWithin, observedItineraries } from '../../src/server/price-checks/observed-itinerary.ts'
import { DEFAULT_RETRY_POLICY } from '../../src/server/notifications/retry-policy.ts'
import { engineQuery } from '../../src/server/alerts/search-key.ts'
import type { FakeTwilio } from '../fakes/twilio-server.ts'
import { mulberry32 as seededRandom } from '#server/flights/providers/simulator/hash.ts'

/**
 * The population of the worker crash tests (tests/integration/worker-crash.test.ts, security
 * targets W1/W2): route alerts on a few searches, one owner each (Elite, with a phone), whose
 * targets sit between the market's price and the price after an admin shock. Three alerts in four
 * trigger once the shock is on; the others stay above their target. Channels: email on every
 * alert, SMS on two in three, WhatsApp on one in three.
 */

const SEARCHES = [
  { from: 'JFK', to: 'LAX', days: 30 },
  { from: 'JFK', to: 'LAX', days: 44 },
  { from: 'ORD', to: 'MIA', days: 31 },
  { from: 'BOS', to: 'SEA', days: 33 },
  { from: 'ATL', to: 'DEN', days: 36 },
  { from: 'SFO', to: 'JFK', days: 40 },
] as const
/** The admin shock: every fare on the shocked routes × 0.3 for the length of the test. */
const SHOCK_FACTOR = 0.3
/** Triggering alerts want 0.6 × today's cheapest fare (the shock brings 0.3×); the others 0.12×. */
const TRIGGERING_TARGET = 0.6
const QUIET_TARGET = 0.12

export interface ExpectedAlert {
  userId: string
  email: string
  phone: string
  triggers: boolean
  /** The channels a notice must go out on when the alert triggers, sorted. */
  channels: NotificationChannel[]
}

export interface CrashScenario {
  /** Alert id → what must happen to it. */
  expected: Map<string, ExpectedAlert>
  /** Adds `count` alerts (and their owners), due now or, with `dueOverMs`, one after another over that time. */
  seed(db: Db, count: number, options?: { dueOverMs?: number }): Promise<void>
}

const day = (base: number, days: number) => new Date(base + days * 86_400_000).toISOString().slice(0, 10)
const searchParams = (base: number, search: (typeof SEARCHES)[number]) =>
  alertSearchParamsSchema.parse({ type: 2, departure_id: search.from, arrival_id: search.to, outbound_date: day(base, search.days) })

/**
 * Reads today's cheapest fare of each search from the simulated market (before any shock), then
 * applies the shock in the database, where every worker process reads it.
 */
export async function createCrashScenario(db: Db): Promise<CrashScenario> {
  const base = Date.now()
  const now = () => new Date()
  const { provider } = createFlightProvider({ env: parseEnv({ NODE_ENV: 'test' }), now, shocks: createPriceShockStore({ db, now }) })
  const cheapest = await Promise.all(
    SEARCHES.map(async (search) => {
      const fare = cheapestWithin(observedItineraries(await provider.search(engineQuery(searchParams(base, search)))), undefined)
      if (!fare) throw new Error(`the simulated market has no fare for ${search.from}→${search.to}`)
      return fare.price
    }),
  )
  const routes = [...new Map(SEARCHES.map((s) => [`${s.from}-${s.to}`, s])).values()]
  await db.insert(simulatorPriceShocks).values(
    routes.map((route) => ({ fromCodes: route.from, toCodes: route.to, departureDate: null, factor: SHOCK_FACTOR, expiresAt: new Date(base + 6 * 3_600_000) })),
  )

  const expected = new Map<string, ExpectedAlert>()
  let next = 0
  return {
    expected,
    async seed(target, count, { dueOverMs = 0 } = {}) {
      const start = Date.now()
      const owners: (typeof users.$inferInsert)[] = []
      const plans: (typeof profiles.$inferInsert)[] = []
      const rows: (typeof alerts.$inferInsert)[] = []
      const expectations: ExpectedAlert[] = []
      for (let k = 0; k < count; k++) {
        const i = next++
        const search = SEARCHES[i % SEARCHES.length]!
        const params = searchParams(base, search)
        const triggers = i % 4 !== 3
        const sms = i % 3 !== 2
        const whatsapp = i % 3 === 0
        const userId = randomUUID()
        const email = `crash-${i}-${userId.slice(0, 8)}@example.com`
        const phone = `+1415${String(1_000_000 + i)}`
        owners.push({ id: userId, name: `Traveller ${i}`, email, emailVerified: true })
        // Verified (decision 015): an unverified number's SMS and WhatsApp notices are skipped.
        plans.push({ id: userId, ...planProfile('elite'), phone, phoneVerifiedAt: new Date() })
        const fare = cheapest[i % SEARCHES.length]!
        rows.push({
          userId,
          status: 'active',
          alertCategory: 'other',
          name: `Crash test ${i}: ${search.from} → ${search.to}`,
          alertType: 'route',
          targetPrice: Math.max(1, Math.round(fare * (triggers ? TRIGGERING_TARGET : QUIET_TARGET))),
          currency: params.currency,
          originAirport: search.from,
          destinationAirport: search.to,
          departureDate: params.outbound_date ?? null,
          returnDate: null,
          searchParameters: params,
          trackedFlights: [],
          notificationChannels: { email: true, sms, whatsapp, push: false },
          checkFrequency: '12h',
          nextCheckAt: new Date(start + Math.floor((k * dueOverMs) / count)),
        })
        const channels: NotificationChannel[] = ['email', ...(sms ? (['sms'] as const) : []), ...(whatsapp ? (['whatsapp'] as const) : [])]
        expectations.push({ userId, email, phone, triggers, channels: channels.sort() })
      }
      for (let i = 0; i < rows.length; i += 500) {
        await target.insert(users).values(owners.slice(i, i + 500))
        await target.insert(profiles).values(plans.slice(i, i + 500))
        const ids = await target.insert(alerts).values(rows.slice(i, i + 500)).returning({ id: alerts.id })
        ids.forEach(({ id }, k) => expected.set(id, expectations[i + k]!))
      }
    },
  }
}

export interface RemainingWork {
  /** Alerts never checked yet (due or not). */
  unchecked: number
  due: number
  leased: number
  /** Notices not yet settled. */
  pending: number
}

/** What is still to do. */
export async function remainingWork(db: Db): Promise<RemainingWork> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from alerts where last_checked_at is null) as unchecked,
      (select count(*)::int from alerts where status in ('active', 'triggered', 'at_risk') and next_check_at <= now()) as due,
      (select count(*)::int from alerts where lease_owner is not null or lease_until is not null) as leased,
      (select count(*)::int from alert_notifications where status = 'pending') as pending`)
  return (result as unknown as { rows: RemainingWork[] }).rows[0]!
}

export const nothingLeft = (left: RemainingWork) => left.unchecked + left.due + left.leased + left.pending === 0

/** Alerts checked and notices sent so far. */
export async function progressCounts(db: Db): Promise<{ checked: number; sent: number }> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from alerts where last_checked_at is not null) as checked,
      (select count(*)::int from alert_notifications where status = 'sent') as sent`)
  return (result as unknown as { rows: { checked: number; sent: number }[] }).rows[0]!
}

export interface DeliveryFigures {
  alerts: number
  triggered: number
  notices: number
  /** Notices sent more than once (a kill interrupted an earlier send). */
  reclaimed: number
  maxAttempts: number
  /** Sends started that ended with no outcome (the process was killed during them). */
  interruptedSends: number
  /** Notices given up after every allowed attempt was cut short by a kill (W1 allows the DLQ). */
  deadLettered: number
  outboxMessages: number
  twilioMessages: number
  /** Messages beyond the first per notice: outbox (must be 0) and Twilio (measured). */
  duplicates: { outbox: number; twilio: number }
}

const count = <T>(items: readonly T[], key: (item: T) => string) => {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}

/**
 * The end state the crash tests require, whatever the kills did:
 * - every alert checked exactly once (one price point, a next check 12 h away, no lease left);
 * - every triggered alert has exactly one notice per chosen channel, every other alert none;
 * - every notice `sent`, none pending, leased or skipped; dead only by the poison-notice rule (a kill
 *   during each of its 8 sends), which W1 accepts ("delivered or in the DLQ") and the caller bounds;
 * - each notice delivered: exactly one outbox message per email/WhatsApp/(outbox) SMS notice, at
 *   least one Twilio message per Twilio SMS notice. Twilio's repeats are returned, for the caller
 *   to hold against the kills it saw land in the send window.
 */
export async function verifyNothingLostNothingDoubled(db: Db, scenario: CrashScenario, twilio: FakeTwilio | null): Promise<DeliveryFigures> {
  const { expected } = scenario
  const rows = await db
    .select({ id: alerts.id, status: alerts.status, lastCheckedAt: alerts.lastCheckedAt, nextCheckAt: alerts.nextCheckAt, leaseOwner: alerts.leaseOwner, leaseUntil: alerts.leaseUntil })
    .from(alerts)
  expect(rows).toHaveLength(expected.size)
  const soon = Date.now() + 11 * 3_600_000
  const sample = <T>(items: T[]) => ({ count: items.length, first: items.slice(0, 3) })
  expect(sample(rows.filter((r) => r.lastCheckedAt === null)), 'alerts never checked (lost)').toEqual(sample([]))
  expect(sample(rows.filter((r) => r.leaseOwner !== null || r.leaseUntil !== null)), 'alerts still leased').toEqual(sample([]))
  expect(sample(rows.filter((r) => !r.nextCheckAt || r.nextCheckAt.getTime() < soon)), 'alerts not rescheduled 12 h on').toEqual(sample([]))
  expect(sample(rows.filter((r) => r.status !== (expected.get(r.id)!.triggers ? 'triggered' : 'active'))), 'alerts in the wrong status').toEqual(sample([]))

  const points = count(await db.select({ alertId: alertPrices.alertId }).from(alertPrices), (p) => p.alertId)
  expect(sample(rows.filter((r) => points.get(r.id) !== 1).map((r) => ({ id: r.id, points: points.get(r.id) ?? 0 }))), 'alerts not checked exactly once').toEqual(
    sample([]),
  )

  const notices = await db
    .select({ id: alertNotifications.id, alertId: alertNotifications.alertId, channel: alertNotifications.channel, status: alertNotifications.status, attempts: alertNotifications.attempts, leaseUntil: alertNotifications.leaseUntil, lastError: alertNotifications.lastError })
    .from(alertNotifications)
  const byAlert = new Map<string, NotificationChannel[]>()
  for (const n of notices) byAlert.set(n.alertId, [...(byAlert.get(n.alertId) ?? []), n.channel])
  const wrongChannels = [...expected].flatMap(([id, e]) => {
    const got = (byAlert.get(id) ?? []).sort()
    const want = e.triggers ? e.channels : []
    return got.join() === want.join() ? [] : [{ id, got, want }]
  })
  expect(sample(wrongChannels), 'alerts without exactly one notice per chosen channel').toEqual(sample([]))
  // W1: "each delivered or in the dead-letter queue". The only way into it here is the poison-notice
  // rule: every allowed attempt started and none ended, i.e. a kill landed during each of its sends.
  const { maxAttempts } = DEFAULT_RETRY_POLICY
  const diedMidSendEveryTime = (n: (typeof notices)[number]) =>
    n.status === 'dead' && n.attempts === maxAttempts && n.lastError === `gave up after ${maxAttempts} attempts without an outcome`
  expect(sample(notices.filter((n) => !(n.status === 'sent' || diedMidSendEveryTime(n)) || n.leaseUntil !== null)), 'notices neither sent nor dead-lettered').toEqual(
    sample([]),
  )
  const deadLettered = new Set(notices.filter((n) => n.status === 'dead').map((n) => `${n.alertId} ${n.channel}`))

  // Notices only: each carries its dedupe key; account mail (the sign-ups the kills caught) has none.
  const outbox = await db.select({ channel: outboxMessages.channel, to: outboxMessages.to }).from(outboxMessages).where(isNotNull(outboxMessages.dedupeKey))
  const outboxCounts = count(outbox, (m) => `${m.channel} ${m.to}`)
  const twilioCounts = count(twilio?.messages ?? [], (m) => m.to)
  const undelivered: { alertId: string; channel: string }[] = []
  const outboxRepeats: { to: string; channel: string; messages: number }[] = []
  for (const [id, e] of expected) {
    if (!e.triggers) continue
    for (const channel of e.channels) {
      if (deadLettered.has(`${id} ${channel}`)) continue
      const to = channel === 'email' ? e.email : e.phone
      if (channel === 'sms' && twilio) {
        if (!twilioCounts.get(to)) undelivered.push({ alertId: id, channel })
        continue
      }
      const messages = outboxCounts.get(`${channel} ${to}`) ?? 0
      if (messages === 0) undelivered.push({ alertId: id, channel })
      if (messages > 1) outboxRepeats.push({ to, channel, messages })
    }
  }
  expect(sample(undelivered), 'notices marked sent but never delivered').toEqual(sample([]))
  expect(sample(outboxRepeats), 'notices written to the outbox twice').toEqual(sample([]))
  const triggeredOwners = new Set([...expected.values()].filter((e) => e.triggers).flatMap((e) => [e.email, e.phone]))
  expect(sample(outbox.filter((m) => !triggeredOwners.has(m.to))), 'messages to travellers whose alert did not trigger').toEqual(sample([]))

  return {
    alerts: rows.length,
    triggered: rows.filter((r) => r.status === 'triggered').length,
    notices: notices.length,
    reclaimed: notices.filter((n) => n.attempts > 1).length,
    maxAttempts: Math.max(0, ...notices.map((n) => n.attempts)),
    interruptedSends: notices.reduce((sum, n) => sum + n.attempts - (n.status === 'sent' ? 1 : 0), 0),
    deadLettered: deadLettered.size,
    outboxMessages: outbox.length,
    twilioMessages: twilio?.messages.length ?? 0,
    duplicates: { outbox: outboxRepeats.length, twilio: [...twilioCounts.values()].reduce((sum, n) => sum + n - 1, 0) },
  }
}

/** A seeded PRNG (mulberry32): the kill schedule of a failing run can be replayed from its seed. */
export { seededRandom }
