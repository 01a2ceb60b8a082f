// The fidelity run's flexible-date and bag-inclusive alerts (issue 17, decision 055), each on its own
// span of the simulated clock after the fixed-date run (that run's alerts are parked first, so its
// figures stay what they were and each population's provider calls are its own). Same method: the
// engine runs its cycles at every hourly step; an independent copy of the simulated market, with
// the same shocks as a list, is asked directly for the ground truth at the same instants.
//
// Flexible-date alerts: every date pair of each window is asked of the truth market every hour (the
// pair's own search, as the engine's member for those dates asks it). Scored by scoreWindows
// (fidelity-score.ts: a qualifying episode is one pair at or under target for a whole sweep period
// of samples). Windows, bench-sized so a sweep ends within the span (checks every 12 h, a sweep of N
// pairs takes N checks when N <= 14):
// - 40 % one way, 3–6 departure days (3–6 pairs);
// - 35 % round trips, 3–4 departure days × 1–2 trip lengths of 2–8 nights (3–8 pairs);
// - 15 % weekends only, a 7-day window (one Friday and Saturday), 1–3 nights (4 pairs);
// - 10 % round trips, 5 departure days × 3 trip lengths (15 pairs: 2 searches a check, 8 checks).
// 20 % of the windows limit the time of day (date_window.outbound_times: morning 6–11, afternoon
// 12–17, evening 17–23 or daytime 6–20; on half the round trips the same on the return), which the
// API and CSV import take: a pair's truth is then its search with those limits.
// Windows start 21–90 days ahead on the 60 busiest routes (Zipf); alerts per window Zipf (s = 0.9),
// targets 0.78–0.98 × the window's true cheapest at the start. Shocks: on the first 40 windows'
// routes, half route-wide and half on one departure day of the window (the cheapest pair moves),
// ×0.60–0.85 for 24–150 h.
//
// Bag-inclusive alerts: searches drawn as the fixed-date run's (one way or round trip, 14–113 days
// out), 20 % for two adults; bags 1 checked (55 %), 2 checked (25 %), 1 carry-on and no checked bag
// (20 %), and a carry-on on 30 % of those with checked bags. The truth of an alert at a sample: its
// own search (carry-ons asked as the search's `bags`, × seated travellers) asked of the truth
// market, its cheapest fare, plus the checked bags at the fees that fare's booking options publish
// (its booking token: the fare's own, or a round trip's cheapest return's), for every traveller
// and direction (shared/flights/bag-fees.ts reads the lines). The simulated sellers always publish
// fees, so the bench makes four carriers' answers publish none (UNPUBLISHED_CARRIERS: in both copies
// of the market, by the booking's first flight): then there is no true price, and any notice at that
// sample would be a notice at a guessed price.
import { inArray } from 'drizzle-orm'
import { alertSearchParamsSchema, type AlertSearchParams } from '#shared/alerts/alert-search-params.ts'
import { expandWindow, pairKey, windowCost, type DateWindow } from '#shared/alerts/date-window.ts'
import { checksPerDay } from '#shared/alerts/reasonable-use.ts'
import { bagFeeTable, priceWithBags, type AlertBags } from '#shared/flights/bag-fees.ts'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import { addIsoDays, isoWeekday } from '#shared/flights/iso-days.ts'
import type { Db } from '#server/db/client.ts'
import { alertNotifications, alertPrices, alerts } from '#server/db/schema.ts'
import type { PriceShockStore } from '#server/flights/price-shocks.ts'
import type { FlightProvider, ProviderBookingResult } from '#server/flights/providers/provider.ts'
import { createSerpProvider } from '#server/flights/providers/serpapi/create-serp-provider.ts'
import { createSimulatedMarket, type SimulatedPriceShock } from '#server/flights/providers/simulator/simulated-market.ts'
import { cheapestWithin, observedItineraries } from '#server/price-checks/observed-itinerary.ts'
import { alertSearchKey, engineQuery } from '#server/alerts/search-key.ts'
import { runUntilIdle, type CountingProvider } from './engine-run.ts'
import { scoreFidelity, scoreWindows, type FidelityScore, type Notice, type ScoredAlert, type WindowAlert, type WindowNotice, type WindowScore } from './fidelity-score.ts'
import { busyRoutes, dayAfter, random, zipf } from './population.ts'
import { seedUsers } from './seed.ts'

