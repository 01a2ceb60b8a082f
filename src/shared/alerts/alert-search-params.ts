import { z } from 'zod'
import type { FlightQuery, MultiCityLeg } from '../flights/flight-query.ts'

/**
 * The spec's "Alert search parameters" (section 3) and their validation (section 5), with the exact
 * messages. The form, the API and the price-check worker all read alerts through this schema.
 * Numeric fields accept numbers or numeric strings, as SerpApi does.
 */
export const ALERT_PARAM_MESSAGES = {
  departureCode: 'Departure airport code must be at least 3 characters',
  arrivalCode: 'Arrival airport code must be at least 3 characters',
  dateFormat: 'Date must be in YYYY-MM-DD format',
  times: 'Times must be "depStart,depEnd" or "depStart,depEnd,arrStart,arrEnd" format (e.g., "6,10" or "6,10,14,18")',
  sameAirports: 'Departure and arrival airports must be different',
  totalPassengers: 'Total passengers cannot exceed 9',
  layover: 'Layover duration must be "min,max" format in minutes (e.g., "30,480")',
  multiCityJsonRequired: 'Multi-city alerts must have multi_city_json parameter',
  multiCityJsonInvalid: 'multi_city_json must be valid JSON',
  multiCityJsonArray: 'multi_city_json must be an array of segments',
  multiCityMinSegments: 'Multi-city must have at least 2 segments',
  departureRequired: 'Non-multi-city alerts must have departure_id',
  arrivalRequired: 'Non-multi-city alerts must have arrival_id',
  outboundDateRequired: 'Non-multi-city alerts must have outbound_date',
  returnDateRequired: 'Round-trip alerts must have return_date',
  noMultiCityJson: 'Non-multi-city alerts cannot have multi_city_json parameter',
  currency: 'Currency must be exactly 3 characters',
  language: 'Language must be exactly 2 characters',
  country: 'Country must be exactly 2 characters',
} as const

/** The segment time pattern: "depStart,depEnd" or "depStart,depEnd,arrStart,arrEnd", 1–2 digits each. */
export const TIMES_PATTERN = /^\d{1,2},\d{1,2}(,\d{1,2},\d{1,2})?$/
const LAYOVER_PATTERN = /^\d{1,4},\d{1,4}$/
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

const timesSchema = z.string().trim().regex(TIMES_PATTERN, ALERT_PARAM_MESSAGES.times)

/** "Alert multi-city segment" (section 5). */
export const alertMultiCitySegmentSchema = z
  .object({
    departure_id: z.string().trim().toUpperCase().min(3, ALERT_PARAM_MESSAGES.departureCode),
    arrival_id: z.string().trim().toUpperCase().min(3, ALERT_PARAM_MESSAGES.arrivalCode),
    date: z.string().trim().regex(DATE_PATTERN, ALERT_PARAM_MESSAGES.dateFormat),
    times: timesSchema.optional(),
  })
  .refine((segment) => segment.departure_id !== segment.arrival_id, { message: ALERT_PARAM_MESSAGES.sameAirports, path: ['arrival_id'] })

const count = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback)
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])

const baseSchema = z.object({
  departure_id: z.string().trim().toUpperCase().min(3, ALERT_PARAM_MESSAGES.departureCode).optional(),
  arrival_id: z.string().trim().toUpperCase().min(3, ALERT_PARAM_MESSAGES.arrivalCode).optional(),
  outbound_date: z.string().trim().regex(DATE_PATTERN, ALERT_PARAM_MESSAGES.dateFormat).optional(),
  return_date: z.string().trim().regex(DATE_PATTERN, ALERT_PARAM_MESSAGES.dateFormat).optional(),
  type: z.coerce.number().int().min(1).max(3).default(1).transform((v) => v as FlightQuery['type']),
  multi_city_json: z.string().optional(),
  adults: count(1, 9, 1),
  children: count(0, 8, 0),
  infants_in_seat: count(0, 9, 0),
  infants_on_lap: count(0, 9, 0),
  travel_class: z.coerce.number().int().min(1).max(4).default(1).transform((v) => v as FlightQuery['travel_class']),
  stops: z.coerce.number().int().min(0).max(3).default(0).transform((v) => v as FlightQuery['stops']),
  sort_by: z.coerce.number().int().min(1).max(6).default(1).transform((v) => v as FlightQuery['sort_by']),
  max_price: z.coerce.number().positive().optional(),
  outbound_times: timesSchema.optional(),
  return_times: timesSchema.optional(),
  max_duration: z.coerce.number().positive().optional(),
  layover_duration: z.string().trim().regex(LAYOVER_PATTERN, ALERT_PARAM_MESSAGES.layover).optional(),
  include_airlines: z.string().trim().toUpperCase().max(200).optional(),
  exclude_airlines: z.string().trim().toUpperCase().max(200).optional(),
  exclude_conns: z.string().trim().toUpperCase().max(200).optional(),
  bags: count(0, 5, 0),
  emissions: z.coerce.number().int().min(1).max(1).transform((v) => v as 1).optional(),
  currency: z.string().trim().toUpperCase().length(3, ALERT_PARAM_MESSAGES.currency).default('USD'),
  hl: z.string().trim().toLowerCase().length(2, ALERT_PARAM_MESSAGES.language).default('en'),
  gl: z.string().trim().toLowerCase().length(2, ALERT_PARAM_MESSAGES.country).default('us'),
  deep_search: flag.default(true),
  show_hidden: flag.default(true),
})

