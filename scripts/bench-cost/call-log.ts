// Every provider call of a scripts/bench-cost.ts run, as the engine made it: when (simulated
// clock), which search exactly, which route and dates, and whether every cache was bypassed (a
// re-check before a notice). The levers "a longer cache" and "one answer per route and dates" are
// measured on this log (repeatShare), not assumed.
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { FlightProvider } from '#server/flights/providers/provider.ts'
import { searchKey } from '#server/alerts/search-key.ts'

export interface CallRecord {
  /** Simulated time of the call, ms since the epoch. */
  at: number
  kind: 'search' | 'next'
  /** The exact provider question (the engine's search key; a next step adds its token). */
  key: string
  /** Route, trip type and dates only: what any passenger count, cabin or filter on them shares. */
  routeKey: string
  /** Every cache bypassed: a re-check before a notice, which no cache may answer. */
  fresh: boolean
}

/** Route, trip type and dates of a query (multi-city: every leg's). */
export function routeDatesKey(query: Pick<FlightQuery, 'type' | 'departure_id' | 'arrival_id' | 'outbound_date' | 'return_date' | 'multi_city_json'>): string {
  if (query.type === 3) {
    const legs = JSON.parse(query.multi_city_json ?? '[]') as Array<{ departure_id: string; arrival_id: string; date: string }>
    return `3:${legs.map((l) => `${l.departure_id}-${l.arrival_id}@${l.date}`).join('|')}`
  }
  return `${query.type}:${query.departure_id}-${query.arrival_id}@${query.outbound_date}${query.type === 1 ? `/${query.return_date}` : ''}`
}

/** Wraps a provider: its search and next calls are appended to `calls` with the clock's time. */
export function loggingProvider(inner: FlightProvider, now: () => Date, calls: CallRecord[]): FlightProvider {
  const log = (kind: CallRecord['kind'], query: FlightQuery, fresh: boolean, token?: string) =>
    calls.push({ at: now().getTime(), kind, key: token === undefined ? searchKey(query) : searchKey(query, [token]), routeKey: routeDatesKey(query), fresh })
  return {
    id: inner.id,
    search: (query, ctx) => {
      log('search', query, ctx?.fresh === true)
      return inner.search(query, ctx)
    },
    next: (query, token, ctx) => {
      log('next', query, ctx?.fresh === true, token)
      return inner.next(query, token, ctx)
    },
    bookingOptions: (query, token, ctx) => inner.bookingOptions(query, token, ctx),
    priceInsights: (query, ctx) => inner.priceInsights(query, ctx),
  }
}

/**
 * How many of the calls a store of earlier answers could have served: a call that is not fresh and
 * whose `keyOf` has an answer no older than `windowMs` (the last call that was not itself served). With the exact key it
 * is a cache kept `windowMs`; with the route-and-dates key, the upper bound of answering all
 * passengers, cabins and filters of a route and dates from one recent answer (subsumption, a
 * calendar query). `calls` in time order.
 */
export function repeatShare(calls: readonly CallRecord[], windowMs: number, keyOf: (call: CallRecord) => string): { repeats: number; share: number } {
  const last = new Map<string, number>()
  let repeats = 0
  for (const call of calls) {
    const key = keyOf(call)
    const before = last.get(key)
    // Served from the stored answer: the store keeps that answer's age (a cache, not a sliding window).
    if (!call.fresh && before !== undefined && call.at - before <= windowMs) repeats++
    else last.set(key, call.at)
  }
  return { repeats, share: calls.length === 0 ? 0 : repeats / calls.length }
}
