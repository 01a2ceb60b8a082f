import type { FareSource } from '#shared/flights/fare-calendar.ts'
import type { FareRoute } from '#shared/flights/fare-query.ts'
import type { DatePair } from '#shared/flights/flexible-dates.ts'
import { TRAVEL_CLASS_CODES } from '#shared/flights/flight-query.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import type { Db } from '../db/client.ts'
import type { DatePrices, FlightProvider } from './providers/provider.ts'
import { loadObservedFares } from './load-observed-fares.ts'

/** Prices for date pairs, with where they came from; one answer of the calendar, grid or flexible search. */
export interface PricedPairs {
  source: FareSource
  typicalRange: [number, number] | null
  fares: Array<{ price: number | null; observedAt: string | null }>
}

/** `anchor`: the traveller's chosen dates, whose usual range levels every figure (DatePricesRequest.anchor). */
export type DatePairPricer = (route: FareRoute, pairs: readonly DatePair[], anchor?: DatePair) => Promise<PricedPairs>

/**
 * The market's own prices when the provider can price dates (the simulated market), else the
 * fares FareDrop has seen (decision 047). Days already past everywhere are never asked about.
 */
export function createDatePairPricer(deps: {
  provider: FlightProvider
  db: Db
  now: () => Date
  /** The flight service's provider gate: concurrency limit, timeout, errors as "Failed to retrieve search results". */
  callProvider: <T>(what: string, call: (signal: AbortSignal) => Promise<T>) => Promise<T>
}): DatePairPricer {
  const { provider } = deps
  return async (route, pairs, anchor) => {
    const now = deps.now()
    const today = earliestTravelDate(now)
    const open = pairs.map((p) => p.departureDate >= today && (p.returnDate === null || p.returnDate >= p.departureDate))
    const asked = pairs.filter((_, i) => open[i])

    if (provider.priceDates) {
      const priceDates = provider.priceDates.bind(provider)
      const answer: DatePrices =
        asked.length === 0 ? { prices: [], typicalRange: null } : await deps.callProvider('calendar', (signal) => priceDates({ ...route, pairs: asked, ...(anchor ? { anchor } : {}) }, { signal }))
      const at = now.toISOString()
      let next = 0
      return {
        source: 'market',
        typicalRange: answer.typicalRange,
        fares: open.map((isOpen) => {
          const price = isOpen ? (answer.prices[next++] ?? null) : null
          return { price, observedAt: price === null ? null : at }
        }),
      }
    }

    const observed = await loadObservedFares(deps.db, { ...route, cabin: TRAVEL_CLASS_CODES[route.travelClass], provider: provider.id }, asked, now)
    let next = 0
    return {
      source: 'observed',
      typicalRange: observed.typicalRange,
      fares: open.map((isOpen) => {
        const fare = isOpen ? observed.fares[next++] : null
        return fare ? { price: fare.price, observedAt: fare.observedAt.toISOString() } : { price: null, observedAt: null }
      }),
    }
  }
}
