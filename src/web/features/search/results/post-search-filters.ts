import { allianceOf } from '#shared/flights/alliances.ts'
import type { Itinerary } from '#shared/flights/model.ts'
import { ALLIANCE_LABELS, ALLIANCES, type Alliance } from '#shared/flights/search-params.ts'
import type { PostSearchFilters, PostSearchSort } from '../../../stores/search-store.ts'
import { minutesOfDay } from '../../../lib/flight-time.ts'

/**
 * Post-search filters (spec section 3, per leg): pure filtering, sorting and option counts over
 * one leg's results, applied in the browser on every change. Type-only imports from the store, so
 * a benchmark script can run this in Node.
 *
 * Semantics, chosen so a count always predicts what ticking that option alone would show:
 * - stops: nonstop (0), one stop (1), two or more (2+); an unticked kind is hidden.
 * - airlines: empty = all; otherwise an itinerary shows when ANY of its marketing carriers is
 *   ticked (a BA + AA connection shows under both British Airways and American).
 * - alliances: empty = all; otherwise ANY of its carriers is in a ticked alliance.
 * - connecting airports: empty = all; otherwise EVERY connection must be at a ticked airport, so
 *   nonstops always pass (they connect nowhere) and the stops filter alone decides about them.
 * - price: min ≤ price ≤ max (max null = no ceiling); a result without a price shows only while
 *   the price filter is untouched.
 * - times: the first segment's local departure and the last segment's local arrival, in minutes
 *   after midnight, inside their windows (0–1440 inclusive).
 * - duration: min ≤ total duration ≤ max (max null = no ceiling).
 *
 * Counts are faceted: an option's count applies every other filter but its own group's, so a
 * user can always see what widening a group would bring back (never a silent dead end).
 *
 * Sorting and the Best / Other groups: one sort control, and the list is always in the order it
 * names (issue 16). Only "Top flights" keeps the provider's "Best flights" group above "Other
 * flights", each in the provider's ranking; every other sort, the default (price, low to high,
 * spec section 3) included, shows one list in that order, because a price order split in two
 * groups reads as two orders ($975 … $1,063, then $813). Best options keep a "Best" badge there.
 */

export type StopsKey = keyof PostSearchFilters['stops']
export const STOPS_KEYS: readonly StopsKey[] = ['nonstop', 'oneStop', 'twoPlusStops']
export const STOPS_LABELS: Record<StopsKey, string> = { nonstop: 'Nonstop', oneStop: '1 stop', twoPlusStops: '2+ stops' }

export const SORT_OPTIONS: ReadonlyArray<{ value: PostSearchSort; label: string }> = [
  { value: 'top', label: 'Top flights' },
  { value: 'price-low-high', label: 'Price (low to high)' },
  { value: 'price-high-low', label: 'Price (high to low)' },
  { value: 'duration', label: 'Duration' },
  { value: 'departure', label: 'Departure time' },
  { value: 'arrival', label: 'Arrival time' },
]
export const DEFAULT_SORT: PostSearchSort = 'price-low-high'
const DAY = 1440

/** One itinerary with everything the filters read, worked out once per result set. */
export interface IndexedItinerary {
  itinerary: Itinerary
  /** Position in the provider's answer (best first, then other): the tie-breaker. */
  order: number
  group: 'best' | 'other'
  stops: StopsKey
  /** Marketing carriers, by IATA code (or name when the code is unknown). */
  airlines: string[]
  alliances: Alliance[]
  connections: string[]
  departureMinutes: number | null
  arrivalMinutes: number | null
  /** Full local times, which sort as text. */
  departureAt: string
  arrivalAt: string
}

export interface AirlineOption {
  key: string
  code: string | null
  name: string
  logoUrl: string | null
  count: number
  /** The cheapest shown-if-ticked price with this airline. */
  minPrice: number | null
}

export interface CountedOption<K extends string = string> {
  key: K
  label: string
  count: number
  minPrice: number | null
}

export interface PostSearchFacets {
  stops: Record<StopsKey, { count: number; minPrice: number | null }>
  airlines: AirlineOption[]
  alliances: Array<CountedOption<Alliance>>
  connectingAirports: CountedOption[]
  /** Bounds over the whole leg (not the filtered view), for sliders. */
  priceBounds: { min: number; max: number } | null
  durationBounds: { min: number; max: number } | null
}

