import { queryLegs, type FlightQuery } from '#shared/flights/flight-query.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import type { ObservedItinerary } from '../db/schema.ts'
import { ProviderError, type FlightProvider } from '../flights/providers/provider.ts'
import type { CheckOutcome } from './evaluate-alert.ts'
import type { Observation } from './load-cached-observations.ts'
import { cheapestWithin, matchTrackedStep, trackedFlightText } from './observed-itinerary.ts'
import { searchKey } from '../alerts/search-key.ts'
import { priceWithBags } from '#shared/flights/bag-fees.ts'
import { formatPrice } from '#shared/format.ts'
import type { BagFeeLookup } from './bag-fee-lookup.ts'
import { CheckDeferred, type DeferReason, type SearchObserver } from './search-observer.ts'

/** Deferred is not an outcome of the alert: it goes back in the queue untouched. `reason` says which limit held it. */
export type PricedOutcome = CheckOutcome | { kind: 'deferred'; until: Date | null; reason: DeferReason }

export interface PricingContext {
  observer: SearchObserver
  provider: FlightProvider
  query: FlightQuery
  /** Every call bypasses the caches (re-check before a notice, admin check). */
  fresh: boolean
  /** With `fresh`: a no-cache answer this recent will do (re-checks; never for an admin's check). */
  freshWithinMs?: number
  /** Checked-bag fees for bag-inclusive alerts (decision 055). */
  bagFees?: BagFeeLookup
}

const PROVIDER_REASON: Record<ProviderError['code'], string> = {
  rate_limited: 'the flight data provider is busy',
  quota_exhausted: "the flight data provider's quota is used up",
  auth: 'the flight data provider refused our credentials',
  bad_request: 'the flight data provider refused this search',
  token_expired: 'the search expired at the flight data provider',
  upstream: 'the flight data provider failed',
  timeout: 'the flight data provider did not answer in time',
}

/** What a failed step means for the alerts that needed it. */
export function failureOutcome(error: unknown): PricedOutcome {
  if (error instanceof CheckDeferred) return { kind: 'deferred', until: error.until, reason: error.reason }
  if (error instanceof ProviderError) {
    return { kind: 'failed', reason: PROVIDER_REASON[error.code], retryable: error.retryable, ...(error.options.retryAfterMs ? { retryAfterMs: error.options.retryAfterMs } : {}) }
  }
  return { kind: 'failed', reason: 'an unexpected error', retryable: true }
}

const priced = (observation: Observation, itinerary: ObservedItinerary, price = itinerary.price): PricedOutcome => ({
  kind: 'price',
  price,
  itinerary,
  observationId: observation.id,
  fresh: observation.fresh,
})

/** Route alert: the cheapest itinerary under its own price ceiling. */
function routeOutcome(observation: Observation, alert: AlertRow): PricedOutcome {
  const cheapest = cheapestWithin(observation.itineraries, alert.searchParameters.max_price)
  return cheapest ? priced(observation, cheapest) : { kind: 'missing', note: 'no flights matched this search in the latest check' }
}

/** Travellers with a seat: each takes the bags (lap infants take none). */
const seated = (alert: AlertRow) => alert.searchParameters.adults + alert.searchParameters.children + alert.searchParameters.infants_in_seat

/**
 * A bag-inclusive alert's price (decision 055): the fare (carry-ons already priced in by the
 * search's `bags`) plus its checked bags at the fees of the fare's booking options, for every
 * traveller and direction. An unpublished fee never becomes a guessed total: no price this check.
 */
