import { and, eq, gt } from 'drizzle-orm'
import { bagFeeTable, type BagFeeTable } from '#shared/flights/bag-fees.ts'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import { bagFeeSchedules, type ObservedItinerary } from '../db/schema.ts'
import { searchKey } from '../alerts/search-key.ts'
import { reserveProviderCalls } from '../provider-budget/provider-budget.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import type { Observation } from './load-cached-observations.ts'
import { CheckDeferred, type DeferReason, type SearchObserver } from './search-observer.ts'

/**
 * Checked-bag fees for bag-inclusive alerts (DRAFT, decision 055): read from the booking options of
 * the fare the alert found (`baggage_prices`), kept per provider, first carrier, route, cabin,
 * currency and trip kind for a week (fees change rarely; a booking-options call each check would
 * double a check's cost), and asked once per batch per key.
 */

export const BAG_FEES_KEEP_MS = 7 * 86_400_000

export type BagFeeAnswer = { table: BagFeeTable } | { deferred: Date | null; reason: DeferReason }

export interface BagFeeLookup {
  feesFor(query: FlightQuery, itinerary: ObservedItinerary): Promise<BagFeeAnswer>
}

const tripOf = (query: FlightQuery) => (query.type === 1 ? 'round_trip' : 'one_way')

/** The key the fees are kept under: what decides them in a booking answer (carrier, route, cabin, currency, trip kind). */
export function bagFeeKey(providerId: string, query: FlightQuery, itinerary: ObservedItinerary): string {
  const first = itinerary.flights[0]
  const last = itinerary.flights.at(-1)
  return [providerId, first?.airline ?? '', first?.departure_airport ?? '', last?.arrival_airport ?? '', query.travel_class, query.currency, tripOf(query)].join('|')
}

export function createBagFeeLookup(deps: PriceCheckDeps, observer: SearchObserver): BagFeeLookup {
  const inBatch = new Map<string, Promise<BagFeeAnswer>>()

  /** The booking token of the cheapest complete trip through `itinerary` (a round trip's return step first). */
  async function bookingToken(query: FlightQuery, itinerary: ObservedItinerary): Promise<string | null> {
    if (itinerary.booking_token) return itinerary.booking_token
    if (!itinerary.departure_token) return null
    const next: Observation = await observer.observe(searchKey(query, [itinerary.id]), query.currency, (call) => deps.provider.next(query, itinerary.departure_token!, call), { fresh: false })
    const cheapest = next.itineraries.reduce<ObservedItinerary | null>((best, it) => (best === null || it.price < best.price ? it : best), null)
    return cheapest?.booking_token ?? null
  }

  async function fetchFees(key: string, query: FlightQuery, itinerary: ObservedItinerary): Promise<BagFeeAnswer> {
    const now = deps.now()
    const [kept] = await deps.db
      .select()
      .from(bagFeeSchedules)
      .where(and(eq(bagFeeSchedules.key, key), gt(bagFeeSchedules.fetchedAt, new Date(now.getTime() - BAG_FEES_KEEP_MS))))
    if (kept) return { table: kept.fees }
    try {
      const token = await bookingToken(query, itinerary)
      if (!token) return { table: { directions: [] } }
      const grant = await reserveProviderCalls(deps.db, deps.provider.id, 1, now, deps.config.budget)
      if (grant.granted < 1) return { deferred: grant.retryAt, reason: 'budget' }
      const answer = await deps.provider.bookingOptions(query, token)
      const table = bagFeeTable(answer.baggagePrices, tripOf(query))
      await deps.db
        .insert(bagFeeSchedules)
        .values({ key, fees: table, fetchedAt: now })
        .onConflictDoUpdate({ target: bagFeeSchedules.key, set: { fees: table, fetchedAt: now } })
      return { table }
    } catch (error) {
      if (error instanceof CheckDeferred) return { deferred: error.until, reason: error.reason }
      throw error
    }
  }

  return {
    feesFor(query, itinerary) {
      const key = bagFeeKey(deps.provider.id, query, itinerary)
      let answer = inBatch.get(key)
      if (!answer) inBatch.set(key, (answer = fetchFees(key, query, itinerary)))
      return answer
    },
  }
}
