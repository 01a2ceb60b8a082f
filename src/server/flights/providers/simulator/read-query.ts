import { allianceMembers } from '../../../reference-data/alliances.ts'
import { findAirport, type Airport } from '../../../reference-data/airports.ts'
import { ProviderError } from '../provider.ts'
import type { SerpQuery } from '../serpapi/serp-types.ts'
import { ALLIANCES, type Alliance } from '#shared/flights/search-params.ts'
import type { Cabin, PassengerMix } from './price-model.ts'

/**
 * Reads a SerpApi Google Flights query the way SerpApi does: values may arrive as numbers or as
 * the strings of a URL query; defaults are SerpApi's (type 1 round trip, economy, one adult…).
 * Malformed input is a 400 from SerpApi, so a ProviderError('bad_request') here.
 */

export const SIMULATED_ID = 'simulated'

export type TimeWindow = [depFrom: number, depTo: number, arrFrom: number, arrTo: number]

export interface LegRequest {
  /** Known airports of the comma list; unknown codes and kgmids are dropped (SerpApi finds nothing for them). */
  from: Airport[]
  to: Airport[]
  date: string
  times: TimeWindow | null
}

export interface MarketQuery {
  type: 1 | 2 | 3
  legs: LegRequest[]
  /** True when any leg names no known airport: SerpApi's "no results". */
  unknownAirports: boolean
  cabin: Cabin
  passengers: PassengerMix
  bags: number
  stops: 0 | 1 | 2 | 3
  sortBy: 1 | 2 | 3 | 4 | 5 | 6
  maxPrice: number | null
  maxDuration: number | null
  layover: [number, number] | null
  /** Airline codes, alliances expanded to their members. */
  includeAirlines: ReadonlySet<string> | null
  excludeAirlines: ReadonlySet<string>
  excludeConnections: ReadonlySet<string>
  lessEmissions: boolean
  currency: string
  hl: string
  gl: string
  deepSearch: boolean
  showHidden: boolean
  departureToken: string | null
  bookingToken: string | null
}

function bad(message: string): ProviderError {
  return new ProviderError('bad_request', SIMULATED_ID, message, { status: 400 })
}

function text(q: SerpQuery, key: string): string | undefined {
  const value = q[key]
  if (value === undefined || value === null) return undefined
  const s = String(value).trim()
  return s === '' ? undefined : s
}

function int(q: SerpQuery, key: string, fallback: number, min: number, max: number): number {
  const s = text(q, key)
  if (s === undefined) return fallback
  const n = Number(s)
  if (!Number.isInteger(n) || n < min || n > max) throw bad(`Unsupported \`${key}\` parameter: ${s}`)
  return n
}

function bool(q: SerpQuery, key: string): boolean {
  const s = text(q, key)?.toLowerCase()
  return s === 'true' || s === '1'
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

function date(value: string | undefined, key: string): string {
  if (!value || !DATE.test(value)) throw bad(`Missing or invalid \`${key}\` (YYYY-MM-DD)`)
  const parsed = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) throw bad(`Invalid \`${key}\`: ${value}`)
  return value
}

export function parseTimes(value: string | undefined, key: string): TimeWindow | null {
  if (!value) return null
  const parts = value.split(',').map((p) => Number(p.trim()))
  if ((parts.length !== 2 && parts.length !== 4) || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 23)) {
    throw bad(`Invalid \`${key}\`: ${value}`)
  }
  const [a, b, c = 0, d = 23] = parts as [number, number, number?, number?]
  return [a, b, c, d]
}

function airports(value: string | undefined, key: string): { found: Airport[]; any: boolean } {
  if (!value) throw bad(`Missing \`${key}\` parameter`)
  const codes = value.split(',').map((c) => c.trim().toUpperCase())
  const found = [...new Set(codes)].map((c) => findAirport(c)).filter((a): a is Airport => a !== undefined)
  return { found, any: found.length > 0 }
}

function airlineSet(value: string | undefined): Set<string> {
  const set = new Set<string>()
  for (const raw of (value ?? '').split(',')) {
    const token = raw.trim().toUpperCase()
    if (!token) continue
    if ((ALLIANCES as readonly string[]).includes(token)) for (const member of allianceMembers(token as Alliance)) set.add(member)
    else if (/^[A-Z0-9]{2}$/.test(token)) set.add(token)
    else throw bad(`Invalid airline code: ${raw}`)
  }
  return set
}

interface RawMultiCityLeg {
  departure_id?: unknown
  arrival_id?: unknown
  date?: unknown
  times?: unknown
}

