// The population of scripts/bench-cost.ts: per tier, how many alerts a user keeps and how often
// each is checked, and the alerts themselves, drawn like bench:engine's (the same busy routes with
// a Zipf skew, the same popular dates, trip types and party sizes: scripts/bench-engine/population.ts).
import type { AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import { checksPerDay, REASONABLE_USE_CHECKS_PER_DAY } from '#shared/alerts/reasonable-use.ts'
import type { PlanId } from '#shared/plans.ts'
import type { alerts } from '#server/db/schema.ts'
import type { FlightProvider } from '#server/flights/providers/provider.ts'
import { alertSearchKey } from '#server/alerts/search-key.ts'
import { busyRoutes, dayAfter, popularDayOffsets, typicalFare, zipf} from '../bench-engine/population.ts'
import { tripDrawer } from '../bench-engine/trip-draw.ts'
import { ceilingOf, filterDrawer } from '../bench-engine/filter-draw.ts'

export type AlertInsert = typeof alerts.$inferInsert

/** Alerts per user and their frequency on the three fixed plans: every user at the plan's cap (issue 17). */
export const FIXED_TIERS: Record<Exclude<PlanId, 'unlimited'>, { alertsPerUser: number; frequency: string }> = {
  free: { alertsPerUser: 3, frequency: '15d' },
  premium: { alertsPerUser: 15, frequency: '12h' },
  elite: { alertsPerUser: 30, frequency: '12h' },
}

/**
 * An Unlimited advisor's book: the frequency an alert gets, by share of alerts. A few trips watched
 * closely (15 or 30 minutes: a client about to book), most hourly to a few times a day, some
 * daily. Mean: 14.9 checks a day per alert.
 */
export const ADVISOR_FREQUENCY_MIX: ReadonlyArray<{ frequency: string; share: number }> = [
  { frequency: '15m', share: 0.04 },
  { frequency: '30m', share: 0.06 },
  { frequency: '1h', share: 0.2 },
  { frequency: '3h', share: 0.25 },
  { frequency: '6h', share: 0.25 },
  { frequency: '12h', share: 0.15 },
  { frequency: '1d', share: 0.05 },
]
/** An advisor tracks 40 to 150 trips at once. */
export const ADVISOR_ALERTS = { min: 40, max: 150 } as const

/**
 * One advisor's alert frequencies: a book size, then each alert's frequency from the mix; an alert
 * that would take the account past reasonable use (2,400 checks a day, decision 040) is refused, as
 * the server refuses it, and the advisor's book stops there.
 */
export function advisorFrequencies(rand: () => number): string[] {
  const size = ADVISOR_ALERTS.min + Math.floor(rand() * (ADVISOR_ALERTS.max - ADVISOR_ALERTS.min + 1))
  const out: string[] = []
  let perDay = 0
  for (let i = 0; i < size; i++) {
    let x = rand()
    const pick = ADVISOR_FREQUENCY_MIX.find((f) => (x -= f.share) < 0) ?? ADVISOR_FREQUENCY_MIX.at(-1)!
    const more = checksPerDay(pick.frequency)
    if (perDay + more > REASONABLE_USE_CHECKS_PER_DAY) break
    perDay += more
    out.push(pick.frequency)
  }
  return out
}

/** The frequencies of one user's alerts on `plan` (Unlimited: an advisor's book). */
export function userFrequencies(plan: PlanId, rand: () => number): string[] {
  if (plan === 'unlimited') return advisorFrequencies(rand)
  const tier = FIXED_TIERS[plan]
  return Array.from({ length: tier.alertsPerUser }, () => tier.frequency)
}

/**
 * Makes alerts the way bench:engine's seed does (scripts/bench-engine/seed.ts), dated from `now`:
 * routes Zipf s = 1.2 over the 332 busy directed routes, departure 1–180 days ahead Zipf s = 1.5
 * over the days ranked by popularity, 53 % round trips (7/3/4/10/14/5/21 nights), 40 % one-way,
 * 3 % multi-city, 4 % flight alerts on a real flight of a top-10 route; 10 % two adults (+ a child
 * for 2 %), 7 % business; targets 0.45–0.93 × a typical fare; the search filters of
 * bench-engine/filter-draw.ts, drawn from `filterRand`. `provider` finds the tracked flights
 * (not counted: it is the user picking a flight on the search page).
 */
export function alertFactory(rand: () => number, provider: FlightProvider, filterRand: () => number) {
  const routes = busyRoutes()
  const pickRoute = zipf(routes.length, 1.2, rand)
  const offsetsByDay = new Map<string, { offsets: number[]; pick: () => number }>()

  const dayOffsets = (now: Date) => {
    const day = now.toISOString().slice(0, 10)
    let entry = offsetsByDay.get(day)
    if (!entry) {
      const offsets = popularDayOffsets(now)
      offsetsByDay.set(day, (entry = { offsets, pick: zipf(offsets.length, 1.5, rand) }))
    }
    return entry
  }

  const drawTrip = tripDrawer(rand, provider, filterDrawer(filterRand))

  /** One alert of `userId` checked at `frequency`, first due at `dueAt`; `kind` names its trip type. */
  return async function newAlert(input: { userId: string; plan: PlanId; frequency: string; now: Date; dueAt: Date }): Promise<{ row: AlertInsert; kind: string }> {
    const { now } = input
    const { offsets, pick } = dayOffsets(now)
    const route = routes[pickRoute()]!
    const out = dayAfter(now, offsets[pick()]!)
    const { kind, raw, flights, inbound, maxPriceShare } = await drawTrip(route, out, { base: now, offsets: offsets })
    const drawn: AlertSearchParams = alertSearchParamsSchema.parse(raw)
    const people = (drawn.adults ?? 1) + 0.75 * (drawn.children ?? 0)
    const departure = drawn.outbound_date ?? out
    const fare = typicalFare(route, now, departure, inbound) * people * (drawn.travel_class === 3 ? 3.5 : 1) * (kind === 'multi-city' ? 2 : 1)
    const p: AlertSearchParams = maxPriceShare === null ? drawn : { ...drawn, max_price: ceilingOf(fare, maxPriceShare) }
    const paying = input.plan !== 'free'
    return {
      kind,
      row: {
        userId: input.userId,
        status: 'active',
        alertCategory: paying ? 'premium' : 'other',
        name: `Cost ${kind}`,
        alertType: flights ? 'flight' : 'route',
        targetPrice: Math.round(fare * (0.45 + 0.48 * rand())),
        currency: 'USD',
        originAirport: p.departure_id ?? route.from,
        destinationAirport: p.arrival_id ?? route.to,
        departureDate: departure,
        returnDate: inbound,
        searchParameters: p,
        searchKey: alertSearchKey(p),
        trackedFlights: flights ?? [],
        notificationChannels: { email: true, whatsapp: false, push: false, sms: false },
        checkFrequency: input.frequency,
        nextCheckAt: input.dueAt,
      },
    }
  }
}