const HOUR_MS = 3_600_000
/** 12 h checks: 12 h + at most 30 min jitter, landing on the hourly step. */
const INTERVAL_SAMPLES = 13
/**
 * Carriers whose booking answers publish no bag fees in the bench (both copies of the market): on
 * the 60 busiest routes they sell about one search in five's cheapest fare.
 */
export const UNPUBLISHED_CARRIERS: ReadonlySet<string> = new Set(['WS', 'NH', 'F9', 'OZ'])
/** Parked alerts: not due again within the run. */
const FAR_AWAY = new Date('2100-01-01T00:00:00Z')

export interface ExtraOptions {
  flexAlerts: number
  flexWindows: number
  flexHours: number
  flexShocks: number
  bagAlerts: number
  bagSearches: number
  bagHours: number
  bagShocks: number
}

export interface Shock extends SimulatedPriceShock {
  start: Date
  hours: number
}

/** What one population's span cost and took. */
export interface SpanFigures {
  alerts: number
  hours: number
  shocks: number
  /** This span's shocks, some lasting into a later span. */
  applied: Shock[]
  checks: number
  /** Engine provider calls: searches, next steps (of which fresh re-checks), booking options, fare calendars. */
  calls: { search: number; next: number; fresh: number; booking: number; calendar: number }
  truthCalls: number
  seconds: { truth: number; engine: number }
}

export interface FlexibleFigures extends SpanFigures {
  score: WindowScore
  /** The same score over the alerts whose window limits the time of day. */
  timedScore: WindowScore & { alerts: number }
  /** Alerts by the documented way their window is covered: swept (checks to cover it all) or by a fare calendar every check. */
  modes: { sweep: number; calendar: number }
  windows: number
  pairs: number
  /** Windows by pair count, and the sweep periods (checks) in the mix. */
  mix: Record<string, number>
}

export interface BagFigures extends SpanFigures {
  score: FidelityScore
  searches: number
  combos: number
  /** Alerts whose fare had no published fee at some sample / at every sample. */
  unpublishedSome: number
  unpublishedAlways: number
  /** Notices at a sample where the fee of the alert's true cheapest fare is not published (must be 0). */
  unpublishedNotices: number
  /** Notices naming a price that is the fare alone (the bags left out). */
  fareOnlyNotices: number
}

export interface ExtraContext {
  db: Db
  /** The fixed-date run's first sample; spans go on from absolute step `firstStep`. */
  start: Date
  firstStep: number
  setEngineNow: (at: Date) => void
  now: () => Date
  provider: CountingProvider
  store: PriceShockStore
  /** Every shock applied before this span (the fixed-date run's, an earlier span's): the engine's
   * market still has those that last into this span, so the truth copy applies them too, by time. */
  shocks: readonly Shock[]
  log: (line: string) => void
}

/** Whether the sellers of this carrier (its code, else its name) publish no bag fees in the bench. */
export const publishesNoFees = (carrier: string) => UNPUBLISHED_CARRIERS.has(carrier)

/** A booking answer with no baggage lines when its first flight's carrier publishes none. */
export function withoutUnpublishedFees(answer: ProviderBookingResult): ProviderBookingResult {
  const airline = answer.selectedFlights[0]?.segments[0]?.airline
  const carrier = airline?.code ?? airline?.name ?? ''
  if (!publishesNoFees(carrier)) return answer
  return {
    ...answer,
    baggagePrices: {},
    bookingOptions: answer.bookingOptions.map((o) => ({
      ...o,
      together: o.together && { ...o.together, baggage: [] },
      departing: o.departing && { ...o.departing, baggage: [] },
      returning: o.returning && { ...o.returning, baggage: [] },
    })),
  }
}

