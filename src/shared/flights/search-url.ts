import type { FlightSegment, Itinerary } from '#shared/flights/model.ts'
import { PATHS } from '#shared/routes.ts'
import {
  DEFAULT_PRICE_RANGE,
  DEFAULT_SEARCH_FILTERS,
  DEFAULT_SEARCH_PARAMS,
  DEFAULT_TIME_WINDOW,
  isoDateSchema,
  MAX_MULTI_CITY_SEGMENTS,
  multiCitySegmentSchema,
  searchFiltersSchema,
  searchParamsSchema,
  type MultiCitySegment,
  type SearchFilters,
  type SearchParams,
  type TimeWindow,
} from '#shared/flights/search-params.ts'
import { FLEX_KINDS, type FlexKind } from '#shared/flights/fare-calendar.ts'
import { FLEX_DEFAULT_NIGHTS } from '#shared/flights/fare-calendar.ts'
import { isMonth, usesNights, validNights, type FlexibleDates } from '#shared/flights/flexible-search.ts'

/**
 * The whole search in the query string, with readable keys, so a search can be shared, bookmarked
 * and restored by Back (ux-and-performance B1: "keep state in the URL"):
 *
 *   /search?trip=round-trip&from=JFK&to=LHR&depart=2026-12-10&return=2026-12-17&class=economy&adults=1&stops=1
 *   /search?trip=multi-city&legs=JFK-LHR-2026-12-10_LHR-CDG-2026-12-14&class=business&adults=2
 *
 * Search parameters are always written; filters only when they differ from the spec's defaults.
 * Decoding checks every value with the shared zod schemas and drops what they refuse: a link that
 * was edited by hand or came from an older build never throws, it just loses the bad parts.
 *
 * A booking link ("Book this fare" in a price notice) adds `pick`, the flights to choose on each
 * step, named by the flights themselves (provider tokens expire, ids may change):
 *
 *   /search?trip=round-trip&…&pick=BA117.2026-12-10~BA112.2026-12-17
 *   /search?trip=one-way&…&pick=EI151.2026-12-10,EI105.2026-12-10
 *
 * Steps (outbound, return, next multi-city leg) are separated by "~", a step's flights by ",";
 * each flight is its marketing carrier, number and local departure date. `pick` is not part of the
 * search (`encodeSearch` never writes it), so it changes neither the cache key nor the search.
 *
 * A flexible-date search (issue 16) writes `flex` (month | weekend), `month` and, for a round trip
 * on any days, `nights` (shortest-longest) in place of the dates; one way is the usual `trip`:
 *
 *   /search?trip=round-trip&from=JFK&to=LHR&flex=month&month=2027-03&nights=5-9&class=economy&adults=1
 *   /search?trip=one-way&from=JFK&to=LHR&flex=weekend&month=2027-03&class=economy&adults=1
 */

export interface SearchState {
  params: SearchParams
  filters: SearchFilters
}

/** Every key this module reads or writes, in the order they are written. */
export const SEARCH_URL_KEYS = [
  'trip',
  'from',
  'to',
  'depart',
  'return',
  'flex',
  'month',
  'nights',
  'legs',
  'class',
  'adults',
  'children',
  'infants_seat',
  'infants_lap',
  'sort',
  'stops',
  'bags',
  'price',
  'max_price',
  'include',
  'exclude',
  'out_times',
  'ret_times',
  'leg_times',
  'layover',
  'no_conn',
  'less_emissions',
  'max_duration',
  'gl',
  'hl',
  'currency',
  'deep_search',
  'show_hidden',
  'pick',
] as const

/** Keys whose presence means "there is a search in this URL". */
const SEARCH_MARKERS = ['trip', 'from', 'to', 'depart', 'legs', 'flex']

const LIST_SEPARATOR = '_'

/**
 * The search as it is sent: what does not apply to the trip type (a return date on a one-way trip,
 * segments on a round trip, the route fields of a multi-city trip) is dropped, so two searches that
 * ask the provider the same thing encode to the same URL and share a cache entry.
 */
export function normalizeSearch(params: SearchParams, filters: SearchFilters): SearchState {
  if (params.tripType === 'multi-city') {
    const ids = new Set(params.multiCitySegments.map((segment) => segment.id))
    return {
      params: { ...params, from: '', to: '', departureDate: '', returnDate: '' },
      filters: {
        ...filters,
        outboundTimes: [...DEFAULT_TIME_WINDOW],
        returnTimes: [...DEFAULT_TIME_WINDOW],
        multiCityTimes: Object.fromEntries(Object.entries(filters.multiCityTimes).filter(([id]) => ids.has(id))),
      },
    }
  }
  const oneWay = params.tripType === 'one-way'
  return {
    params: { ...params, returnDate: oneWay ? '' : params.returnDate, multiCitySegments: [] },
    filters: { ...filters, returnTimes: oneWay ? [...DEFAULT_TIME_WINDOW] : filters.returnTimes, multiCityTimes: {} },
  }
}

