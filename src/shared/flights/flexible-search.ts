import { FLEX_DEFAULT_NIGHTS, FLEX_MAX_NIGHTS, FLEX_MESSAGES, type FlexKind, type FlexibleQuery } from './fare-calendar.ts'
import { searchProblems, type SearchFilters, type SearchParams, type TripType } from './search-params.ts'

/**
 * A flexible-date search as the form and the URL hold it (issue 16): any days of a month, or its
 * weekends, and for round trips on any days a trip length range. The URL side is in
 * search-url.ts (`flex`, `month`, `nights`); the API's query and answer in fare-calendar.ts.
 */
export interface FlexibleDates {
  kind: FlexKind
  /** "2027-03"; "" when none is chosen (a link whose month was unreadable). */
  month: string
  /** Round trips on any days only (`usesNights`); otherwise kept but neither sent nor written. */
  minNights: number
  maxNights: number
}

/** Months the form offers: this one and the 11 after it. */
export const FLEX_MONTHS_AHEAD = 12

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

export function isMonth(value: string): boolean {
  return MONTH.test(value)
}

/** Whether the trip length applies: round trips on any days (a weekend sets its own length; one way has none). */
export function usesNights(tripType: TripType, kind: FlexKind): boolean {
  return tripType === 'round-trip' && kind === 'month'
}

/** Whether a trip length is one the API takes: whole nights from 1 to 30, shortest first. */
export function validNights(min: number, max: number): boolean {
  return Number.isInteger(min) && Number.isInteger(max) && min >= 1 && max <= FLEX_MAX_NIGHTS && min <= max
}

/** "2027-03" plus `by` months. */
export function addMonths(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number)
  const index = y! * 12 + (m! - 1) + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The months the form offers from `today` ("yyyy-MM-dd"): its month and the 11 after it. */
export function flexibleMonths(today: string): string[] {
  const first = today.slice(0, 7)
  return Array.from({ length: FLEX_MONTHS_AHEAD }, (_, i) => addMonths(first, i))
}

/** "March 2027". */
export function monthLabel(month: string): string {
  const match = MONTH.exec(month)
  return match ? `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}` : month
}

/** "Mar" (the summary's short form; the months offered never repeat a name). */
export function shortMonthLabel(month: string): string {
  const match = MONTH.exec(month)
  return match ? MONTH_NAMES[Number(match[2]) - 1]!.slice(0, 3) : month
}

/** "5–9 nights", "7 nights", "1 night". */
export function nightsText(min: number, max: number = min): string {
  return min === max ? `${min} ${min === 1 ? 'night' : 'nights'}` : `${min}–${max} nights`
}

/** The form's flexible fields as typed: nights are the number fields' text. */
export interface FlexibleDraft {
  kind: FlexKind
  month: string
  minNights: string
  maxNights: string
}

type Issue = { path: string[]; message: string }

/** A number field's text as a whole number, or NaN. */
export function wholeNumber(text: string): number {
  return /^\s*\d{1,3}\s*$/.test(text) ? Number(text) : Number.NaN
}

/**
 * Whether a flexible search can be sent, with every problem on its field: the route and party as
 * `searchProblems` checks them (the dates they would need left out), a month among those offered,
 * and for round trips on any days a trip length of 1 to 30 nights, shortest first.
 */
export function flexibleProblems(params: SearchParams, filters: SearchFilters, draft: FlexibleDraft, today: string): Issue[] {
  const issues: Issue[] = searchProblems(params, filters, today)
    .filter((issue) => !(issue.path.length === 1 && (issue.path[0] === 'departureDate' || issue.path[0] === 'returnDate')))
    .map((issue) => ({ path: issue.path.map(String), message: issue.message }))
  if (!flexibleMonths(today).includes(draft.month)) issues.push({ path: ['flexMonth'], message: FLEX_MESSAGES.month })
  if (usesNights(params.tripType, draft.kind)) {
    const min = wholeNumber(draft.minNights)
    const max = wholeNumber(draft.maxNights)
    const inRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= FLEX_MAX_NIGHTS
    if (!inRange(min)) issues.push({ path: ['minNights'], message: FLEX_MESSAGES.nights })
    else if (!inRange(max) || max < min) issues.push({ path: ['maxNights'], message: FLEX_MESSAGES.nights })
  }
  return issues
}

/** A draft that passed `flexibleProblems`, as the URL holds it. */
export function draftToFlexible(draft: FlexibleDraft): FlexibleDates {
  const min = wholeNumber(draft.minNights)
  const max = wholeNumber(draft.maxNights)
  const ok = validNights(min, max)
  return { kind: draft.kind, month: draft.month, minNights: ok ? min : FLEX_DEFAULT_NIGHTS.min, maxNights: ok ? max : FLEX_DEFAULT_NIGHTS.max }
}

export function flexibleToDraft(flexible: FlexibleDates): FlexibleDraft {
  return { kind: flexible.kind, month: flexible.month, minNights: String(flexible.minNights), maxNights: String(flexible.maxNights) }
}

/** GET /api/flights/flexible's query for a flexible search (the route, party, cabin and currency of the search). */
export function flexibleQuery(params: SearchParams, filters: Pick<SearchFilters, 'currency'>, flexible: FlexibleDates): FlexibleQuery {
  const nights = usesNights(params.tripType, flexible.kind)
  return {
    from: params.from,
    to: params.to,
    travelClass: params.travelClass,
    adults: params.adults,
    currency: filters.currency,
    flex: flexible.kind,
    month: flexible.month,
    ...(nights ? { minNights: flexible.minNights, maxNights: flexible.maxNights } : {}),
    oneWay: params.tripType === 'one-way',
  }
}

/** Whole nights between two "yyyy-MM-dd" days. */
export function nightsBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}