type ExtrasProvider = CountingProvider & { bookingCalls: () => number; calendarCalls: () => number }

/**
 * The engine's provider for the spans: the same counting provider, its booking answers as the
 * bench's sellers publish them; booking-options and fare-calendar calls counted too (a calendar only
 * when the bench's provider offers one: then the engine checks eligible windows by calendar).
 */
function extrasProvider(inner: CountingProvider): ExtrasProvider {
  let booking = 0
  let calendar = 0
  const priceDates = inner.priceDates?.bind(inner)
  return {
    ...inner,
    bookingOptions: async (query, token, ctx) => {
      booking++
      return withoutUnpublishedFees(await inner.bookingOptions(query, token, ctx))
    },
    ...(priceDates
      ? {
          priceDates: (request: Parameters<typeof priceDates>[0], ctx?: Parameters<typeof priceDates>[1]) => {
            calendar++
            return priceDates(request, ctx)
          },
        }
      : {}),
    bookingCalls: () => booking,
    calendarCalls: () => calendar,
  }
}

/** An independent copy of the market on its own clock, with every shock of the run, booking answers as the engine's. */
function truthCopy(shocks: readonly Shock[]): { market: FlightProvider; set: (at: Date) => void } {
  let now = new Date(0)
  const inner = createSerpProvider(
    createSimulatedMarket({
      now: () => now,
      bookingUrl: 'http://localhost:3000/api/flights/simulated-seller',
      shocks: () => shocks.filter((s) => s.start <= now && now < s.until),
    }),
  )
  const market: FlightProvider = {
    ...inner,
    search: (q, c) => inner.search(q, c),
    next: (q, t, c) => inner.next(q, t, c),
    bookingOptions: async (q, t, c) => withoutUnpublishedFees(await inner.bookingOptions(q, t, c)),
    priceInsights: (q, c) => inner.priceInsights(q, c),
  }
  return { market, set: (at) => (now = at) }
}

const channelsOf = (whatsapp: boolean) => (whatsapp ? ['email', 'whatsapp'] : ['email'])

/** Runs the engine hour by hour over a span; the notices of `ids` with their sample, and what it cost. */
async function runSpan(
  ctx: ExtraContext,
  provider: ExtrasProvider,
  span: { first: number; steps: number; shocks: readonly Shock[]; ids: readonly string[]; label: string },
) {
  const at = (s: number) => new Date(ctx.start.getTime() + (span.first + s) * HOUR_MS)
  const before = { ...provider.counts, booking: provider.bookingCalls(), calendar: provider.calendarCalls() }
  const seen = new Set<string>()
  const notices: Array<Notice & { departureDate: string | null; returnDate: string | null }> = []
  let checks = 0
  const started = performance.now()
  for (let s = 0; s < span.steps; s++) {
    ctx.setEngineNow(at(s))
    for (const shock of span.shocks.filter((x) => x.start.getTime() === at(s).getTime())) {
      await ctx.store.apply({ from: shock.from, to: shock.to, factor: shock.factor, hours: shock.hours, ...(shock.departureDate ? { departureDate: shock.departureDate } : {}) })
    }
    const run = await runUntilIdle(ctx.db, ctx.now, { provider })
    checks += run.written
    for (let i = 0; i < span.ids.length; i += 1_000) {
      const rows = await ctx.db
        .select({ id: alertNotifications.id, alertId: alertNotifications.alertId, channel: alertNotifications.channel, price: alertNotifications.price, payload: alertNotifications.payload })
        .from(alertNotifications)
        .where(inArray(alertNotifications.alertId, span.ids.slice(i, i + 1_000)))
      for (const n of rows.filter((r) => !seen.has(r.id))) {
        seen.add(n.id)
        notices.push({ alertId: n.alertId, channel: n.channel, price: n.price, step: s, departureDate: n.payload.departureDate ?? null, returnDate: n.payload.returnDate ?? null })
      }
    }
    if (s % 24 === 23) ctx.log(`  ${span.label}: simulated hour ${s + 1}/${span.steps - 1}: ${checks} checks, ${notices.length} notices`)
  }
  const seconds = (performance.now() - started) / 1000
  const records = new Map<string, Array<{ step: number; price: number }>>()
  for (let i = 0; i < span.ids.length; i += 5_000) {
    const points = await ctx.db.select({ alertId: alertPrices.alertId, price: alertPrices.price, at: alertPrices.recordedAt }).from(alertPrices).where(inArray(alertPrices.alertId, span.ids.slice(i, i + 5_000)))
    for (const p of points) records.set(p.alertId, [...(records.get(p.alertId) ?? []), { step: Math.round((p.at.getTime() - at(0).getTime()) / HOUR_MS), price: p.price }])
  }
  const calls = {
    search: provider.counts.search - before.search,
    next: provider.counts.next - before.next,
    fresh: provider.counts.fresh - before.fresh,
    booking: provider.bookingCalls() - before.booking,
    calendar: provider.calendarCalls() - before.calendar,
  }
  return { notices, records, checks, calls, seconds }
}