export interface ResultGroup {
  key: 'best' | 'other' | 'all'
  itineraries: Itinerary[]
}

export interface PostSearchView {
  groups: ResultGroup[]
  shown: number
  total: number
  facets: PostSearchFacets
  /** The filter groups currently narrowing the list ("Stops", "Price"…), for the dead-end message. */
  active: string[]
  summary: ResultsSummary
}

export interface ResultsSummary {
  best: Itinerary | null
  cheapest: Itinerary | null
  fastest: Itinerary | null
}

export function stopsKey(stops: number): StopsKey {
  return stops <= 0 ? 'nonstop' : stops === 1 ? 'oneStop' : 'twoPlusStops'
}

export function airlineKey(airline: Itinerary['segments'][number]['airline']): string {
  return airline.code ?? airline.name
}

function unique<T>(values: T[]): T[] {
  return values.length < 2 ? values : [...new Set(values)]
}

/** Works out what the filters read, once per result set (memoise on the results). */
export function indexItineraries(best: readonly Itinerary[], other: readonly Itinerary[]): IndexedItinerary[] {
  const indexed: IndexedItinerary[] = []
  const add = (itinerary: Itinerary, group: 'best' | 'other') => {
    const first = itinerary.segments[0]
    const last = itinerary.segments[itinerary.segments.length - 1]
    const airlines = unique(itinerary.segments.map((segment) => airlineKey(segment.airline)).filter(Boolean))
    const alliances = unique(itinerary.segments.map((segment) => allianceOf(segment.airline.code)).filter((a): a is Alliance => a !== null))
    indexed.push({
      itinerary,
      order: indexed.length,
      group,
      stops: stopsKey(itinerary.stops),
      airlines,
      alliances,
      connections: unique(itinerary.layovers.map((layover) => layover.airport).filter(Boolean)),
      departureMinutes: first ? minutesOfDay(first.departure.time) : null,
      arrivalMinutes: last ? minutesOfDay(last.arrival.time) : null,
      departureAt: first?.departure.time ?? '',
      arrivalAt: last?.arrival.time ?? '',
    })
  }
  for (const itinerary of best) add(itinerary, 'best')
  for (const itinerary of other) add(itinerary, 'other')
  return indexed
}

// One bit per filter group; an itinerary is shown when it fails none.
const F_STOPS = 1
const F_AIRLINES = 2
const F_ALLIANCES = 4
const F_PRICE = 8
const F_DEPARTURE = 16
const F_ARRIVAL = 32
const F_CONNECTIONS = 64
const F_DURATION = 128

export function isPriceFilterActive(filters: PostSearchFilters): boolean {
  return filters.priceRange.min > 0 || filters.priceRange.max !== null
}

function windowActive(window: [number, number]): boolean {
  return window[0] > 0 || window[1] < DAY
}

function inWindow(minutes: number | null, window: [number, number]): boolean {
  if (!windowActive(window)) return true
  return minutes !== null && minutes >= window[0] && minutes <= window[1]
}

/** The names of the filter groups that narrow the list, in panel order. */
export function activeFilterNames(filters: PostSearchFilters): string[] {
  const names: string[] = []
  if (STOPS_KEYS.some((key) => !filters.stops[key])) names.push('Stops')
  if (filters.airlines.length > 0) names.push('Airlines')
  if (filters.alliances.length > 0) names.push('Alliances')
  if (isPriceFilterActive(filters)) names.push('Price')
  if (windowActive(filters.times.departure)) names.push('Departure time')
  if (windowActive(filters.times.arrival)) names.push('Arrival time')
  if (filters.connectingAirports.length > 0) names.push('Connecting airports')
  if (filters.duration.min > 0 || filters.duration.max !== null) names.push('Duration')
  return names
}

function failures(item: IndexedItinerary, filters: PostSearchFilters, airlines: Set<string> | null, alliances: Set<Alliance> | null, connections: Set<string> | null, priceActive: boolean): number {
  let fails = 0
  const { itinerary } = item
  if (!filters.stops[item.stops]) fails |= F_STOPS
  if (airlines && !item.airlines.some((a) => airlines.has(a))) fails |= F_AIRLINES
  if (alliances && !item.alliances.some((a) => alliances.has(a))) fails |= F_ALLIANCES
  if (priceActive) {
    const { min, max } = filters.priceRange
    if (itinerary.price === null || itinerary.price < min || (max !== null && itinerary.price > max)) fails |= F_PRICE
  }
  if (!inWindow(item.departureMinutes, filters.times.departure)) fails |= F_DEPARTURE
  if (!inWindow(item.arrivalMinutes, filters.times.arrival)) fails |= F_ARRIVAL
  if (connections && !item.connections.every((c) => connections.has(c))) fails |= F_CONNECTIONS
  const { min, max } = filters.duration
  if (itinerary.durationMinutes < min || (max !== null && itinerary.durationMinutes > max)) fails |= F_DURATION
  return fails
}

