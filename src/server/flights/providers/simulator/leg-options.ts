import { distanceKm, type Airport } from '../../../reference-data/airports.ts'
import { findCarrier } from './carriers.ts'
import { routingsBetween, type Routing } from './network.ts'
import { dailyFlights, type ScheduledFlight } from './schedule.ts'
import { addDays, localDate, localToUtc } from './time-zones.ts'

/**
 * Concrete ways to fly one leg (origin airport → destination airport on a local date): routings
 * from the network, timed with the daily schedules, connections chained with real layovers.
 * No prices here: fares move by the hour, flights do not.
 */
export interface FlownSegment {
  flight: ScheduledFlight
  /** Local departure date at the segment's origin. */
  date: string
  departureUtc: number
  arrivalUtc: number
}

export interface Layover {
  airport: Airport
  minutes: number
  /** The layover spans local midnight at the connecting airport. */
  overnight: boolean
}

export interface LegOption {
  /** Stable identity: flights and dates, e.g. "BA117@2026-12-10|AA100@2026-12-10". */
  key: string
  from: Airport
  to: Airport
  /** Local departure date of the first flight. */
  date: string
  segments: FlownSegment[]
  layovers: Layover[]
  totalMinutes: number
  stops: number
  /** Carrier of the longest segment: the one that prices and sells the trip. */
  mainCarrier: string
  carriers: string[]
  directKm: number
  flownKm: number
  /** Only shown with deep_search: a later connection when an earlier one already works. */
  deepOnly: boolean
}

const MAX_LAYOVER = 300
const MIN_LAYOVER = 45

/** Minimum connection: 45 min on one airline's domestic hops, more for terminals and long-haul. */
function minConnection(a: ScheduledFlight, b: ScheduledFlight): number {
  let min = MIN_LAYOVER
  if (a.carrier !== b.carrier) min += 15
  if (a.from.countryCode !== b.to.countryCode) min += 10
  if (a.distanceKm > 4_500 || b.distanceKm > 4_500) min += 15
  return min
}

function fly(flight: ScheduledFlight, date: string): FlownSegment {
  const departureUtc = localToUtc(date, flight.departureMinute, flight.from.timeZone)
  return { flight, date, departureUtc, arrivalUtc: departureUtc + flight.blockMinutes * 60_000 }
}

/**
 * One carrier's flights on one hop on one local date, flown (fly): the same for every arrival
 * that connects to them, so worked out once per hop and date while one leg's options are built.
 * Options then share these segments, which nothing changes once built.
 */
type FlownHops = Map<string, FlownSegment[]>

function flownHop(hops: FlownHops, carrier: string, at: Airport, to: Airport, date: string): FlownSegment[] {
  const key = `${carrier}|${at.iata}|${to.iata}|${date}`
  let segments = hops.get(key)
  if (!segments) {
    segments = dailyFlights(carrier, at, to).map((flight) => fly(flight, date))
    hops.set(key, segments)
  }
  return segments
}

/** Connecting flights leaving `at` within the layover window, earliest first (today's and tomorrow's). */
function connections(hops: FlownHops, carrier: string, at: Airport, to: Airport, arrival: FlownSegment): FlownSegment[] {
  const arrivalDate = localDate(arrival.arrivalUtc, at.timeZone)
  const out: FlownSegment[] = []
  for (const date of [arrivalDate, addDays(arrivalDate, 1)]) {
    for (const seg of flownHop(hops, carrier, at, to, date)) {
      const wait = (seg.departureUtc - arrival.arrivalUtc) / 60_000
      if (wait >= minConnection(arrival.flight, seg.flight) && wait <= MAX_LAYOVER) out.push(seg)
    }
  }
  return out.sort((a, b) => a.departureUtc - b.departureUtc)
}

function option(from: Airport, to: Airport, directKm: number, date: string, segments: FlownSegment[], deepOnly: boolean): LegOption {
  const layovers: Layover[] = []
  for (let i = 1; i < segments.length; i++) {
    const prev = segments[i - 1]!
    const next = segments[i]!
    const airport = next.flight.from
    layovers.push({
      airport,
      minutes: Math.round((next.departureUtc - prev.arrivalUtc) / 60_000),
      overnight: localDate(prev.arrivalUtc, airport.timeZone) !== next.date,
    })
  }
  const first = segments[0]!
  const last = segments[segments.length - 1]!
  const longest = segments.reduce((a, b) => (b.flight.distanceKm > a.flight.distanceKm ? b : a))
  return {
    key: segments.map((s) => `${s.flight.carrier}${s.flight.number}@${s.date}`).join('|'),
    from,
    to,
    date,
    segments,
    layovers,
    totalMinutes: Math.round((last.arrivalUtc - first.departureUtc) / 60_000),
    stops: segments.length - 1,
    mainCarrier: longest.flight.carrier,
    carriers: [...new Set(segments.map((s) => s.flight.carrier))],
    directKm,
    flownKm: segments.reduce((sum, s) => sum + s.flight.distanceKm, 0),
    deepOnly,
  }
}

/** Chains one routing's hops from each first departure; up to two connections per first flight. */
function timeRouting(routing: Routing, date: string, directKm: number, hops: FlownHops): LegOption[] {
  const { path, carriers } = routing
  const from = path[0]!
  const to = path[path.length - 1]!
  const results: LegOption[] = []
  for (const first of flownHop(hops, carriers[0]!, from, path[1]!, date)) {
    let chains: Array<{ segments: FlownSegment[]; deepOnly: boolean }> = [{ segments: [first], deepOnly: false }]
    for (let hop = 1; hop < carriers.length; hop++) {
      const next: typeof chains = []
      for (const chain of chains) {
        const arrival = chain.segments[chain.segments.length - 1]!
        connections(hops, carriers[hop]!, path[hop]!, path[hop + 1]!, arrival)
          .slice(0, 2)
          .forEach((seg, i) => next.push({ segments: [...chain.segments, seg], deepOnly: chain.deepOnly || i > 0 }))
      }
      chains = next
    }
    for (const chain of chains) results.push(option(from, to, directKm, date, chain.segments, chain.deepOnly))
  }
  return results
}

const cache = new Map<string, LegOption[]>()
const CACHE_MAX = 400

/** Every way to fly from → to leaving on the local date, unfiltered and unpriced. Cached. */
export function legOptions(from: Airport, to: Airport, date: string): LegOption[] {
  const key = `${from.iata}|${to.iata}|${date}`
  const cached = cache.get(key)
  if (cached) return cached
  const seen = new Set<string>()
  const options: LegOption[] = []
  const directKm = distanceKm(from, to)
  const hops: FlownHops = new Map()
  for (const routing of routingsBetween(from, to)) {
    for (const opt of timeRouting(routing, date, directKm, hops)) {
      if (seen.has(opt.key)) continue
      seen.add(opt.key)
      options.push(opt)
    }
  }
  options.sort((a, b) => a.segments[0]!.departureUtc - b.segments[0]!.departureUtc || a.key.localeCompare(b.key))
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!)
  cache.set(key, options)
  return options
}

/** Carriers a cabin request can be sold on: low-cost carriers without a premium cabin drop out. */
export function sellsCabin(option: LegOption, cabin: 1 | 2 | 3 | 4): boolean {
  if (cabin === 1) return true
  return option.carriers.every((c) => (findCarrier(c)?.topCabin ?? 3) >= Math.min(cabin, 3))
}