/** Alerts of a finished span (and the fixed-date run's) are never due again in the run. */
async function parkAll(db: Db) {
  await db.update(alerts).set({ nextCheckAt: FAR_AWAY })
}

const TIMES = ['6,11', '12,17', '17,23', '6,20'] as const

interface WindowDraw {
  params: AlertSearchParams
  window: DateWindow
  kind: string
}

/** The window mix of the header, drawn from `rand` on the busiest routes, departures from `base`. */
function drawWindow(rand: () => number, pickRoute: () => number, base: Date): WindowDraw {
  const route = busyRoutes()[pickRoute()]!
  const from = dayAfter(base, 21 + Math.floor(rand() * 70))
  const [timed, which, back] = [rand(), rand(), rand()]
  const kind = rand()
  const oneWay = kind < 0.4
  let window: DateWindow
  let label: string
  if (oneWay) {
    const days = 3 + Math.floor(rand() * 4)
    window = { depart_from: from, depart_to: addIsoDays(from, days - 1), weekends_only: false, nights: null }
    label = `one way, ${days} days`
  } else if (kind < 0.75) {
    const days = 3 + Math.floor(rand() * 2)
    const min = 2 + Math.floor(rand() * 6)
    const lengths = 1 + Math.floor(rand() * 2)
    window = { depart_from: from, depart_to: addIsoDays(from, days - 1), weekends_only: false, nights: { min, max: min + lengths - 1 } }
    label = `round trip, ${days} days × ${lengths} length${lengths === 1 ? '' : 's'}`
  } else if (kind < 0.9) {
    // A week starting on a Monday: one Friday and one Saturday.
    const monday = addIsoDays(from, (8 - isoWeekday(from)) % 7)
    window = { depart_from: monday, depart_to: addIsoDays(monday, 6), weekends_only: true, nights: { min: 1, max: 3 } }
    label = 'weekends only, one weekend'
  } else {
    const min = 3 + Math.floor(rand() * 5)
    window = { depart_from: from, depart_to: addIsoDays(from, 4), weekends_only: false, nights: { min, max: min + 2 } }
    label = 'round trip, 5 days × 3 lengths'
  }
  if (timed < 0.2) {
    const times = TIMES[Math.floor(which * TIMES.length)]!
    window = { ...window, outbound_times: times, ...(window.nights && back < 0.5 ? { return_times: times } : {}) }
    label += ', times of day'
  }
  const returnDate = window.nights ? addIsoDays(window.depart_from, window.nights.min) : undefined
  const params = alertSearchParamsSchema.parse({
    type: oneWay ? 2 : 1,
    departure_id: route.from,
    arrival_id: route.to,
    outbound_date: window.depart_from,
    ...(returnDate ? { return_date: returnDate } : {}),
  })
  return { params, window, kind: label }
}