function legsOf(q: SerpQuery, type: 1 | 2 | 3): { legs: LegRequest[]; unknown: boolean } {
  const raw: Array<{ from?: string; to?: string; date?: string; times?: string; keys: [string, string, string, string] }> = []
  if (type === 3) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text(q, 'multi_city_json') ?? '')
    } catch {
      throw bad('Invalid `multi_city_json` parameter')
    }
    if (!Array.isArray(parsed) || parsed.length < 1 || parsed.length > 6) throw bad('`multi_city_json` must list the legs')
    parsed.forEach((leg: RawMultiCityLeg, i) => {
      const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined)
      const name = `multi_city_json[${i}]`
      raw.push({
        from: str(leg?.departure_id),
        to: str(leg?.arrival_id),
        date: str(leg?.date),
        times: str(leg?.times),
        keys: [`${name}.departure_id`, `${name}.arrival_id`, `${name}.date`, `${name}.times`],
      })
    })
  } else {
    const from = text(q, 'departure_id')
    const to = text(q, 'arrival_id')
    raw.push({ from, to, date: text(q, 'outbound_date'), times: text(q, 'outbound_times'), keys: ['departure_id', 'arrival_id', 'outbound_date', 'outbound_times'] })
    if (type === 1) {
      raw.push({ from: to, to: from, date: text(q, 'return_date'), times: text(q, 'return_times'), keys: ['arrival_id', 'departure_id', 'return_date', 'return_times'] })
    }
  }
  let unknown = false
  const legs = raw.map((leg) => {
    const from = airports(leg.from, leg.keys[0])
    const to = airports(leg.to, leg.keys[1])
    if (!from.any || !to.any) unknown = true
    return { from: from.found, to: to.found, date: date(leg.date, leg.keys[2]), times: parseTimes(leg.times, leg.keys[3]) }
  })
  return { legs, unknown }
}

export function readQuery(q: SerpQuery): MarketQuery {
  const departureToken = text(q, 'departure_token') ?? null
  const bookingToken = text(q, 'booking_token') ?? null
  if (departureToken && bookingToken) throw bad('`departure_token` and `booking_token` cannot be used together')
  const type = int(q, 'type', 1, 1, 3) as 1 | 2 | 3
  const include = text(q, 'include_airlines')
  const exclude = text(q, 'exclude_airlines')
  if (include && exclude) throw bad('`include_airlines` and `exclude_airlines` cannot be used together')
  const layoverText = text(q, 'layover_duration')
  let layover: [number, number] | null = null
  if (layoverText) {
    const [min, max] = layoverText.split(',').map(Number)
    if (!Number.isFinite(min) || !Number.isFinite(max) || min! < 0 || max! < min!) throw bad(`Invalid \`layover_duration\`: ${layoverText}`)
    layover = [min!, max!]
  }
  // A booking call needs only the token (SerpApi ignores dates and filters then).
  const { legs, unknown } = bookingToken ? { legs: [], unknown: false } : legsOf(q, type)
  const passengers: PassengerMix = {
    adults: int(q, 'adults', 1, 0, 9),
    children: int(q, 'children', 0, 0, 9),
    infantsInSeat: int(q, 'infants_in_seat', 0, 0, 9),
    infantsOnLap: int(q, 'infants_on_lap', 0, 0, 9),
  }
  if (passengers.adults + passengers.children + passengers.infantsInSeat === 0) throw bad('At least one seated passenger is required')
  const maxPrice = int(q, 'max_price', 0, 0, 10_000_000)
  const maxDuration = int(q, 'max_duration', 0, 0, 100_000)
  return {
    type,
    legs,
    unknownAirports: unknown,
    cabin: int(q, 'travel_class', 1, 1, 4) as Cabin,
    passengers,
    bags: int(q, 'bags', 0, 0, 9),
    stops: int(q, 'stops', 0, 0, 3) as 0 | 1 | 2 | 3,
    sortBy: int(q, 'sort_by', 1, 1, 6) as MarketQuery['sortBy'],
    maxPrice: maxPrice > 0 ? maxPrice : null,
    maxDuration: maxDuration > 0 ? maxDuration : null,
    layover,
    includeAirlines: include ? airlineSet(include) : null,
    excludeAirlines: airlineSet(exclude),
    excludeConnections: new Set((text(q, 'exclude_conns') ?? '').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean)),
    lessEmissions: text(q, 'emissions') === '1',
    currency: (text(q, 'currency') ?? 'USD').toUpperCase(),
    hl: text(q, 'hl') ?? 'en',
    gl: text(q, 'gl') ?? 'us',
    deepSearch: bool(q, 'deep_search'),
    showHidden: bool(q, 'show_hidden'),
    departureToken,
    bookingToken,
  }
}