/** Parses multi_city_json into segments, or says which of the section 5 rules it breaks. */
export function parseMultiCityJson(json: string): { segments: MultiCityLeg[] } | { error: string; path?: (string | number)[] } {
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    return { error: ALERT_PARAM_MESSAGES.multiCityJsonInvalid }
  }
  if (!Array.isArray(raw)) return { error: ALERT_PARAM_MESSAGES.multiCityJsonArray }
  if (raw.length < 2) return { error: ALERT_PARAM_MESSAGES.multiCityMinSegments }
  const segments: MultiCityLeg[] = []
  for (const [index, item] of raw.entries()) {
    const parsed = alertMultiCitySegmentSchema.safeParse(item)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      return { error: issue.message, path: [index, ...(issue.path as (string | number)[])] }
    }
    segments.push(parsed.data)
  }
  return { segments }
}

export const alertSearchParamsSchema = baseSchema.superRefine((params, ctx) => {
  const total = params.adults + params.children + params.infants_in_seat + params.infants_on_lap
  if (total > 9) ctx.addIssue({ code: 'custom', message: ALERT_PARAM_MESSAGES.totalPassengers, path: ['adults'] })

  if (params.type === 3) {
    if (!params.multi_city_json) {
      ctx.addIssue({ code: 'custom', message: ALERT_PARAM_MESSAGES.multiCityJsonRequired, path: ['multi_city_json'] })
      return
    }
    const parsed = parseMultiCityJson(params.multi_city_json)
    if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error, path: ['multi_city_json', ...(parsed.path ?? [])] })
    return
  }

  if (params.multi_city_json !== undefined) ctx.addIssue({ code: 'custom', message: ALERT_PARAM_MESSAGES.noMultiCityJson, path: ['multi_city_json'] })
  if (!params.departure_id) ctx.addIssue({ code: 'custom', message: ALERT_PARAM_MESSAGES.departureRequired, path: ['departure_id'] })
  if (!params.arrival_id) ctx.addIssue({ code: 'custom', message: ALERT_PARAM_MESSAGES.arrivalRequired, path: ['arrival_id'] })
  if (!params.outbound_date) ctx.addIssue({ code: 'custom', message: ALERT_PARAM_MESSAGES.outboundDateRequired, path: ['outbound_date'] })
  if (params.type === 1 && !params.return_date) ctx.addIssue({ code: 'custom', message: ALERT_PARAM_MESSAGES.returnDateRequired, path: ['return_date'] })
  if (params.departure_id && params.departure_id === params.arrival_id) {
    ctx.addIssue({ code: 'custom', message: ALERT_PARAM_MESSAGES.sameAirports, path: ['arrival_id'] })
  }
})

/** Validated alert search parameters: exactly a FlightQuery, ready for a provider. */
export type AlertSearchParams = z.infer<typeof alertSearchParamsSchema>

/** The legs an alert watches, in order, with their dates (multi-city from its JSON). */
export function alertLegs(params: AlertSearchParams): MultiCityLeg[] {
  if (params.type === 3) {
    const parsed = params.multi_city_json ? parseMultiCityJson(params.multi_city_json) : null
    return parsed && 'segments' in parsed ? parsed.segments : []
  }
  const outbound: MultiCityLeg = { departure_id: params.departure_id ?? '', arrival_id: params.arrival_id ?? '', date: params.outbound_date ?? '' }
  if (params.type === 2) return [outbound]
  return [outbound, { departure_id: params.arrival_id ?? '', arrival_id: params.departure_id ?? '', date: params.return_date ?? '' }]
}

/** The first departure date: an alert expires once it has passed (section 4). */
export function alertDepartureDate(params: AlertSearchParams): string | null {
  return readAlertSearch(params).departureDate
}

/**
 * An alert's search read once (a multi-city alert's JSON parsed a single time): its parameters, the
 * legs they describe and the first departure date. What the create path and the plan rules pass on.
 */
export interface AlertSearch {
  readonly params: AlertSearchParams
  readonly legs: readonly MultiCityLeg[]
  readonly departureDate: string | null
}

export function readAlertSearch(params: AlertSearchParams): AlertSearch {
  const legs = alertLegs(params)
  return { params, legs, departureDate: legs[0]?.date || null }
}

/** The search of a stored alert or of one being created, read once either way. */
export const asAlertSearch = (value: AlertSearch | AlertSearchParams): AlertSearch =>
  'legs' in value && 'params' in value ? value : readAlertSearch(value)
