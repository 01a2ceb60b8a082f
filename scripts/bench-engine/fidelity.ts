// The fidelity run of scripts/bench-engine.ts: a smaller population of premium alerts (12 h checks)
// on a simulated clock moved hour by hour across a few days, with price shocks that push some routes
// under their targets for hours or days. The engine runs its cycles at every step; a second,
// independent copy of the market samples the ground truth at the same instants. Scored by fidelity-score.ts.
// Alerts carry the population's search filters (filter-draw.ts); the truth of each alert is its own
// search (filters and ceiling included) asked directly, so the notices of alerts the engine answers
// through a broader search (subsumption, decision 053) are scored against their own search's price.
// Then flexible-date and bag-inclusive alerts, each on its own span of the clock after this one
// (fidelity-extras.ts; FIDELITY_FLEX_ALERTS=0 / FIDELITY_BAG_ALERTS=0 leave them out).
import { inArray } from 'drizzle-orm'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { Database } from '#server/db/client.ts'
import { alertNotifications, alertPrices, alerts } from '#server/db/schema.ts'
import { createPriceShockStore } from '#server/flights/price-shocks.ts'
import { createSerpProvider } from '#server/flights/providers/serpapi/create-serp-provider.ts'
import { createSimulatedMarket } from '#server/flights/providers/simulator/simulated-market.ts'
import { cheapestWithin, observedItineraries } from '#server/price-checks/observed-itinerary.ts'
import { alertSearchKey, engineQuery, searchKey, splitQuery } from '#server/alerts/search-key.ts'
import { subsumptionPolicy } from '#server/price-checks/subsumption-policy.ts'
import { ceilingOf, filterDrawer } from './filter-draw.ts'
import { readExtraOptions } from './report.ts'
import { benchProvider, runUntilIdle } from './engine-run.ts'
import { runBagFidelity, runFlexibleFidelity, type BagFigures, type ExtraContext, type ExtraOptions, type FlexibleFigures, type Shock } from './fidelity-extras.ts'
import { scoreFidelity, type FidelityScore, type Notice, type ScoredAlert } from './fidelity-score.ts'
import { busyRoutes, dayAfter, random, zipf } from './population.ts'
import { seedUsers } from './seed.ts'

const HOUR_MS = 3_600_000

export interface FidelityOptions {
  alerts: number
  searches: number
  hours: number
  shocks: number
}

export interface FidelityResult extends FidelityScore {
  options: FidelityOptions
  truthCalls: number
  engineCalls: number
  checks: number
  /** Distinct (search + filters) combinations of the alerts: the truth asks each every hour. */
  combos: number
  /** The same score over the alerts whose search is narrower than the question the engine asks. */
  subsumedScore: FidelityScore & { alerts: number }
  /** Checks of narrower alerts answered from a broader answer / by their own search. */
  engineSubsumed: number
  engineOwnSearches: number
  seconds: { truth: number; engine: number }
  /** Flexible-date and bag-inclusive alerts, each on its own span after this run (null: left out). */
  flexible: FlexibleFigures | null
  bags: BagFigures | null
}

