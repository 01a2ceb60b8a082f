import { z } from 'zod'
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../plans.ts'
import { BAG_MESSAGES } from '../flights/bag-fees.ts'
import { addIsoDays } from '../flights/iso-days.ts'
import { createAlertSchema, DEFAULT_CHECK_FREQUENCY, type CreateAlert } from './alert.ts'
import { DATE_WINDOW_MAX_DAYS, DATE_WINDOW_MESSAGES, WINDOW_NIGHTS_MAX, WINDOW_NIGHTS_MIN, type DateWindow } from './date-window.ts'

/**
 * Alerts as CSV (issue 15, decision 041): one row per route alert, with columns an advisor can
 * fill in a spreadsheet. Import checks every row with the API's own schema and messages; export
 * writes the same columns (plus read-only ones an import skips), so an exported file imports back.
 */

export interface AlertCsvColumn {
  name: string
  required: boolean
  /** What the column holds, for the column guide beside the import. */
  description: string
  example: string
}

export const ALERT_CSV_COLUMNS = [
  { name: 'name', required: false, description: 'Alert name (at most 120 characters). Empty: "FROM → TO Route Alert".', example: 'Ana Lima: Lisbon in April' },
  { name: 'trip', required: true, description: 'one-way or round-trip.', example: 'round-trip' },
  { name: 'from', required: true, description: 'Departure airport (IATA code).', example: 'JFK' },
  { name: 'to', required: true, description: 'Arrival airport (IATA code).', example: 'LIS' },
  {
    name: 'depart',
    required: true,
    description: 'Departure date, YYYY-MM-DD. With a window (window_from): may be empty, for the window’s first day.',
    example: '2027-04-10',
  },
  {
    name: 'return',
    required: false,
    description: 'Return date, YYYY-MM-DD (round trips). With a window and depart empty: the window’s first day plus trip_nights_min.',
    example: '2027-04-17',
  },
  { name: 'adults', required: false, description: 'Adults, 1–9. Empty: 1.', example: '2' },
  { name: 'children', required: false, description: 'Children, 0–8. Empty: 0.', example: '0' },
  { name: 'cabin', required: false, description: 'economy, premium-economy, business or first. Empty: economy.', example: 'economy' },
  { name: 'stops', required: false, description: 'any, nonstop, 1-stop (at most one) or 2-stops (at most two). Empty: any.', example: 'nonstop' },
  { name: 'target_price', required: true, description: 'Tell me when the fare drops below this amount.', example: '450' },
  { name: 'currency', required: false, description: 'Three-letter currency code. Empty: USD.', example: 'USD' },
  { name: 'channels', required: false, description: 'Any of email, whatsapp, sms, push, separated by ";". Empty: email.', example: 'email;whatsapp' },
  { name: 'frequency', required: false, description: 'How often to check: 15d, 12h, 6h, 1h or any interval such as 45m, 3h, 2d (15 minutes to 30 days). Empty: 15d.', example: '12h' },
  { name: 'client', required: false, description: 'One of your clients, by the name on your Clients page: the alert tracks fares for them. Empty: your own alert.', example: '' },
  { name: 'rule', required: false, description: 'When to notify: below (the target price), drop (drop_percent % from price_now) or new-low (each new lowest price under price_now). Empty: below.', example: 'drop' },
  { name: 'drop_percent', required: false, description: 'For drop: a whole percentage, 1–90.', example: '10' },
  { name: 'price_now', required: false, description: 'The price a drop or new low is measured from (drop and new-low need it).', example: '500' },
  { name: 'step', required: false, description: 'How far a further drop must go before it notifies again: a percentage such as 5% (1–50 %), or an amount such as 20. Empty: 5%.', example: '5%' },
  { name: 'quiet_hours', required: false, description: 'Hold notices from–to in a time zone, such as 22:00-07:00 Europe/Lisbon. Empty: none.', example: '22:00-07:00 America/New_York' },
  { name: 'digest', required: false, description: 'One daily digest instead of each notice, at an hour in a time zone, such as 08:00 Europe/Lisbon. Not with quiet_hours. Empty: each notice at once.', example: '' },
  {
    name: 'window_from',
    required: false,
    description: 'Flexible dates: the first departure day of a window, YYYY-MM-DD (today or later); the alert tracks the cheapest dates in it. Empty: the alert keeps its depart and return dates.',
    example: '2027-04-03',
  },
  { name: 'window_to', required: false, description: `The window’s last departure day, YYYY-MM-DD: at most ${DATE_WINDOW_MAX_DAYS} days of departures.`, example: '2027-04-17' },
  { name: 'trip_nights_min', required: false, description: `Round trips with a window: the fewest nights away, ${WINDOW_NIGHTS_MIN}–${WINDOW_NIGHTS_MAX}. Empty for one way.`, example: '5' },
  { name: 'trip_nights_max', required: false, description: 'Round trips with a window: the most nights away, at least trip_nights_min.', example: '9' },
  {
    name: 'weekends_only',
    required: false,
    description: 'yes: only leave on a Friday or Saturday (and come back the Sunday or Monday after). Empty: no.',
    example: 'no',
  },
  {
    name: 'window_outbound_times',
    required: false,
    description: 'Hours of the day for the window’s outbound flights: 6,10 (leave 6–10) or 6,10,14,18 (leave 6–10, arrive 14–18). Empty: any time.',
    example: '',
  },
  { name: 'window_return_times', required: false, description: 'The same for the return flights of a round trip. Empty: any time.', example: '' },
  { name: 'carry_on_bags', required: false, description: 'Carry-on bags per traveller priced into the alert’s price: 0 or 1. Empty: 0.', example: '1' },
  { name: 'checked_bags', required: false, description: 'Checked bags per traveller, 0–2, at the airline’s published fees. Empty: 0.', example: '0' },
] as const satisfies readonly AlertCsvColumn[]