const byPrice = (a: IndexedItinerary, b: IndexedItinerary) => {
  const pa = a.itinerary.price
  const pb = b.itinerary.price
  if (pa === pb) return 0
  if (pa === null) return 1
  if (pb === null) return -1
  return pa - pb
}
const byPriceDesc = (a: IndexedItinerary, b: IndexedItinerary) => {
  const pa = a.itinerary.price
  const pb = b.itinerary.price
  if (pa === pb) return 0
  if (pa === null) return 1
  if (pb === null) return -1
  return pb - pa
}
const byDuration = (a: IndexedItinerary, b: IndexedItinerary) => a.itinerary.durationMinutes - b.itinerary.durationMinutes
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Orders a list by the chosen sort, breaking ties by price, duration, then the provider's order. */
export function compareBy(sort: PostSearchSort): (a: IndexedItinerary, b: IndexedItinerary) => number {
  // The provider's ranking: Best flights first, then the others, each as listed.
  if (sort === 'top') return (a, b) => a.order - b.order
  const primary: (a: IndexedItinerary, b: IndexedItinerary) => number =
    sort === 'price-high-low'
      ? byPriceDesc
      : sort === 'duration'
        ? byDuration
        : sort === 'departure'
          ? (a, b) => byText(a.departureAt, b.departureAt)
          : sort === 'arrival'
            ? (a, b) => byText(a.arrivalAt, b.arrivalAt)
            : byPrice
  return (a, b) => primary(a, b) || byPrice(a, b) || byDuration(a, b) || a.order - b.order
}

/** Best (the first Best-group option as listed; else the best price/duration balance), Cheapest, Fastest. */
export function summarize(visible: readonly IndexedItinerary[]): ResultsSummary {
  if (visible.length === 0) return { best: null, cheapest: null, fastest: null }
  let cheapest: IndexedItinerary | null = null
  let fastest: IndexedItinerary | null = null
  let bestGroup: IndexedItinerary | null = null
  const sortPrice = compareBy('price-low-high')
  const sortDuration = compareBy('duration')
  for (const item of visible) {
    if (item.itinerary.price !== null && (!cheapest || sortPrice(item, cheapest) < 0)) cheapest = item
    if (!fastest || sortDuration(item, fastest) < 0) fastest = item
    if (item.group === 'best' && (!bestGroup || sortPrice(item, bestGroup) < 0)) bestGroup = item
  }
  let best = bestGroup
  if (!best) {
    // Skyscanner's idea: price relative to the cheapest plus duration relative to the fastest.
    const minPrice = cheapest?.itinerary.price ?? null
    const minDuration = Math.max(1, fastest!.itinerary.durationMinutes)
    let bestScore = Infinity
    for (const item of visible) {
      const priceScore = minPrice && item.itinerary.price !== null ? item.itinerary.price / minPrice : 2
      const score = priceScore + item.itinerary.durationMinutes / minDuration
      if (score < bestScore) {
        bestScore = score
        best = item
      }
    }
  }
  return { best: best?.itinerary ?? null, cheapest: cheapest?.itinerary ?? null, fastest: fastest?.itinerary ?? null }
}

function minOf(current: number | null, price: number | null): number | null {
  if (price === null) return current
  return current === null || price < current ? price : current
}