/** One date pair's search: the alert's own search with those dates, and the window's times of day when it sets them (decision 055). */
function pairQuery(params: AlertSearchParams, window: DateWindow, pair: { departureDate: string; returnDate: string | null }): FlightQuery {
  return engineQuery({
    ...params,
    outbound_date: pair.departureDate,
    ...(pair.returnDate ? { return_date: pair.returnDate } : {}),
    ...(window.outbound_times !== undefined ? { outbound_times: window.outbound_times } : {}),
    ...(window.return_times !== undefined ? { return_times: window.return_times } : {}),
  })
}

export async function runFlexibleFidelity(ctx: ExtraContext, options: ExtraOptions): Promise<FlexibleFigures> {
  const rand = random(5_505)
  const first = ctx.firstStep
  const at = (s: number) => new Date(ctx.start.getTime() + (first + s) * HOUR_MS)
  const steps = options.flexHours + 1
  const pickRoute = zipf(60, 1, rand)
  const windows: WindowDraw[] = []
  const keys = new Set<string>()
  while (windows.length < options.flexWindows) {
    const w = drawWindow(rand, pickRoute, at(0))
    const key = `${alertSearchKey(w.params)}|${JSON.stringify(w.window)}`
    if (keys.has(key)) continue
    keys.add(key)
    windows.push(w)
  }
  const shocks: Shock[] = Array.from({ length: options.flexShocks }, () => {
    const w = windows[Math.floor(rand() * Math.min(windows.length, 40))]!
    const days = expandWindow(w.window).map((p) => p.departureDate)
    const oneDay = rand() < 0.5 ? days[Math.floor(rand() * days.length)]! : null
    const hours = 24 + Math.floor(rand() * 127)
    const start = at(1 + Math.floor(rand() * Math.max(1, options.flexHours - 24)))
    return { from: w.params.departure_id!, to: w.params.arrival_id!, factor: 0.6 + 0.25 * rand(), start, hours, until: new Date(start.getTime() + hours * HOUR_MS), departureDate: oneDay }
  })
  const truth = truthCopy([...ctx.shocks, ...shocks])

  // ---- the ground truth: every pair of every window, every hour ----
  const truthStarted = performance.now()
  const pairTruth = windows.map((w) => new Map(expandWindow(w.window).map((pair) => [pairKey(pair), { query: pairQuery(w.params, w.window, pair), prices: [] as Array<number | null> }])))
  let truthCalls = 0
  for (let s = 0; s < steps; s++) {
    truth.set(at(s))
    for (const pairs of pairTruth) {
      for (const entry of pairs.values()) {
        entry.prices.push(cheapestWithin(observedItineraries(await truth.market.search(entry.query)), undefined)?.price ?? null)
        truthCalls++
      }
    }
  }
  const truthSeconds = (performance.now() - truthStarted) / 1000
  const pairCount = pairTruth.reduce((n, p) => n + p.size, 0)
  ctx.log(`  flexible ground truth: ${windows.length} windows, ${pairCount} date pairs × ${steps} hourly samples in ${truthSeconds.toFixed(1)} s`)

  // ---- the alerts ----
  await parkAll(ctx.db)
  const users = await seedUsers(ctx.db, Math.max(1, Math.ceil(options.flexAlerts / 5)), 5_506, 'premium')
  const pickWindow = zipf(windows.length, 0.9, rand)
  const perDay = checksPerDay('12h')
  const provider = extrasProvider(ctx.provider)
  // The documented promise (date-window.ts windowCost, what the form shows): every pair priced within
  // `checksToCover` checks: the sweep's, or 1 where a fare calendar prices the window every check.
  const mode = provider.priceDates ? 'simulator' : 'serpapi'
  const drawn = Array.from({ length: options.flexAlerts }, () => {
    const i = pickWindow()
    const w = windows[i]!
    const pairs = new Map([...pairTruth[i]!.entries()].map(([key, e]) => [key, e.prices] as const))
    const atStart = Math.min(...[...pairs.values()].map((p) => p.find((x) => x !== null) ?? Infinity))
    const whatsapp = rand() < 0.5
    const target = Math.round((Number.isFinite(atStart) ? atStart : 500) * (0.78 + 0.2 * rand()))
    const cover = windowCost(w.window, mode, perDay, { today: at(0).toISOString().slice(0, 10) })
    return {
      pairs,
      timed: w.window.outbound_times !== undefined || w.window.return_times !== undefined,
      calendar: cover.mode === 'calendar',
      sweepChecks: cover.checksToCover,
      channels: channelsOf(whatsapp),
      row: {
        userId: users[Math.floor(rand() * users.length)]!.id,
        status: 'active' as const,
        alertCategory: 'premium' as const,
        name: 'Fidelity flexible alert',
        alertType: 'route' as const,
        targetPrice: target,
        currency: 'USD',
        originAirport: w.params.departure_id!,
        destinationAirport: w.params.arrival_id!,
        // A flexible alert lives until its window's last departure day.
        departureDate: w.window.depart_to,
        returnDate: w.params.type === 1 ? (w.params.return_date ?? null) : null,
        searchParameters: w.params,
        searchKey: alertSearchKey(w.params),
        dateWindow: w.window,
        notificationChannels: { email: true, whatsapp, sms: false, push: false },
        checkFrequency: '12h',
        nextCheckAt: new Date(at(0).getTime() + Math.floor(rand() * 12 * HOUR_MS)),
      },
    }
  })
  const scored: Array<WindowAlert & { timed: boolean; calendar: boolean }> = []
  for (let i = 0; i < drawn.length; i += 1_000) {
    const inserted = await ctx.db.insert(alerts).values(drawn.slice(i, i + 1_000).map((d) => d.row)).returning({ id: alerts.id })
    inserted.forEach((row, k) => {
      const d = drawn[i + k]!
      scored.push({ id: row.id, target: d.row.targetPrice, channels: d.channels, pairs: d.pairs, sweepChecks: d.sweepChecks, intervalSamples: INTERVAL_SAMPLES, timed: d.timed, calendar: d.calendar })
    })
  }

  // ---- the engine ----
  const run = await runSpan(ctx, provider, { first, steps, shocks, ids: scored.map((a) => a.id), label: 'flexible' })
  const notices: WindowNotice[] = run.notices.map((n) => ({ ...n, pair: pairKey({ departureDate: n.departureDate ?? '', returnDate: n.returnDate }) }))
  const mix: Record<string, number> = {}
  for (const w of windows) mix[w.kind] = (mix[w.kind] ?? 0) + 1
  const timed = scored.filter((a) => a.timed)
  const timedIds = new Set(timed.map((a) => a.id))
  return {
    score: scoreWindows(scored, notices, run.records),
    timedScore: { ...scoreWindows(timed, notices.filter((n) => timedIds.has(n.alertId)), run.records), alerts: timed.length },
    modes: { sweep: scored.filter((a) => !a.calendar).length, calendar: scored.filter((a) => a.calendar).length },
    alerts: scored.length,
    hours: options.flexHours,
    shocks: shocks.length,
    applied: shocks,
    windows: windows.length,
    pairs: pairCount,
    mix,
    checks: run.checks,
    calls: run.calls,
    truthCalls,
    seconds: { truth: truthSeconds, engine: run.seconds },
  }
}