export type AlertCsvColumnName = (typeof ALERT_CSV_COLUMNS)[number]['name']
export const ALERT_CSV_HEADER: readonly AlertCsvColumnName[] = ALERT_CSV_COLUMNS.map((column) => column.name)

/** What an export adds after the importable columns; an import of that file skips them. */
export const ALERT_CSV_EXPORT_ONLY = ['id', 'status', 'current_price', 'lowest_price', 'created_at'] as const

/** Rows in one file; more is a request for the API, one batch at a time. */
export const MAX_CSV_ROWS = 1_000
/** Bytes in one file (about 150 bytes a row). */
export const MAX_CSV_BYTES = 262_144

export const CSV_MESSAGES = {
  empty: 'The file has no rows: the first line names the columns, each line after it is one alert.',
  tooManyRows: `A file may hold at most ${MAX_CSV_ROWS.toLocaleString('en-US')} alerts. Split it and import each part.`,
  tooLarge: `The file is larger than ${MAX_CSV_BYTES / 1024} KB. Split it and import each part.`,
  unknownColumn: (name: string) => `Unknown column "${name}". The columns are: ${ALERT_CSV_HEADER.join(', ')}.`,
  missingColumn: (name: string) => `The column "${name}" is missing.`,
  duplicateColumn: (name: string) => `The column "${name}" appears twice.`,
  required: (name: string) => `${name} is required.`,
  trip: 'Trip must be one-way or round-trip.',
  cabin: 'Cabin must be economy, premium-economy, business or first.',
  stops: 'Stops must be any, nonstop, 1-stop or 2-stops.',
  channel: (name: string) => `Unknown channel "${name}": use email, whatsapp, sms or push, separated by ";".`,
  whole: 'Must be a whole number.',
  frequency: 'Frequency must be 15d, 12h, 6h, 1h or an interval from 15 minutes to 30 days, such as 45m, 3h or 2d.',
  malformed: (detail: string) => `This line can't be read as CSV: ${detail}.`,
  planOnly: 'Importing and exporting alerts as CSV is part of the Unlimited plan.',
  client: (name: string) => `No client is named "${name}". Add them on your Clients page first, or leave the cell empty.`,
  rule: 'Rule must be below, drop or new-low.',
  step: 'Step must be a percentage such as 5% or an amount such as 20.',
  quietHours: 'Quiet hours must read like 22:00-07:00 Europe/Lisbon.',
  digest: 'A daily digest must read like 08:00 Europe/Lisbon (on the hour).',
  window: 'A window needs both window_from and window_to (YYYY-MM-DD). Leave every window column empty to keep the depart and return dates.',
  weekendsOnly: 'weekends_only must be yes or no.',
  clientTwice: (name: string) => `More than one client is named "${name}". Rename one on your Clients page so each name says whom it means.`,
} as const