/** Filters, sorts and counts one leg's indexed results. */
export function applyPostSearchFilters(index: readonly IndexedItinerary[], filters: PostSearchFilters): PostSearchView {
  const airlines = filters.airlines.length ? new Set(filters.airlines) : null
  const alliances = filters.alliances.length ? new Set(filters.alliances) : null
  const connections = filters.connectingAirports.length ? new Set(filters.connectingAirports) : null
  const priceActive = isPriceFilterActive(filters)

  const stops: PostSearchFacets['stops'] = {
    nonstop: { count: 0, minPrice: null },
    oneStop: { count: 0, minPrice: null },
    twoPlusStops: { count: 0, minPrice: null },
  }
  const airlineOptions = new Map<string, AirlineOption>()
  const allianceCounts = new Map<Alliance, CountedOption<Alliance>>(ALLIANCES.map((a) => [a, { key: a, label: ALLIANCE_LABELS[a], count: 0, minPrice: null }]))
  const connectionOptions = new Map<string, CountedOption>()
  let priceBounds: PostSearchFacets['priceBounds'] = null
  let durationBounds: PostSearchFacets['durationBounds'] = null
  const visible: IndexedItinerary[] = []

  for (const item of index) {
    const { itinerary } = item
    const fails = failures(item, filters, airlines, alliances, connections, priceActive)
    const price = itinerary.price
    if (fails === 0) visible.push(item)

    if (price !== null) priceBounds = priceBounds ? { min: Math.min(priceBounds.min, price), max: Math.max(priceBounds.max, price) } : { min: price, max: price }
    const duration = itinerary.durationMinutes
    durationBounds = durationBounds ? { min: Math.min(durationBounds.min, duration), max: Math.max(durationBounds.max, duration) } : { min: duration, max: duration }

    if ((fails & ~F_STOPS) === 0) {
      const entry = stops[item.stops]
      entry.count += 1
      entry.minPrice = minOf(entry.minPrice, price)
    }

    const countsForAirlines = (fails & ~F_AIRLINES) === 0
    for (const segment of itinerary.segments) {
      const key = airlineKey(segment.airline)
      if (!key) continue
      let option = airlineOptions.get(key)
      if (!option) {
        option = { key, code: segment.airline.code, name: segment.airline.name || key, logoUrl: segment.airline.logoUrl, count: 0, minPrice: null }
        airlineOptions.set(key, option)
      }
    }
    if (countsForAirlines) {
      for (const key of item.airlines) {
        const option = airlineOptions.get(key)!
        option.count += 1
        option.minPrice = minOf(option.minPrice, price)
      }
    }

    if ((fails & ~F_ALLIANCES) === 0) {
      for (const alliance of item.alliances) {
        const option = allianceCounts.get(alliance)!
        option.count += 1
        option.minPrice = minOf(option.minPrice, price)
      }
    }

    const countsForConnections = (fails & ~F_CONNECTIONS) === 0
    for (const layover of itinerary.layovers) {
      if (!layover.airport) continue
      let option = connectionOptions.get(layover.airport)
      if (!option) {
        option = { key: layover.airport, label: layover.name || layover.airport, count: 0, minPrice: null }
        connectionOptions.set(layover.airport, option)
      }
    }
    if (countsForConnections) {
      for (const airport of item.connections) {
        const option = connectionOptions.get(airport)!
        option.count += 1
        option.minPrice = minOf(option.minPrice, price)
      }
    }
  }

  const grouped = filters.sortBy === 'top'
  const compare = compareBy(filters.sortBy)
  let groups: ResultGroup[]
  if (grouped) {
    const bestItems = visible.filter((item) => item.group === 'best').sort(compare)
    const otherItems = visible.filter((item) => item.group === 'other').sort(compare)
    groups = [
      { key: 'best' as const, itineraries: bestItems.map((item) => item.itinerary) },
      { key: 'other' as const, itineraries: otherItems.map((item) => item.itinerary) },
    ].filter((group) => group.itineraries.length > 0)
  } else {
    groups = visible.length ? [{ key: 'all', itineraries: [...visible].sort(compare).map((item) => item.itinerary) }] : []
  }

  return {
    groups,
    shown: visible.length,
    total: index.length,
    facets: {
      stops,
      airlines: [...airlineOptions.values()].sort((a, b) => a.name.localeCompare(b.name)),
      alliances: [...allianceCounts.values()],
      connectingAirports: [...connectionOptions.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
      priceBounds,
      durationBounds,
    },
    active: activeFilterNames(filters),
    summary: summarize(visible),
  }
}

/**
 * Index + apply in one call: what a benchmark times for "a filter change on N results" (the page
 * itself memoises the index per result set, so a real change costs less than this).
 */
export function runPostSearchFilters(best: readonly Itinerary[], other: readonly Itinerary[], filters: PostSearchFilters): PostSearchView {
  return applyPostSearchFilters(indexItineraries(best, other), filters)
}