export async function runFidelity(database: Database, options: FidelityOptions, log: (line: string) => void, extra?: ExtraOptions): Promise<FidelityResult> {
  const { db } = database
  const rand = random(42)
  // Samples at 50 minutes past each hour: the market's prices move on the hour (UTC), and local
  // dates at half-hour time zones too.
  const start = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 50 * 60_000)
  const at = (step: number) => new Date(start.getTime() + step * HOUR_MS)
  const steps = options.hours + 1

  // ---- the searches, the shocks and the ground truth ----
  const routes = busyRoutes()
  const pickRoute = zipf(60, 1, rand)
  const searches = new Map<string, { query: FlightQuery; params: ReturnType<typeof alertSearchParamsSchema.parse> }>()
  while (searches.size < options.searches) {
    const route = routes[pickRoute()]!
    const offset = 14 + Math.floor(rand() * 100)
    const raw = rand() < 0.5 ? { type: 2 } : { type: 1, return_date: dayAfter(start, offset + 3 + Math.floor(rand() * 10)) }
    const params = alertSearchParamsSchema.parse({ ...raw, departure_id: route.from, arrival_id: route.to, outbound_date: dayAfter(start, offset) })
    const query = engineQuery(params)
    searches.set(searchKey(query), { query, params })
  }
  const list = [...searches.values()]
  const shocks: Shock[] = Array.from({ length: options.shocks }, () => {
    const { params } = list[Math.floor(rand() * Math.min(list.length, 40))]!
    const hours = 3 + Math.floor(rand() * 38)
    const from = at(1 + Math.floor(rand() * Math.max(1, options.hours - 6)))
    return { from: params.departure_id!, to: params.arrival_id!, factor: 0.6 + 0.25 * rand(), start: from, hours, until: new Date(from.getTime() + hours * HOUR_MS), departureDate: null }
  })
  let truthNow = start
  const truthMarket = createSerpProvider(
    createSimulatedMarket({
      now: () => truthNow,
      bookingUrl: 'http://localhost:3000/api/flights/simulated-seller',
      shocks: () => shocks.filter((s) => s.start <= truthNow && truthNow < s.until),
    }),
  )
  const cheapest = async (query: FlightQuery, maxPrice: number | undefined) => cheapestWithin(observedItineraries(await truthMarket.search(query)), maxPrice)?.price ?? null

  // ---- the alerts' own searches: a search of the list plus the population's filters ----
  // A ceiling is a share of the search's cheapest price at the start, as a traveller sets it from what they see.
  const startPrices: Array<number | null> = []
  for (const { query } of list) startPrices.push(await cheapest(query, undefined))
  const pickSearch = zipf(list.length, 0.9, rand)
  const drawFilters = filterDrawer(random(4_242))
  const policy = subsumptionPolicy('simulated')
  const drawn = Array.from({ length: options.alerts }, () => {
    const i = pickSearch()
    const { params } = list[i]!
    const filters = drawFilters(params.type === 1)
    const parsed = alertSearchParamsSchema.parse({ ...params, ...filters.params })
    const own = filters.maxPriceShare === null ? parsed : { ...parsed, max_price: ceilingOf(startPrices[i] ?? 500, filters.maxPriceShare) }
    const query = engineQuery(own)
    const combo = searchKey({ ...query, ...(own.max_price !== undefined ? { max_price: own.max_price } : {}) })
    return { own, query, combo, subsumed: splitQuery(query, policy.filters).filter !== null }
  })
  const combos = new Map(drawn.map((d) => [d.combo, { query: d.query, maxPrice: d.own.max_price }] as const))
  const comboList = [...combos.entries()]

  // ---- the ground truth: each alert's own search, every hour ----
  const truthStarted = performance.now()
  const truthOf = new Map(comboList.map(([key]) => [key, [] as Array<number | null>]))
  for (let s = 0; s < steps; s++) {
    truthNow = at(s)
    for (const [key, { query, maxPrice }] of comboList) truthOf.get(key)!.push(await cheapest(query, maxPrice))
  }
  const truthSeconds = (performance.now() - truthStarted) / 1000
  log(`  ground truth: ${comboList.length} alert searches (${list.length} without filters) × ${steps} hourly samples in ${truthSeconds.toFixed(1)} s`)

  // ---- the alerts: premium users, 12 h checks, due at random moments of the first 12 h ----
  const users = await seedUsers(db, Math.max(1, Math.ceil(options.alerts / 5)), 99, 'premium')
  const scored: ScoredAlert[] = []
  const subsumedIds = new Set<string>()
  const rows = drawn.map((d) => {
    const params = d.own
    const truth = truthOf.get(d.combo)!
    const first = truth.find((p) => p !== null) ?? 500
    const whatsapp = rand() < 0.5
    return {
      truth,
      subsumed: d.subsumed,
      channels: whatsapp ? ['email', 'whatsapp'] : ['email'],
      row: {
        userId: users[Math.floor(rand() * users.length)]!.id,
        status: 'active' as const,
        alertCategory: 'premium' as const,
        name: 'Fidelity alert',
        alertType: 'route' as const,
        targetPrice: Math.round(first * (0.78 + 0.2 * rand())),
        currency: 'USD',
        originAirport: params.departure_id!,
        destinationAirport: params.arrival_id!,
        departureDate: params.outbound_date ?? null,
        returnDate: params.type === 1 ? (params.return_date ?? null) : null,
        searchParameters: params,
        searchKey: alertSearchKey(params),
        notificationChannels: { email: true, whatsapp, sms: false, push: false },
        checkFrequency: '12h',
        nextCheckAt: new Date(start.getTime() + Math.floor(rand() * 12 * HOUR_MS)),
      },
    }
  })
  for (let i = 0; i < rows.length; i += 1_000) {
    const inserted = await db.insert(alerts).values(rows.slice(i, i + 1_000).map((r) => r.row)).returning({ id: alerts.id, target: alerts.targetPrice })
    inserted.forEach((row, k) => {
      const r = rows[i + k]!
      scored.push({ id: row.id, target: row.target, channels: r.channels, truth: r.truth })
      if (r.subsumed) subsumedIds.add(row.id)
    })
  }

  // ---- the engine, step by step ----
  let engineNow = start
  const now = () => engineNow
  const store = createPriceShockStore({ db, now })
  const provider = benchProvider(db, now, store)
  const notices: Notice[] = []
  const seen = new Set<string>()
  let checks = 0
  let engineSubsumed = 0
  let engineOwnSearches = 0
  const engineStarted = performance.now()
  for (let s = 0; s < steps; s++) {
    engineNow = at(s)
    for (const shock of shocks.filter((x) => x.start.getTime() === engineNow.getTime())) {
      await store.apply({ from: shock.from, to: shock.to, factor: shock.factor, hours: shock.hours })
    }
    const run = await runUntilIdle(db, now, { provider })
    checks += run.written
    engineSubsumed += run.subsumed
    engineOwnSearches += run.ownSearches
    const rowsNow = await db.select({ id: alertNotifications.id, alertId: alertNotifications.alertId, channel: alertNotifications.channel, price: alertNotifications.price }).from(alertNotifications)
    for (const n of rowsNow.filter((r) => !seen.has(r.id))) {
      seen.add(n.id)
      notices.push({ alertId: n.alertId, channel: n.channel, price: n.price, step: s })
    }
    if (s % 24 === 23) log(`  simulated hour ${s + 1}/${options.hours}: ${checks} checks, ${notices.length} notices`)
  }
  const engineSeconds = (performance.now() - engineStarted) / 1000

  const records = new Map<string, Array<{ step: number; price: number }>>()
  const ids = scored.map((a) => a.id)
  for (let i = 0; i < ids.length; i += 5_000) {
    const points = await db.select({ alertId: alertPrices.alertId, price: alertPrices.price, at: alertPrices.recordedAt }).from(alertPrices).where(inArray(alertPrices.alertId, ids.slice(i, i + 5_000)))
    for (const p of points) records.set(p.alertId, [...(records.get(p.alertId) ?? []), { step: Math.round((p.at.getTime() - start.getTime()) / HOUR_MS), price: p.price }])
  }
  const score = scoreFidelity(scored, notices, records)
  const narrower = scored.filter((a) => subsumedIds.has(a.id))
  const subsumedScore = { ...scoreFidelity(narrower, notices.filter((n) => subsumedIds.has(n.alertId)), records), alerts: narrower.length }
  const engineCalls = provider.counts.search + provider.counts.next

  // ---- flexible-date and bag-inclusive alerts: their own spans, after this run's (its alerts parked) ----
  const extras = extra ?? readExtraOptions(process.argv.slice(2), process.env)
  const context: ExtraContext = { db, start, firstStep: steps, setEngineNow: (d) => (engineNow = d), now, provider, store, shocks, log }
  const flexible = extras.flexAlerts > 0 ? await runFlexibleFidelity(context, extras) : null
  const bagStep = steps + (flexible ? extras.flexHours + 1 : 0)
  const bags = extras.bagAlerts > 0 ? await runBagFidelity({ ...context, firstStep: bagStep, shocks: [...shocks, ...(flexible?.applied ?? [])] }, extras) : null
  return {
    ...score,
    options,
    truthCalls: comboList.length * steps,
    engineCalls,
    checks,
    combos: comboList.length,
    subsumedScore,
    engineSubsumed,
    engineOwnSearches,
    seconds: { truth: truthSeconds, engine: engineSeconds },
    flexible,
    bags,
  }
}