async function withCheckedBags(ctx: PricingContext, alert: AlertRow, outcome: PricedOutcome): Promise<PricedOutcome> {
  const checked = alert.bags?.checked ?? 0
  if (checked === 0 || outcome.kind !== 'price' || !ctx.bagFees) return outcome
  let answer: Awaited<ReturnType<BagFeeLookup['feesFor']>>
  try {
    answer = await ctx.bagFees.feesFor(ctx.query, outcome.itinerary)
  } catch (error) {
    // The booking-options call failed: this alert's check fails, not its search's other alerts'.
    return failureOutcome(error)
  }
  if ('deferred' in answer) return { kind: 'deferred', until: answer.deferred, reason: answer.reason }
  const total = priceWithBags({ price: outcome.price, currency: ctx.query.currency }, answer.table, { carry_on: 0, checked }, seated(alert))
  if (!total.known || total.total === null) {
    return { kind: 'missing', note: `the checked-bag fee for this fare isn't published (the fare alone is ${formatPrice(outcome.price, ctx.query.currency)})` }
  }
  const carryOn = alert.bags?.carry_on ?? 0
  return {
    ...outcome,
    price: total.total,
    bags: {
      fare: outcome.price,
      bags: [
        ...(carryOn > 0 ? [{ kind: 'carry_on' as const, count: carryOn, price: null }] : []),
        ...total.bags.map((bag) => ({ kind: bag.kind, count: bag.count, price: bag.price })),
      ],
    },
  }
}

interface FlightWalk {
  alert: AlertRow
  /** Tracked flights matched so far. */
  matched: number
  /** The itineraries chosen so far, one per step. */
  chosen: ObservedItinerary[]
}

/** The chosen steps as one itinerary: all flights, the last step's price (it is the whole trip's). */
function combined(chosen: readonly ObservedItinerary[]): ObservedItinerary {
  const last = chosen.at(-1)!
  return {
    ...last,
    id: chosen.map((it) => it.id).join('+'),
    flights: chosen.flatMap((it) => it.flights),
    stops: chosen.reduce((sum, it) => sum + it.stops, 0),
    total_duration: chosen.reduce((sum, it) => sum + it.total_duration, 0),
  }
}

/**
 * Each alert's price from the first step's observation. Flight alerts follow their tracked
 * combination through the next steps (a round trip's return, the next multi-city leg); alerts
 * that chose the same itinerary share that step's call (its key includes the choices so far).
 */
export async function priceAlerts(ctx: PricingContext, first: Observation, alerts: readonly AlertRow[]): Promise<Map<string, PricedOutcome>> {
  const out = new Map<string, PricedOutcome>()
  const legCount = queryLegs(ctx.query).length
  const flights: FlightWalk[] = []
  for (const alert of alerts) {
    if (alert.alertType === 'flight' && alert.trackedFlights.length > 0) flights.push({ alert, matched: 0, chosen: [] })
    else out.set(alert.id, await withCheckedBags(ctx, alert, routeOutcome(first, alert)))
  }

  async function walk(observation: Observation, path: string[], walks: FlightWalk[]): Promise<void> {
    const next = new Map<string, { itinerary: ObservedItinerary; walks: FlightWalk[] }>()
    for (const w of walks) {
      const tracked = w.alert.trackedFlights
      const step = matchTrackedStep(observation.itineraries, tracked, w.matched)
      if (!step) {
        out.set(w.alert.id, { kind: 'missing', note: `the tracked flight ${trackedFlightText(tracked[w.matched]!)} was not found` })
        continue
      }
      const moved: FlightWalk = { alert: w.alert, matched: w.matched + step.flights.length, chosen: [...w.chosen, step] }
      // Done when every tracked flight is matched (a later step's price would only add the cheapest rest).
      if (moved.matched >= tracked.length || path.length + 1 >= legCount || !step.departure_token) {
        out.set(w.alert.id, priced(observation, combined(moved.chosen)))
        continue
      }
      const entry = next.get(step.id) ?? { itinerary: step, walks: [] }
      entry.walks.push(moved)
      next.set(step.id, entry)
    }
    await Promise.all(
      [...next.values()].map(async ({ itinerary, walks: waiting }) => {
        const nextPath = [...path, itinerary.id]
        try {
          const observed = await ctx.observer.observe(
            searchKey(ctx.query, nextPath),
            ctx.query.currency,
            (call) => ctx.provider.next(ctx.query, itinerary.departure_token!, call),
            { fresh: ctx.fresh, ...(ctx.freshWithinMs !== undefined ? { freshWithinMs: ctx.freshWithinMs } : {}) },
          )
          await walk(observed, nextPath, waiting)
        } catch (error) {
          for (const w of waiting) out.set(w.alert.id, failureOutcome(error))
        }
      }),
    )
  }

  if (flights.length > 0) await walk(first, [], flights)
  return out
}
