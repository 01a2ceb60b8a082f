import { z } from 'zod'

/**
 * The search form's parameters and filters exactly as the spec's section 3 names them, with its
 * defaults. The browser form, the URL, the persisted preferences and POST /api/flights/search all
 * use these schemas, so a value the server would refuse never looks valid in the form.
 */

export const TRIP_TYPES = ['round-trip', 'one-way', 'multi-city'] as const
export type TripType = (typeof TRIP_TYPES)[number]

export const TRAVEL_CLASSES = ['economy', 'premium-economy', 'business', 'first'] as const
export type TravelClass = (typeof TRAVEL_CLASSES)[number]

export const TRAVEL_CLASS_LABELS: Record<TravelClass, string> = {
  economy: 'Economy',
  'premium-economy': 'Premium economy',
  business: 'Business',
  first: 'First',
}

/** SerpApi sort_by: 1 top flights, 2 price, 3 departure, 4 arrival, 5 duration, 6 emissions. */
export const SORT_BY_LABELS = {
  1: 'Top flights',
  2: 'Price',
  3: 'Departure time',
  4: 'Arrival time',
  5: 'Duration',
  6: 'Emissions',
} as const
export type SortBy = keyof typeof SORT_BY_LABELS

/** SerpApi stops: 0 any number (not nonstop!), 1 nonstop, 2 one stop or fewer, 3 two stops or fewer. */
export const STOPS_LABELS = { 0: 'Any number of stops', 1: 'Nonstop only', 2: '1 stop or fewer', 3: '2 stops or fewer' } as const
export type StopsFilter = keyof typeof STOPS_LABELS

export const ALLIANCES = ['STAR_ALLIANCE', 'SKYTEAM', 'ONEWORLD'] as const
export type Alliance = (typeof ALLIANCES)[number]
export const ALLIANCE_LABELS: Record<Alliance, string> = {
  STAR_ALLIANCE: 'Star Alliance',
  SKYTEAM: 'SkyTeam',
  ONEWORLD: 'oneworld',
}

export const MAX_PASSENGERS = 9
export const MAX_MULTI_CITY_SEGMENTS = 5
export const MIN_MULTI_CITY_SEGMENTS = 2
export const DEFAULT_PRICE_RANGE: [number, number] = [0, 2000]
export const DEFAULT_TIME_WINDOW: [number, number, number, number] = [0, 23, 0, 23]
export const DEFAULT_MAX_LAYOVER_HOURS = 24

export const SEARCH_MESSAGES = {
  failed: 'Failed to retrieve search results',
  fromRequired: 'Choose where you are flying from',
  toRequired: 'Choose where you are flying to',
  airportCode: 'Enter a 3-letter airport code (e.g. JFK) or pick one from the list',
  sameAirports: 'Departure and arrival airports must be different',
  departureRequired: 'Choose a departure date',
  returnRequired: 'Choose a return date',
  dateFormat: 'Date must be in YYYY-MM-DD format',
  pastDate: 'Dates cannot be in the past',
  returnBeforeDeparture: 'The return date must be on or after the departure date',
  segmentOrder: 'Each flight must leave on or after the previous one',
  tooManyPassengers: 'Total passengers cannot exceed 9',
  needAnAdult: 'At least 1 adult is required',
  lapInfants: 'Each infant on a lap needs an adult',
  tooManyBags: 'Carry-on bags cannot exceed the passengers who can bring one',
  minSegments: 'Multi-city must have at least 2 segments',
  airlinesBoth: 'Choose airlines to include or to exclude, not both',
  unknownAirport: 'Unknown airport',
} as const

/** The public flight routes' answer over their per-address budget (decision 048), with its Retry-After. */
export const flightRateLimitMessage = (seconds: number) => `Too many flight searches from your network. Try again in ${seconds} seconds.`

/**
 * The public flight routes' answer when every traveller together has spent the provider calls they
 * may make this minute or day (decision 050), with its Retry-After. A day's budget spent means a wait
 * of hours, said in hours rather than as tens of thousands of seconds.
 */