/** Travellers with a seat (they take bags; lap infants don't). */
const seatedOf = (params: AlertSearchParams) => params.adults + params.children + params.infants_in_seat

/** The truth of a bag-inclusive alert's search at this instant: fare + checked bags, or null (nothing sold, or the fee unpublished). */
async function bagTruth(market: FlightProvider, query: FlightQuery, bags: AlertBags, seated: number): Promise<{ price: number | null; fare: number | null; unpublished: boolean; calls: number }> {
  let calls = 1
  const fare = cheapestWithin(observedItineraries(await market.search(query)), undefined)
  if (!fare) return { price: null, fare: null, unpublished: false, calls }
  if (bags.checked === 0) return { price: fare.price, fare: fare.price, unpublished: false, calls }
  let token = fare.booking_token ?? null
  if (!token && fare.departure_token) {
    calls++
    const returns = observedItineraries(await market.next(query, fare.departure_token))
    token = returns[0]?.booking_token ?? null
  }
  if (!token) return { price: null, fare: fare.price, unpublished: true, calls }
  calls++
  const answer = await market.bookingOptions(query, token)
  const total = priceWithBags({ price: fare.price, currency: query.currency }, bagFeeTable(answer.baggagePrices, query.type === 1 ? 'round_trip' : 'one_way'), { carry_on: 0, checked: bags.checked }, seated)
  return total.known ? { price: total.total, fare: fare.price, unpublished: false, calls } : { price: null, fare: fare.price, unpublished: true, calls }
}