/** One problem of one row, where a spreadsheet shows it: the file's line (1 is the header) and column. */
export interface CsvRowError {
  line: number
  column: string
  message: string
}

const TRIPS = { 'one-way': 2, 'round-trip': 1 } as const
const CABINS = { economy: 1, 'premium-economy': 2, business: 3, first: 4 } as const
const STOPS = { any: 0, nonstop: 1, '1-stop': 2, '2-stops': 3 } as const
export const CABIN_NAMES = Object.fromEntries(Object.entries(CABINS).map(([name, value]) => [value, name])) as Record<number, keyof typeof CABINS>
export const STOPS_NAMES = Object.fromEntries(Object.entries(STOPS).map(([name, value]) => [value, name])) as Record<number, keyof typeof STOPS>
export const TRIP_NAMES: Record<number, string> = { 1: 'round-trip', 2: 'one-way', 3: 'multi-city' }

/** The schema's field paths, by the column that feeds them (the first match wins). */
const COLUMN_OF_PATH: [RegExp, AlertCsvColumnName][] = [
  [/^name$/, 'name'],
  [/^target_price$/, 'target_price'],
  [/^notification_channels/, 'channels'],
  [/^check_frequency$/, 'frequency'],
  [/^search_parameters\.departure_id$/, 'from'],
  [/^search_parameters\.arrival_id$/, 'to'],
  [/^search_parameters\.outbound_date$/, 'depart'],
  [/^search_parameters\.return_date$/, 'return'],
  [/^search_parameters\.(adults|infants)/, 'adults'],
  [/^search_parameters\.children$/, 'children'],
  [/^search_parameters\.travel_class$/, 'cabin'],
  [/^search_parameters\.stops$/, 'stops'],
  [/^search_parameters\.currency$/, 'currency'],
  [/^search_parameters\.type$/, 'trip'],
  [/^trigger$/, 'rule'],
  [/^drop_percent$/, 'drop_percent'],
  [/^baseline_price$/, 'price_now'],
  [/^renotify_step/, 'step'],
  [/^quiet_hours/, 'quiet_hours'],
  [/^digest/, 'digest'],
  [/^date_window\.depart_from$/, 'window_from'],
  [/^date_window\.depart_to$/, 'window_to'],
  [/^date_window\.nights\.max$/, 'trip_nights_max'],
  [/^date_window\.nights/, 'trip_nights_min'],
  [/^date_window\.weekends_only$/, 'weekends_only'],
  [/^date_window\.outbound_times$/, 'window_outbound_times'],
  [/^date_window\.return_times$/, 'window_return_times'],
  // The window as a whole (a trip length on a one-way alert, none on a round trip): its nights.
  [/^date_window$/, 'trip_nights_min'],
  [/^bags\.checked$/, 'checked_bags'],
  [/^bags/, 'carry_on_bags'],
]

/** The CSV column a schema or server field path (`search_parameters.outbound_date`) came from. */
export function csvColumnOf(path: string): string {
  return COLUMN_OF_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? 'trip'
}