/**
 * The query string (without "?") for a search. Deterministic: equal searches give equal strings.
 * With `flexible` (round trip or one way), the month and trip length take the dates' place.
 */
export function encodeSearch(params: SearchParams, filters: SearchFilters, flexible?: FlexibleDates | null): string {
  const { params: p, filters: f } = normalizeSearch(params, filters)
  const flex = flexible && p.tripType !== 'multi-city' ? flexible : null
  const d = DEFAULT_SEARCH_FILTERS
  const entries: Array<[string, string]> = []
  const put = (key: (typeof SEARCH_URL_KEYS)[number], value: string | number | undefined | null, skip = false) => {
    if (!skip && value !== undefined && value !== null && value !== '') entries.push([key, String(value)])
  }

  put('trip', p.tripType)
  if (p.tripType === 'multi-city') {
    put('legs', p.multiCitySegments.map((s) => `${s.from}-${s.to}-${s.departureDate}`).join(LIST_SEPARATOR))
  } else {
    put('from', p.from)
    put('to', p.to)
    if (flex) {
      put('flex', flex.kind)
      put('month', flex.month)
      const nights = usesNights(p.tripType, flex.kind) && validNights(flex.minNights, flex.maxNights)
      put('nights', `${flex.minNights}-${flex.maxNights}`, !nights)
    } else {
      put('depart', p.departureDate)
      put('return', p.returnDate)
    }
  }
  put('class', p.travelClass)
  put('adults', p.adults)
  put('children', p.children, p.children === 0)
  put('infants_seat', f.infants_in_seat, f.infants_in_seat === 0)
  put('infants_lap', f.infants_on_lap, f.infants_on_lap === 0)

  put('sort', f.sortBy, f.sortBy === d.sortBy)
  put('stops', f.stops, f.stops === d.stops)
  put('bags', f.bags, f.bags === d.bags)
  put('price', `${f.priceRange[0]}-${f.priceRange[1]}`, sameList(f.priceRange, DEFAULT_PRICE_RANGE))
  put('max_price', f.maxPrice)
  put('include', f.includeAirlines.join(','))
  put('exclude', f.excludeAirlines.join(','))
  put('out_times', f.outboundTimes.join('-'), sameList(f.outboundTimes, DEFAULT_TIME_WINDOW))
  put('ret_times', f.returnTimes.join('-'), sameList(f.returnTimes, DEFAULT_TIME_WINDOW))
  if (p.tripType === 'multi-city') {
    const windows = p.multiCitySegments.map((s) => f.multiCityTimes[s.id] ?? DEFAULT_TIME_WINDOW)
    const anySet = windows.some((w) => !sameList(w, DEFAULT_TIME_WINDOW))
    put('leg_times', windows.map((w) => w.join('-')).join(LIST_SEPARATOR), !anySet)
  }
  put('layover', f.maxLayoverDuration, f.maxLayoverDuration === d.maxLayoverDuration)
  put('no_conn', f.excludeConnectingAirports.join(','))
  put('less_emissions', f.lessEmissions ? 1 : undefined)
  put('max_duration', f.maxDuration || undefined)
  put('gl', f.gl, f.gl === d.gl)
  put('hl', f.hl, f.hl === d.hl)
  put('currency', f.currency, f.currency === d.currency)
  put('deep_search', f.deepSearch ? 1 : 0, f.deepSearch === d.deepSearch)
  put('show_hidden', f.showHidden ? 1 : 0, f.showHidden === d.showHidden)

  // Commas and dashes stay readable ("from=LHR,LGW"); everything else is escaped.
  return entries.map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`).join('&')
}

/** Path and query of the search page showing this search (its flexible dates, if any). */
export function searchUrl(params: SearchParams, filters: SearchFilters, flexible?: FlexibleDates | null): string {
  return `${PATHS.search}?${encodeSearch(params, filters, flexible)}`
}

/**
 * The flexible dates a query string holds, or null for an exact-date search (no `flex`, one it
 * does not know, or a multi-city trip). Never throws: an unreadable `month` reads as "" (the form
 * asks for one) and an unreadable or unused `nights` as the default trip length.
 */
export function decodeFlexible(query: string | URLSearchParams): FlexibleDates | null {
  const search = toSearchParams(query)
  const kind = search.get('flex')?.trim()
  if (!kind || !(FLEX_KINDS as readonly string[]).includes(kind)) return null
  const tripType = decodeSearch(search).params.tripType
  if (tripType === 'multi-city') return null
  const month = search.get('month')?.trim() ?? ''
  const nights = usesNights(tripType, kind as FlexKind) ? nightsRange(search.get('nights')?.trim()) : undefined
  return {
    kind: kind as FlexKind,
    month: isMonth(month) ? month : '',
    minNights: nights?.[0] ?? FLEX_DEFAULT_NIGHTS.min,
    maxNights: nights?.[1] ?? FLEX_DEFAULT_NIGHTS.max,
  }
}

/** "5-9" (or "7": exactly 7), 1–30 nights, shortest first. */
function nightsRange(value: string | undefined): [number, number] | undefined {
  const match = value ? /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(value) : null
  if (!match) return undefined
  const min = Number(match[1])
  const max = match[2] === undefined ? min : Number(match[2])
  return validNights(min, max) ? [min, max] : undefined
}

/** Whether a query string holds a search (rather than, say, only tracking parameters). */
export function hasSearch(query: string | URLSearchParams): boolean {
  const search = toSearchParams(query)
  return SEARCH_MARKERS.some((key) => search.has(key))
}

/**
 * Reads a search back from a query string. Never throws: each value is checked on its own and a
 * value the schemas refuse keeps its default. The result is normalized like `encodeSearch`'s input,
 * and multi-city segments get the ids `leg-1`, `leg-2`… so decoding is repeatable.
 */
export function decodeSearch(query: string | URLSearchParams): SearchState {
  const search = toSearchParams(query)
  const get = (key: (typeof SEARCH_URL_KEYS)[number]) => {
    const value = search.get(key)?.trim()
    return value ? value : undefined
  }
  const paramsShape = searchParamsSchema.shape
  const filtersShape = searchFiltersSchema.shape
  const field = <T>(schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } }, value: unknown, fallback: T): T => {
    if (value === undefined) return fallback
    const parsed = schema.safeParse(value)
    return parsed.success ? (parsed.data as T) : fallback
  }
  const dp = DEFAULT_SEARCH_PARAMS
  const df = DEFAULT_SEARCH_FILTERS

  const tripType = field(paramsShape.tripType, get('trip'), dp.tripType)
  const segments: MultiCitySegment[] = []
  const legTimes: SearchFilters['multiCityTimes'] = {}
  if (tripType === 'multi-city') {
    const legs = (get('legs') ?? '').split(LIST_SEPARATOR).slice(0, 4 * MAX_MULTI_CITY_SEGMENTS)
    const windows = (get('leg_times') ?? '').split(LIST_SEPARATOR)
    legs.forEach((leg, i) => {
      const match = /^([A-Za-z,]*)-([A-Za-z,]*)-(.*)$/.exec(leg)
      if (!match || segments.length >= MAX_MULTI_CITY_SEGMENTS) return
      const id = `leg-${segments.length + 1}`
      const segment = multiCitySegmentSchema.shape
      segments.push({
        id,
        from: field(segment.from, match[1], ''),
        to: field(segment.to, match[2], ''),
        departureDate: field(segment.departureDate, match[3], ''),
      })
      legTimes[id] = timeWindow(windows[i]) ?? [...DEFAULT_TIME_WINDOW]
    })
  }

  const adults = field(paramsShape.adults, get('adults'), dp.adults)
  const rawParams: SearchParams = {
    tripType,
    from: field(paramsShape.from, get('from'), ''),
    to: field(paramsShape.to, get('to'), ''),
    departureDate: field(paramsShape.departureDate, get('depart'), ''),
    returnDate: field(paramsShape.returnDate, get('return'), ''),
    travelClass: field(paramsShape.travelClass, get('class'), dp.travelClass),
    adults,
    children: field(paramsShape.children, get('children'), dp.children),
    multiCitySegments: segments,
  }

  const include = airlineList(get('include'))
  const exclude = airlineList(get('exclude'))
  const rawFilters: SearchFilters = {
    sortBy: field(filtersShape.sortBy, get('sort'), df.sortBy),
    infants_in_seat: field(filtersShape.infants_in_seat, get('infants_seat'), df.infants_in_seat),
    infants_on_lap: field(filtersShape.infants_on_lap, get('infants_lap'), df.infants_on_lap),
    bags: field(filtersShape.bags, get('bags'), df.bags),
    priceRange: priceRange(get('price')) ?? [...DEFAULT_PRICE_RANGE],
    maxPrice: field<number | undefined>(filtersShape.maxPrice, get('max_price'), undefined),
    stops: field(filtersShape.stops, get('stops'), df.stops),
    includeAirlines: include,
    excludeAirlines: exclude,
    outboundTimes: timeWindow(get('out_times')) ?? [...DEFAULT_TIME_WINDOW],
    returnTimes: timeWindow(get('ret_times')) ?? [...DEFAULT_TIME_WINDOW],
    multiCityTimes: legTimes,
    maxLayoverDuration: field(filtersShape.maxLayoverDuration, get('layover'), df.maxLayoverDuration),
    excludeConnectingAirports: airportList(get('no_conn')),
    lessEmissions: flag(get('less_emissions')) ?? df.lessEmissions,
    maxDuration: field<number | undefined>(filtersShape.maxDuration, get('max_duration'), undefined) || undefined,
    gl: field(filtersShape.gl, get('gl'), df.gl),
    hl: field(filtersShape.hl, get('hl'), df.hl),
    currency: field(filtersShape.currency, get('currency'), df.currency),
    deepSearch: flag(get('deep_search')) ?? df.deepSearch,
    showHidden: flag(get('show_hidden')) ?? df.showHidden,
  }

  // Belt and braces: the whole object must still satisfy the schemas.
  const params = searchParamsSchema.safeParse(rawParams)
  const filters = searchFiltersSchema.safeParse(rawFilters)
  return normalizeSearch(params.success ? params.data : DEFAULT_SEARCH_PARAMS, filters.success ? filters.data : DEFAULT_SEARCH_FILTERS)
}

function toSearchParams(query: string | URLSearchParams): URLSearchParams {
  return typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

/** "6-12-0-23" (or "6-12": arrival any time), each hour 0–23 and each range in order. */
function timeWindow(value: string | undefined): TimeWindow | undefined {
  if (!value) return undefined
  const parts = value.split('-')
  if (parts.length !== 2 && parts.length !== 4) return undefined
  if (parts.some((part) => !/^\d{1,2}$/.test(part))) return undefined
  const [a, b, c = '0', d = '23'] = parts
  const parsed = searchFiltersSchema.shape.outboundTimes.safeParse([a, b, c, d])
  if (!parsed.success) return undefined
  const [depStart, depEnd, arrStart, arrEnd] = parsed.data
  return depStart <= depEnd && arrStart <= arrEnd ? parsed.data : undefined
}

function priceRange(value: string | undefined): [number, number] | undefined {
  const match = value ? /^(\d{1,6})-(\d{1,6})$/.exec(value) : null
  if (!match) return undefined
  const min = Number(match[1])
  const max = Number(match[2])
  return min <= max ? [min, max] : undefined
}

function flag(value: string | undefined): boolean | undefined {
  if (value === '1' || value === 'true') return true
  if (value === '0' || value === 'false') return false
  return undefined
}

function listOf(value: string | undefined, schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } }): string[] {
  if (!value) return []
  const out: string[] = []
  for (const token of value.split(',')) {
    const parsed = schema.safeParse([token])
    const item = parsed.success ? (parsed.data as string[])[0] : undefined
    if (item && !out.includes(item)) out.push(item)
  }
  return out.slice(0, 20)
}

function airlineList(value: string | undefined): string[] {
  return listOf(value, searchFiltersSchema.shape.includeAirlines)
}

function airportList(value: string | undefined): string[] {
  return listOf(value, searchFiltersSchema.shape.excludeConnectingAirports)
}

/** One flight of a booking link's fare: marketing carrier ("BA"), number ("117") and local departure date. */
export interface PickedFlight {
  airline: string
  number: string
  date: string
}

/** A booking link's fare: the flights chosen on each step, in order (outbound, return or next leg…). */
export type FarePick = PickedFlight[][]

export const PICK_URL_KEY = 'pick'
const PICK_STEP_SEPARATOR = '~'
const PICK_FLIGHT_SEPARATOR = ','
/** More flights than this in one step is no itinerary anyone sells. */
const MAX_PICK_FLIGHTS = 6
const PICKED_FLIGHT = /^([A-Z0-9]{2})0*(\d{1,4}[A-Z]?)\.(\d{4}-\d{2}-\d{2})$/

/** How many steps a search has: one way 1, round trip 2, multi-city one per flight. */
function stepCount(params: SearchParams): number {
  if (params.tripType === 'multi-city') return params.multiCitySegments.length
  return params.tripType === 'round-trip' ? 2 : 1
}

function pickedFlightText(flight: PickedFlight): string {
  return `${flight.airline}${flight.number}.${flight.date}`
}

function parsePickedFlight(text: string): PickedFlight | null {
  const match = PICKED_FLIGHT.exec(text.trim().toUpperCase())
  if (!match || !isoDateSchema.safeParse(match[3]).success) return null
  return { airline: match[1]!, number: match[2]!, date: match[3]! }
}

/** The longest valid prefix of a pick, at most `steps` long: a step after a bad one means nothing. */
function validPick(pick: readonly (readonly PickedFlight[])[], steps: number): FarePick {
  const out: FarePick = []
  for (const step of pick.slice(0, steps)) {
    if (step.length === 0 || step.length > MAX_PICK_FLIGHTS) break
    const flights = step.map((flight) => parsePickedFlight(pickedFlightText(flight)))
    if (flights.some((flight) => flight === null)) break
    out.push(flights as PickedFlight[])
  }
  return out
}

/** The `pick` value ("BA117.2026-12-10~BA112.2026-12-17"); "" when no step is valid. */
export function encodePick(pick: readonly (readonly PickedFlight[])[]): string {
  return validPick(pick, MAX_MULTI_CITY_SEGMENTS)
    .map((step) => step.map(pickedFlightText).join(PICK_FLIGHT_SEPARATOR))
    .join(PICK_STEP_SEPARATOR)
}

/**
 * Path and query of a booking link: the search page on this search, with the fare's flights to
 * choose. Steps beyond the trip's own and anything after an invalid step are left out.
 */
export function fareUrl(params: SearchParams, filters: SearchFilters, pick: readonly (readonly PickedFlight[])[]): string {
  const { params: p } = normalizeSearch(params, filters)
  const value = encodePick(validPick(pick, stepCount(p)))
  return `${searchUrl(params, filters)}${value ? `&${PICK_URL_KEY}=${value}` : ''}`
}

/**
 * Reads a booking link's fare back. Never throws: without a search there is no pick, a step that
 * is malformed ends it (later steps depend on it), and steps beyond the trip's are dropped.
 */
export function decodePick(query: string | URLSearchParams): FarePick {
  const search = toSearchParams(query)
  const raw = search.get(PICK_URL_KEY)?.trim()
  if (!raw || raw.length > 1000 || !hasSearch(search)) return []
  const steps = stepCount(decodeSearch(search).params)
  const out: FarePick = []
  for (const text of raw.split(PICK_STEP_SEPARATOR).slice(0, steps)) {
    const flights = text.split(PICK_FLIGHT_SEPARATOR)
    const parsed = flights.length <= MAX_PICK_FLIGHTS ? flights.map(parsePickedFlight) : [null]
    if (parsed.some((flight) => flight === null)) break
    out.push(parsed as PickedFlight[])
  }
  return out
}

/**
 * `location.search` without `pick`, everything else exactly as it was ("" when nothing is left):
 * once a booking link's fare is chosen (or given up) the address is the plain search again.
 */
export function withoutPick(query: string): string {
  const body = query.startsWith('?') ? query.slice(1) : query
  const kept = body.split('&').filter((part) => part.split('=')[0] !== PICK_URL_KEY)
  const rest = kept.join('&')
  return rest ? `?${rest}` : ''
}

/** A flight as a pick names it. "BA 0117" and "BA 117" are the same flight, as the alert engine reads them. */
export function segmentPick(segment: Pick<FlightSegment, 'airline' | 'flightNumber' | 'departure'>): PickedFlight {
  const flightNumber = segment.flightNumber.trim()
  const [prefix = '', ...rest] = flightNumber.split(/\s+/)
  const number = /(\d{1,4}[A-Z]?)$/.exec(rest.join('') || prefix)?.[1] ?? ''
  return {
    airline: (segment.airline.code ?? flightNumber.slice(0, 2)).toUpperCase(),
    number: number.replace(/^0+(?=\d)/, ''),
    date: segment.departure.time.slice(0, 10),
  }
}

/** Whether an itinerary's flights are exactly one step of a pick. */
export function matchesPickStep(itinerary: Pick<Itinerary, 'segments'>, step: readonly PickedFlight[]): boolean {
  return (
    itinerary.segments.length === step.length &&
    itinerary.segments.every((segment, i) => {
      const flight = segmentPick(segment)
      const picked = step[i]!
      return flight.airline === picked.airline && flight.number === picked.number && flight.date === picked.date
    })
  )
}