export function flightSearchBusyMessage(seconds: number): string {
  const wait = seconds < 120 ? `${seconds} seconds` : seconds < 7_200 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.ceil(seconds / 3_600)} hours`
  return `Flight search is busy right now. Try again in ${wait}.`
}

/**
 * One or more airport codes joined by commas (a city picked as "London (all airports)" becomes
 * "LHR,LGW,LCY,STN,LTN,SEN"). Uppercased; at most 10 codes, which is what SerpApi handles reliably.
 */
export const airportCodesSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase().replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[A-Z]{3}(,[A-Z]{3}){0,9}$/, SEARCH_MESSAGES.airportCode))

export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SEARCH_MESSAGES.dateFormat).refine(isRealDate, SEARCH_MESSAGES.dateFormat)

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const optionalAirport = z.union([z.literal(''), airportCodesSchema]).default('')
const optionalDate = z.union([z.literal(''), isoDateSchema]).default('')

export const multiCitySegmentSchema = z.object({
  id: z.string().min(1).max(64),
  from: optionalAirport,
  to: optionalAirport,
  departureDate: optionalDate,
})
export type MultiCitySegment = z.infer<typeof multiCitySegmentSchema>

/** "Search parameters (front end)": the form's route, dates and passengers. */
export const searchParamsSchema = z.object({
  tripType: z.enum(TRIP_TYPES).default('round-trip'),
  from: optionalAirport,
  to: optionalAirport,
  departureDate: optionalDate,
  returnDate: optionalDate,
  travelClass: z.enum(TRAVEL_CLASSES).default('economy'),
  adults: z.coerce.number().int().min(1, SEARCH_MESSAGES.needAnAdult).max(9, SEARCH_MESSAGES.tooManyPassengers).default(1),
  children: z.coerce.number().int().min(0).max(8, SEARCH_MESSAGES.tooManyPassengers).default(0),
  multiCitySegments: z.array(multiCitySegmentSchema).max(MAX_MULTI_CITY_SEGMENTS).default([]),
})
export type SearchParams = z.infer<typeof searchParamsSchema>

const hour = z.coerce.number().int().min(0).max(23)
export const timeWindowSchema = z.tuple([hour, hour, hour, hour])
export type TimeWindow = z.infer<typeof timeWindowSchema>
const airlineToken = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.union([z.string().regex(/^[A-Z0-9]{2}$/), z.enum(ALLIANCES)]))

/** "Search filters": what the provider applies before answering. Every field has the spec's default. */
export const searchFiltersSchema = z.object({
  sortBy: z.coerce.number().int().min(1).max(6).default(1) as z.ZodType<SortBy, unknown>,
  infants_in_seat: z.coerce.number().int().min(0).max(9, SEARCH_MESSAGES.tooManyPassengers).default(0),
  infants_on_lap: z.coerce.number().int().min(0).max(9, SEARCH_MESSAGES.tooManyPassengers).default(0),
  bags: z.coerce.number().int().min(0).max(5).default(0),
  priceRange: z.tuple([z.coerce.number().min(0), z.coerce.number().min(0)]).default(DEFAULT_PRICE_RANGE),
  maxPrice: z.coerce.number().int().positive().optional(),
  stops: z.coerce.number().int().min(0).max(3).default(0) as z.ZodType<StopsFilter, unknown>,
  includeAirlines: z.array(airlineToken).max(20).default([]),
  excludeAirlines: z.array(airlineToken).max(20).default([]),
  outboundTimes: timeWindowSchema.default(DEFAULT_TIME_WINDOW),
  returnTimes: timeWindowSchema.default(DEFAULT_TIME_WINDOW),
  multiCityTimes: z.record(z.string().max(64), timeWindowSchema).default({}),
  maxLayoverDuration: z.coerce.number().min(1).max(24).default(DEFAULT_MAX_LAYOVER_HOURS),
  excludeConnectingAirports: z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, SEARCH_MESSAGES.airportCode)).max(20).default([]),
  lessEmissions: z.boolean().default(false),
  maxDuration: z.coerce.number().int().min(0).max(5000).optional(),
  gl: z.string().trim().toLowerCase().length(2).default('us'),
  hl: z.string().trim().toLowerCase().length(2).default('en'),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code').default('USD'),
  deepSearch: z.boolean().default(true),
  showHidden: z.boolean().default(true),
})
export type SearchFilters = z.infer<typeof searchFiltersSchema>

export const DEFAULT_SEARCH_PARAMS: SearchParams = searchParamsSchema.parse({})
export const DEFAULT_SEARCH_FILTERS: SearchFilters = searchFiltersSchema.parse({})

export function totalPassengers(params: Pick<SearchParams, 'adults' | 'children'>, filters: Pick<SearchFilters, 'infants_in_seat' | 'infants_on_lap'>): number {
  return params.adults + params.children + filters.infants_in_seat + filters.infants_on_lap
}

type Issue = { path: (string | number)[]; message: string }

/**
 * Whether a search can be sent, with every problem on its field. `today` is the traveller's
 * calendar date (YYYY-MM-DD); the server passes its own, a day of slack either way covers time zones.
 */
export function searchProblems(params: SearchParams, filters: SearchFilters, today: string): Issue[] {
  const issues: Issue[] = []
  const add = (path: Issue['path'], message: string) => issues.push({ path, message })
  const route = (from: string, to: string, date: string, base: Issue['path']) => {
    if (!from) add([...base, 'from'], SEARCH_MESSAGES.fromRequired)
    if (!to) add([...base, 'to'], SEARCH_MESSAGES.toRequired)
    if (from && to && from.split(',').some((code) => to.split(',').includes(code))) add([...base, 'to'], SEARCH_MESSAGES.sameAirports)
    if (!date) add([...base, 'departureDate'], SEARCH_MESSAGES.departureRequired)
    else if (date < today) add([...base, 'departureDate'], SEARCH_MESSAGES.pastDate)
  }

  if (params.tripType === 'multi-city') {
    if (params.multiCitySegments.length < MIN_MULTI_CITY_SEGMENTS) add(['multiCitySegments'], SEARCH_MESSAGES.minSegments)
    params.multiCitySegments.forEach((segment, i) => {
      route(segment.from, segment.to, segment.departureDate, ['multiCitySegments', i])
      const previous = params.multiCitySegments[i - 1]?.departureDate
      if (previous && segment.departureDate && segment.departureDate < previous) {
        add(['multiCitySegments', i, 'departureDate'], SEARCH_MESSAGES.segmentOrder)
      }
    })
  } else {
    route(params.from, params.to, params.departureDate, [])
    if (params.tripType === 'round-trip') {
      if (!params.returnDate) add(['returnDate'], SEARCH_MESSAGES.returnRequired)
      else if (params.departureDate && params.returnDate < params.departureDate) add(['returnDate'], SEARCH_MESSAGES.returnBeforeDeparture)
    }
  }

  if (totalPassengers(params, filters) > MAX_PASSENGERS) add(['adults'], SEARCH_MESSAGES.tooManyPassengers)
  if (filters.infants_on_lap > params.adults) add(['infants_on_lap'], SEARCH_MESSAGES.lapInfants)
  if (filters.bags > params.adults + params.children + filters.infants_in_seat) add(['bags'], SEARCH_MESSAGES.tooManyBags)
  if (filters.includeAirlines.length > 0 && filters.excludeAirlines.length > 0) add(['includeAirlines'], SEARCH_MESSAGES.airlinesBoth)
  return issues
}

/** POST /api/flights/search body. Problems come back as 400 with field errors keyed `params.*` / `filters.*`. */
export const searchRequestSchema = z.object({
  params: searchParamsSchema,
  filters: searchFiltersSchema.default(DEFAULT_SEARCH_FILTERS),
})
export type SearchRequest = z.infer<typeof searchRequestSchema>

/** Handles the server gives out for the next step (POST /api/flights/next and /booking-options). */
export const flightTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{8,64}\.\d{1,4}$/, 'This result has expired. Please search again.') })

export const priceInsightsQuerySchema = z.object({
  from: airportCodesSchema,
  to: airportCodesSchema,
  departureDate: isoDateSchema,
  returnDate: z.union([z.literal(''), isoDateSchema]).optional(),
  travelClass: z.enum(TRAVEL_CLASSES).optional(),
  adults: z.coerce.number().int().min(1).max(9).optional(),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/).optional(),
})
export type PriceInsightsQuery = z.infer<typeof priceInsightsQuerySchema>