/** The rule column's words, by trigger (decision 051). */
const RULES = { below: 'below', drop: 'drop', 'new-low': 'new_low' } as const
export const RULE_NAMES: Record<string, string> = { below: 'below', drop: 'drop', new_low: 'new-low' }
const lookupName = <T extends Record<string, string>>(table: T, value: string): T[keyof T] | undefined =>
  Object.hasOwn(table, value) ? (table[value as keyof T] as T[keyof T]) : undefined

/** "5%" → a percentage step, "20" → an amount; null when it is neither (the schema judges the range). */
function readStep(text: string): { unit: 'percent' | 'amount'; value: string } | null {
  const match = /^(\d{1,6}(?:\.\d{1,2})?)\s*(%?)$/.exec(text)
  if (!match) return null
  return { unit: match[2] ? 'percent' : 'amount', value: match[1]! }
}

/** "22:00-07:00 Europe/Lisbon" → quiet hours; null when it doesn't read so (the schema judges times and zone). */
function readQuietHours(text: string): { start: string; end: string; time_zone: string } | null {
  const match = /^(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})\s+(\S{1,64})$/.exec(text)
  return match ? { start: match[1]!, end: match[2]!, time_zone: match[3]! } : null
}

/** "08:00 Europe/Lisbon" → a daily digest; null when it doesn't read so (the schema judges the zone). */
function readDigest(text: string): { hour: number; time_zone: string } | null {
  const match = /^(\d{2}):00\s+(\S{1,64})$/.exec(text)
  return match ? { hour: Number(match[1]), time_zone: match[2]! } : null
}

/** A digest as the digest column writes it: "08:00 Europe/Lisbon". */
export const digestCell = (digest: { hour: number; time_zone: string }) => `${String(digest.hour).padStart(2, '0')}:00 ${digest.time_zone}`

/** A step as the step column writes it: "5%" or "20". */
export const stepCell = (step: { unit: 'percent' | 'amount'; value: number }) => (step.unit === 'percent' ? `${step.value}%` : String(step.value))

/** The window columns, in the file's order (window_from … window_return_times). */
const WINDOW_COLUMNS = ['window_from', 'window_to', 'trip_nights_min', 'trip_nights_max', 'weekends_only', 'window_outbound_times', 'window_return_times'] as const
const YES_NO: Record<string, boolean> = { yes: true, no: false, true: true, false: false, y: true, n: false }

/**
 * A window as the window columns write it (window_from … window_return_times), or empty cells. A
 * window that has begun is written from `today` on (the days before it are no longer checked, and
 * a new window starts today or later), so the exported alert imports back; one wholly past is
 * written as it is (its alert has expired).
 */
export function windowCells(window: DateWindow | null, today: string): [string, string, string, string, string, string, string] {
  if (!window) return ['', '', '', '', '', '', '']
  const from = window.depart_from < today && window.depart_to >= today ? today : window.depart_from
  return [
    from,
    window.depart_to,
    window.nights ? String(window.nights.min) : '',
    window.nights ? String(window.nights.max) : '',
    window.weekends_only ? 'yes' : '',
    window.outbound_times ?? '',
    window.return_times ?? '',
  ]
}

const lookup = <T extends Record<string, number>>(table: T, value: string): T[keyof T] | undefined =>
  Object.hasOwn(table, value) ? (table[value as keyof T] as T[keyof T]) : undefined

/**
 * One row (cells by column name) into the body POST /api/alerts takes, or its problems, each on
 * its column with the API's own message. `line`: the row's line in the file.
 */
