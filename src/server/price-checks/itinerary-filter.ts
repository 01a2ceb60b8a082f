import { ALLIANCES, type Alliance } from '#shared/flights/search-params.ts'
import type { ItineraryFilter } from '../alerts/search-key.ts'
import type { ObservedItinerary } from '../db/schema.ts'
import { allianceMembers } from '../reference-data/alliances.ts'

/**
 * Subsumption (decision 053): a narrower alert's answer read off a broader search's answer. The
 * filters are applied as SerpApi documents them (and the simulated market applies them):
 * - stops: 1 nonstop, 2 at most one stop, 3 at most two;
 * - include_airlines: every flight of the itinerary by a listed airline (alliances expanded);
 *   exclude_airlines: none of them;
 * - a time window: the hour the first flight leaves and the hour the last one lands, local, each
 *   inside its "from,to" hours (a window whose start is after its end runs over midnight).
 */

const hourOf = (localTime: string) => Number(localTime.slice(11, 13))

function inHours(hour: number, from: number, to: number): boolean {
  return from <= to ? hour >= from && hour <= to : hour >= from || hour <= to
}

function airlineSet(codes: readonly string[]): Set<string> {
  const set = new Set<string>()
  for (const raw of codes) {
    const code = raw.trim().toUpperCase()
    if ((ALLIANCES as readonly string[]).includes(code)) for (const member of allianceMembers(code as Alliance)) set.add(member)
    else if (code) set.add(code)
  }
  return set
}

/** The filter as a test of one itinerary; made once per filter, used on every itinerary of an answer. */
export function itineraryMatcher(filter: ItineraryFilter): (itinerary: ObservedItinerary) => boolean {
  const maxStops = filter.stops === undefined ? Infinity : filter.stops - 1
  const include = filter.includeAirlines ? airlineSet(filter.includeAirlines) : null
  const exclude = !include && filter.excludeAirlines ? airlineSet(filter.excludeAirlines) : null
  const times = filter.times
  return (it) => {
    if (it.stops > maxStops) return false
    if (include && !it.flights.every((f) => include.has(f.airline))) return false
    if (exclude && it.flights.some((f) => exclude.has(f.airline))) return false
    if (times) {
      const first = it.flights[0]
      const last = it.flights.at(-1)
      if (!first || !last) return false
      if (!inHours(hourOf(first.departure_time), times[0], times[1])) return false
      if (!inHours(hourOf(last.arrival_time), times[2], times[3])) return false
    }
    return true
  }
}

/**
 * The narrower search's answer from the broader one's (both asked sorted by price), or null when
 * the broader answer can't prove it:
 * - `complete` (the provider lists every itinerary of a search, as the simulated market does): the
 *   matching itineraries are exactly what the narrower search lists, at the same prices;
 * - otherwise the answer may have been cut short after its most expensive listed itinerary. When a
 *   matching itinerary is listed, the cheapest listed one is the narrower search's cheapest: any
 *   itinerary cut off costs at least as much as every listed one. When none is listed, a cut-off
 *   one might match: no proof, so null (the alert gets its own search).
 * Only the cheapest is proven in the second case: route alerts read nothing else.
 */
export function narrowAnswer(itineraries: readonly ObservedItinerary[], filter: ItineraryFilter, complete: boolean): ObservedItinerary[] | null {
  const matches = itineraryMatcher(filter)
  const kept = itineraries.filter(matches)
  return complete || kept.length > 0 ? kept : null
}
