// Seeding for scripts/bench-engine.ts: users with a plan mix, the skewed due population (multi-row
// inserts of 2,000) and optional idle (not yet due) alerts with one generate_series statement per 100,000.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { alertSearchParamsSchema, type AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import type { PlanId } from '#shared/plans.ts'
import type { Db } from '#server/db/client.ts'
import { alerts, profiles, users } from '#server/db/schema.ts'
import type { FlightProvider } from '#server/flights/providers/provider.ts'
import { alertSearchKey } from '#server/alerts/search-key.ts'
import { populationCounter, type PopulationCounts } from './population-counts.ts'
import { ceilingOf, filterDrawer } from './filter-draw.ts'
import { busyRoutes, dayAfter, popularDayOffsets, random, typicalFare, zipf} from './population.ts'
import { planProfile } from '#tests/support/plan-profile.ts'
import { tripDrawer } from './trip-draw.ts'

type AlertInsert = typeof alerts.$inferInsert
const FREQUENCY: Record<PlanId, string> = { free: '15d', premium: '12h', elite: '6h', unlimited: '1h' }

export interface SeedUser {
  id: string
  plan: PlanId
}

/** `count` users: 60 % free, 30 % premium, 10 % elite (or all on `plan`). */
export async function seedUsers(db: Db, count: number, seed = 1, plan?: PlanId): Promise<SeedUser[]> {
  const rand = random(seed)
  const out: SeedUser[] = Array.from({ length: count }, () => {
    const r = rand()
    return { id: randomUUID(), plan: plan ?? (r < 0.6 ? 'free' : r < 0.9 ? 'premium' : 'elite') }
  })
  for (let i = 0; i < out.length; i += 2_000) {
    const chunk = out.slice(i, i + 2_000)
    await db.insert(users).values(chunk.map((u) => ({ id: u.id, name: 'Bench', email: `bench-${u.id}@example.com`, emailVerified: true })))
    await db.insert(profiles).values(chunk.map((u) => ({ id: u.id, ...planProfile(u.plan) })))
  }
  return out
}

export interface PopulationStats extends PopulationCounts {
  alerts: number
  kinds: Record<string, number>
}

/**
 * `count` due alerts over the busy routes. Due times spread over the 5 seconds after `dueFrom`.
 * Flight alerts track a real flight of one of 50 popular one-way searches (one provider call each).
 */
export async function seedDueAlerts(
  db: Db,
  input: { count: number; users: readonly SeedUser[]; base: Date; dueFrom: Date; provider: FlightProvider; seed?: number },
): Promise<PopulationStats> {
  const rand = random(input.seed ?? 7)
  const routes = busyRoutes()
  const pickRoute = zipf(routes.length, 1.2, rand)
  const offsets = popularDayOffsets(input.base)
  const pickDay = zipf(offsets.length, 1.5, rand)
  const parsed = new Map<string, AlertSearchParams>()
  const params = (raw: Record<string, unknown>) => {
    const key = JSON.stringify(raw)
    let p = parsed.get(key)
    if (!p) parsed.set(key, (p = alertSearchParamsSchema.parse(raw)))
    return p
  }
  const kinds: Record<string, number> = {}
  const counter = populationCounter()

  // The filters come from their own stream (filter-draw.ts): the trips are those drawn before filters existed.
  const drawTrip = tripDrawer(rand, input.provider, filterDrawer(random((input.seed ?? 7) + 7_919)))

  async function one(): Promise<AlertInsert> {
    const user = input.users[Math.floor(rand() * input.users.length)]!
    const route = routes[pickRoute()]!
    const out = dayAfter(input.base, offsets[pickDay()]!)
    const { kind, raw, flights, inbound, maxPriceShare } = await drawTrip(route, out, { base: input.base, offsets })
    const drawn = params(raw)
    const people = (drawn.adults ?? 1) + 0.75 * (drawn.children ?? 0)
    const fare = typicalFare(route, input.base, out, inbound) * people * (drawn.travel_class === 3 ? 3.5 : 1) * (kind === 'multi-city' ? 2 : 1)
    const p = maxPriceShare === null ? drawn : { ...drawn, max_price: ceilingOf(fare, maxPriceShare) }
    kinds[kind] = (kinds[kind] ?? 0) + 1
    const key = alertSearchKey(p)
    counter.add(p)
    const premium = user.plan !== 'free'
    return {
      userId: user.id,
      status: 'active',
      alertCategory: premium ? 'premium' : 'other',
      name: `Bench ${kind}`,
      alertType: flights ? 'flight' : 'route',
      targetPrice: Math.round(fare * (0.45 + 0.48 * rand())),
      currency: 'USD',
      originAirport: p.departure_id ?? route.from,
      destinationAirport: p.arrival_id ?? route.to,
      departureDate: out,
      returnDate: inbound,
      searchParameters: p,
      // As create-alert.ts stores it: claims group a search's due alerts by it.
      searchKey: key,
      trackedFlights: flights ?? [],
      notificationChannels: { email: true, whatsapp: premium && rand() < 0.3, push: user.plan === 'elite' && rand() < 0.4, sms: false },
      checkFrequency: FREQUENCY[user.plan],
      nextCheckAt: new Date(input.dueFrom.getTime() + Math.floor(rand() * 5_000)),
    }
  }

  for (let done = 0; done < input.count; ) {
    const rows: AlertInsert[] = []
    for (let i = 0; i < 2_000 && done < input.count; i++, done++) rows.push(await one())
    await db.insert(alerts).values(rows)
  }
  return { alerts: input.count, kinds, ...counter.counts() }
}

/** `count` active alerts not due for 1 hour to 15 days after `from` (users round-robin), by SQL. */
export async function seedIdleAlerts(db: Db, count: number, from: Date): Promise<void> {
  const template = alertSearchParamsSchema.parse({ type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: dayAfter(from, 30) })
  const day0 = from.toISOString().slice(0, 10)
  // Each idle alert's search key, as the app stores it: the template on day0 + 10 + (i % 170).
  const keys = Array.from({ length: 170 }, (_, k) => alertSearchKey({ ...template, outbound_date: dayAfter(new Date(`${day0}T00:00:00Z`), 10 + k) }))
  for (let start = 0; start < count; start += 100_000) {
    const n = Math.min(100_000, count - start)
    await db.execute(sql`
      insert into alerts (user_id, status, alert_category, name, alert_type, target_price, currency, origin_airport, destination_airport,
        departure_date, search_parameters, search_key, notification_channels, check_frequency, next_check_at)
      select u.ids[1 + (i % u.n)], 'active', 'other', 'Idle alert', 'route', 150 + (i % 400), 'USD', 'JFK', 'LAX',
        (${day0}::date + 10 + (i % 170)),
        ${JSON.stringify(template)}::jsonb || jsonb_build_object('outbound_date', to_char(${day0}::date + 10 + (i % 170), 'YYYY-MM-DD')),
        (${JSON.stringify(keys)}::jsonb ->> (i % 170)),
        '{"email":true,"sms":false,"whatsapp":false,"push":false}'::jsonb, '15d',
        ${from.toISOString()}::timestamptz + interval '1 hour' + (i % 1292400) * interval '1 second'
      from generate_series(${start + 1}::int, ${start + n}::int) as i,
        (select array_agg(id) as ids, count(*)::int as n from users) as u`)
  }
}