export function alertFromCsvRow(row: Readonly<Record<string, string>>, line: number): { alert: CreateAlert } | { errors: CsvRowError[] } {
  const errors: CsvRowError[] = []
  const fail = (column: string, message: string) => errors.push({ line, column, message })
  // An export writes "'=…" for a cell a spreadsheet would run as a formula; the apostrophe isn't data.
  const cell = (name: AlertCsvColumnName) => (row[name] ?? '').trim().replace(/^'(?=[=+\-@\t\r])/, '')

  // Flexible dates (decision 055): any window column but a "no" for weekends asks for a window.
  const weekendsCell = cell('weekends_only').toLowerCase()
  const weekends = weekendsCell === '' ? false : Object.hasOwn(YES_NO, weekendsCell) ? YES_NO[weekendsCell] : undefined
  if (weekends === undefined) fail('weekends_only', CSV_MESSAGES.weekendsOnly)
  const windowed = WINDOW_COLUMNS.some((name) => name !== 'weekends_only' && cell(name) !== '') || weekends === true
  // With a window, the search's own dates may be left to it: its first day, and the fewest nights after.
  const fromWindow = windowed && cell('depart') === '' && cell('window_from') !== ''

  for (const column of ALERT_CSV_COLUMNS) {
    if (column.required && cell(column.name) === '' && !(column.name === 'depart' && fromWindow)) fail(column.name, CSV_MESSAGES.required(column.name))
  }
  if (windowed) for (const name of ['window_from', 'window_to'] as const) if (cell(name) === '') fail(name, CSV_MESSAGES.window)
  for (const name of ['trip_nights_min', 'trip_nights_max'] as const) if (cell(name) !== '' && !/^\d{1,3}$/.test(cell(name))) fail(name, DATE_WINDOW_MESSAGES.nights)
  const bagMessages = { carry_on_bags: BAG_MESSAGES.carryOn, checked_bags: BAG_MESSAGES.checked } as const
  for (const name of ['carry_on_bags', 'checked_bags'] as const) if (cell(name) !== '' && !/^\d{1,2}$/.test(cell(name))) fail(name, bagMessages[name])
  const trip = lookup(TRIPS, cell('trip').toLowerCase())
  if (cell('trip') !== '' && trip === undefined) fail('trip', CSV_MESSAGES.trip)
  const cabin = cell('cabin') === '' ? 1 : lookup(CABINS, cell('cabin').toLowerCase())
  if (cabin === undefined) fail('cabin', CSV_MESSAGES.cabin)
  const stops = cell('stops') === '' ? 0 : lookup(STOPS, cell('stops').toLowerCase())
  if (stops === undefined) fail('stops', CSV_MESSAGES.stops)
  for (const name of ['adults', 'children'] as const) if (cell(name) !== '' && !/^\d{1,2}$/.test(cell(name))) fail(name, CSV_MESSAGES.whole)

  const rule = cell('rule') === '' ? 'below' : lookupName(RULES, cell('rule').toLowerCase())
  if (rule === undefined) fail('rule', CSV_MESSAGES.rule)
  const step = cell('step') === '' ? undefined : readStep(cell('step'))
  if (step === null) fail('step', CSV_MESSAGES.step)
  const quiet = cell('quiet_hours') === '' ? undefined : readQuietHours(cell('quiet_hours'))
  if (quiet === null) fail('quiet_hours', CSV_MESSAGES.quietHours)
  const digest = cell('digest') === '' ? undefined : readDigest(cell('digest'))
  if (digest === null) fail('digest', CSV_MESSAGES.digest)

  const channelNames = cell('channels') === '' ? ['email'] : cell('channels').toLowerCase().split(';').map((name) => name.trim()).filter(Boolean)
  for (const name of channelNames) if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(name)) fail('channels', CSV_MESSAGES.channel(name))

  // The schema judges the rest, so a row's problems all show at once; a column already refused
  // above (or the return date of an unreadable trip) isn't judged again on a stand-in value.
  const refused = new Set(errors.map((error) => error.column))
  if (refused.has('trip')) refused.add('return')
  const from = cell('from').toUpperCase()
  const to = cell('to').toUpperCase()
  const nightsGiven = cell('trip_nights_min') !== '' || cell('trip_nights_max') !== ''
  const depart = fromWindow ? cell('window_from') : cell('depart')
  // A round trip's return from the window: its first day plus the fewest nights (when both read).
  const firstNights = /^\d{1,3}$/.test(cell('trip_nights_min')) ? Number(cell('trip_nights_min')) : null
  const derivedReturn = fromWindow && trip === TRIPS['round-trip'] && cell('return') === '' && /^\d{4}-\d{2}-\d{2}$/.test(depart) && firstNights !== null ? addIsoDays(depart, firstNights) : ''
  const returnDate = cell('return') || derivedReturn
  // A date taken from the window has its problems said on the window's columns.
  if (fromWindow) refused.add('depart')
  if (fromWindow && cell('return') === '') refused.add('return')
  const parsed = createAlertSchema.safeParse({
    name: cell('name') || `${from} → ${to} Route Alert`,
    alertType: 'route',
    target_price: cell('target_price'),
    search_parameters: {
      type: trip ?? TRIPS['one-way'],
      departure_id: from,
      arrival_id: to,
      outbound_date: depart,
      ...(returnDate !== '' ? { return_date: returnDate } : {}),
      ...(cell('adults') !== '' && !refused.has('adults') ? { adults: cell('adults') } : {}),
      ...(cell('children') !== '' && !refused.has('children') ? { children: cell('children') } : {}),
      travel_class: cabin ?? CABINS.economy,
      stops: stops ?? STOPS.any,
      ...(cell('currency') !== '' ? { currency: cell('currency') } : {}),
    },
    notification_channels: Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, channelNames.includes(channel)])) as Record<NotificationChannel, boolean>,
    check_frequency: cell('frequency') || DEFAULT_CHECK_FREQUENCY,
    trigger: rule ?? 'below',
    ...(cell('drop_percent') !== '' ? { drop_percent: cell('drop_percent') } : {}),
    ...(cell('price_now') !== '' ? { baseline_price: cell('price_now') } : {}),
    ...(step ? { renotify_step: step } : {}),
    ...(quiet ? { quiet_hours: quiet } : {}),
    ...(digest ? { digest } : {}),
    ...(windowed
      ? {
          date_window: {
            depart_from: cell('window_from'),
            depart_to: cell('window_to'),
            weekends_only: weekends ?? false,
            nights: nightsGiven ? { min: cell('trip_nights_min'), max: cell('trip_nights_max') } : null,
            ...(cell('window_outbound_times') !== '' ? { outbound_times: cell('window_outbound_times') } : {}),
            ...(cell('window_return_times') !== '' ? { return_times: cell('window_return_times') } : {}),
          },
        }
      : {}),
    ...(cell('carry_on_bags') !== '' || cell('checked_bags') !== ''
      ? { bags: { carry_on: cell('carry_on_bags') || '0', checked: cell('checked_bags') || '0' } }
      : {}),
  })
  if (parsed.success && errors.length === 0) return { alert: parsed.data }
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = issue.path.join('.')
    const column = csvColumnOf(path)
    // Whether the window fits the trip is moot while the trip column can't be read.
    if (path === 'date_window' && refused.has('trip')) continue
    if (refused.has(column) || errors.some((error) => error.column === column && error.message === issue.message)) continue
    fail(column, column === 'frequency' ? CSV_MESSAGES.frequency : issue.message)
  }
  return { errors }
}

/**
 * POST /api/alerts/import's answer: how many rows the file had, how many alerts were created (all
 * of them, or none when any row has a problem, and none on a dry run), and every problem found.
 */
export interface AlertImportReport {
  dryRun: boolean
  rows: number
  created: number
  errors: CsvRowError[]
}

/** POST /api/alerts/import body: the file's text, and whether only to check it. */
export const alertImportSchema = z.strictObject({
  csv: z.string().max(MAX_CSV_BYTES, CSV_MESSAGES.tooLarge),
  dryRun: z.boolean().default(false),
})
export type AlertImportRequest = z.input<typeof alertImportSchema>