export async function runBagFidelity(ctx: ExtraContext, options: ExtraOptions): Promise<BagFigures> {
  const rand = random(7_707)
  const first = ctx.firstStep
  const at = (s: number) => new Date(ctx.start.getTime() + (first + s) * HOUR_MS)
  const steps = options.bagHours + 1
  const routes = busyRoutes()
  const pickRoute = zipf(60, 1, rand)
  const searches = new Map<string, AlertSearchParams>()
  while (searches.size < options.bagSearches) {
    const route = routes[pickRoute()]!
    const offset = 14 + Math.floor(rand() * 100)
    const raw = rand() < 0.5 ? { type: 2 } : { type: 1, return_date: dayAfter(at(0), offset + 3 + Math.floor(rand() * 10)) }
    const params = alertSearchParamsSchema.parse({ ...raw, departure_id: route.from, arrival_id: route.to, outbound_date: dayAfter(at(0), offset), adults: rand() < 0.2 ? 2 : 1 })
    searches.set(alertSearchKey(params), params)
  }
  const list = [...searches.values()]
  const shocks: Shock[] = Array.from({ length: options.bagShocks }, () => {
    const params = list[Math.floor(rand() * Math.min(list.length, 40))]!
    const hours = 3 + Math.floor(rand() * 38)
    const start = at(1 + Math.floor(rand() * Math.max(1, options.bagHours - 6)))
    return { from: params.departure_id!, to: params.arrival_id!, factor: 0.6 + 0.25 * rand(), start, hours, until: new Date(start.getTime() + hours * HOUR_MS), departureDate: null }
  })
  const truth = truthCopy([...ctx.shocks, ...shocks])

  // ---- the alerts' searches: a search of the list with the alert's bags ----
  const pickSearch = zipf(list.length, 0.9, rand)
  const drawn = Array.from({ length: options.bagAlerts }, () => {
    const base = list[pickSearch()]!
    const r = rand()
    const checked = r < 0.55 ? 1 : r < 0.8 ? 2 : 0
    const carryOn = checked === 0 || rand() < 0.3 ? 1 : 0
    const bags: AlertBags = { carry_on: carryOn, checked }
    // Carry-ons are asked of the search itself (create-alert.ts withCarryOns).
    const params = alertSearchParamsSchema.parse({ ...base, bags: carryOn * seatedOf(base) })
    const query = engineQuery(params)
    return { params, bags, query, combo: `${alertSearchKey(params)}|checked:${checked}` }
  })
  const combos = new Map(drawn.map((d) => [d.combo, d] as const))

  const truthStarted = performance.now()
  const truthOf = new Map([...combos.keys()].map((k) => [k, { prices: [] as Array<number | null>, fares: [] as Array<number | null>, unpublished: [] as boolean[] }]))
  let truthCalls = 0
  for (let s = 0; s < steps; s++) {
    truth.set(at(s))
    for (const [key, d] of combos) {
      const t = await bagTruth(truth.market, d.query, d.bags, seatedOf(d.params))
      const entry = truthOf.get(key)!
      entry.prices.push(t.price)
      entry.fares.push(t.fare)
      entry.unpublished.push(t.unpublished)
      truthCalls += t.calls
    }
  }
  const truthSeconds = (performance.now() - truthStarted) / 1000
  ctx.log(`  bag-inclusive ground truth: ${combos.size} alert searches with bags (${list.length} searches) × ${steps} hourly samples in ${truthSeconds.toFixed(1)} s`)

  await parkAll(ctx.db)
  const users = await seedUsers(ctx.db, Math.max(1, Math.ceil(options.bagAlerts / 5)), 7_708, 'premium')
  const rows = drawn.map((d) => {
    const t = truthOf.get(d.combo)!
    const startPrice = t.prices.find((p) => p !== null) ?? t.fares.find((p) => p !== null) ?? 500
    const whatsapp = rand() < 0.5
    return {
      truth: t,
      channels: channelsOf(whatsapp),
      row: {
        userId: users[Math.floor(rand() * users.length)]!.id,
        status: 'active' as const,
        alertCategory: 'premium' as const,
        name: 'Fidelity bag-inclusive alert',
        alertType: 'route' as const,
        targetPrice: Math.round(startPrice * (0.78 + 0.2 * rand())),
        currency: 'USD',
        originAirport: d.params.departure_id!,
        destinationAirport: d.params.arrival_id!,
        departureDate: d.params.outbound_date ?? null,
        returnDate: d.params.type === 1 ? (d.params.return_date ?? null) : null,
        searchParameters: d.params,
        searchKey: alertSearchKey(d.params),
        bags: d.bags,
        notificationChannels: { email: true, whatsapp, sms: false, push: false },
        checkFrequency: '12h',
        nextCheckAt: new Date(at(0).getTime() + Math.floor(rand() * 12 * HOUR_MS)),
      },
    }
  })
  const scored: Array<ScoredAlert & { unpublished: boolean[]; fares: Array<number | null> }> = []
  for (let i = 0; i < rows.length; i += 1_000) {
    const inserted = await ctx.db.insert(alerts).values(rows.slice(i, i + 1_000).map((r) => r.row)).returning({ id: alerts.id, target: alerts.targetPrice })
    inserted.forEach((row, k) => {
      const r = rows[i + k]!
      scored.push({ id: row.id, target: row.target, channels: r.channels, truth: r.truth.prices, unpublished: r.truth.unpublished, fares: r.truth.fares })
    })
  }

  const provider = extrasProvider(ctx.provider)
  const run = await runSpan(ctx, provider, { first, steps, shocks, ids: scored.map((a) => a.id), label: 'bag-inclusive' })
  const byId = new Map(scored.map((a) => [a.id, a]))
  let unpublishedNotices = 0
  let fareOnlyNotices = 0
  for (const n of run.notices) {
    const alert = byId.get(n.alertId)!
    if (alert.unpublished[n.step]) unpublishedNotices++
    const fare = alert.fares[n.step]
    if (fare !== null && fare !== undefined && alert.truth[n.step] !== fare && Math.abs(fare - n.price) <= 0.005) fareOnlyNotices++
  }
  return {
    score: scoreFidelity(scored, run.notices, run.records),
    alerts: scored.length,
    hours: options.bagHours,
    shocks: shocks.length,
    applied: shocks,
    searches: list.length,
    combos: combos.size,
    unpublishedSome: scored.filter((a) => a.unpublished.some(Boolean)).length,
    unpublishedAlways: scored.filter((a) => a.unpublished.length > 0 && a.unpublished.every(Boolean)).length,
    unpublishedNotices,
    fareOnlyNotices,
    checks: run.checks,
    calls: run.calls,
    truthCalls,
    seconds: { truth: truthSeconds, engine: run.seconds },
  }
}
