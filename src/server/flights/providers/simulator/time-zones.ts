/**
 * Local airport time ↔ UTC with the airports' IANA zones, using only Intl (no dependency), and
 * "YYYY-MM-DD" date arithmetic.
 *
 * These run hundreds of thousands of times a second when the price-check engine drives the
 * simulated market (one search prices each option at ~100 moments for its price insights), so
 * everything slow is cached: offsets per zone and UTC hour (Intl.DateTimeFormat#formatToParts is
 * the slow part), and date strings ↔ epoch milliseconds (Date.parse and toISOString were most of
 * the rest). Each cache holds exactly what the plain expression in its comment returns (invalid
 * input included), so cached and uncached answers are the same; time-zones.test.ts checks that
 * against the plain versions (reference-model.test-helpers.ts). Every cache is bounded: it is
 * cleared when full.
 */

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
/**
 * Local instants in [0, this) are in years 1970–9999, where toISOString() prints "YYYY-MM-DDTHH:MM"
 * in its first 16 characters and date strings parse back to their midnight. The fast paths below
 * do arithmetic only there and fall back to the plain Date expressions elsewhere.
 */
const YEAR_10000_MS = 253_402_300_800_000

/**
 * One zone's formatter and its offsets in minutes by UTC hour (hours since the epoch), kept in
 * blocks of 1,024 hours (six weeks, 2 bytes an hour): a search looks up a few thousand hours, most
 * of them more than once, spread over the ~15 months from its price history to its return flight.
 */
interface ZoneOffsets {
  formatter: Intl.DateTimeFormat | undefined
  blocks: Map<number, Int16Array>
  /** Offsets that do not fit a block's int16 (none in real zones; NaN for dates Date.UTC cannot hold). */
  outliers: Map<number, number>
  /** The block used last: lookups come in runs within one block. */
  lastBlockIndex: number
  lastBlock: Int16Array | undefined
}

const BLOCK_HOURS = 1_024
/** Marks an hour of a block not looked up yet. */
const UNKNOWN = -32_768
/** 4,096 blocks of 2 KiB: 8 MiB at most, enough for every airport zone over the ~15 months searches look at. */
const MAX_BLOCKS = 4_096
/** The airports use ~300 zone names; more can only be a caller's mistake, and must not grow memory. */
const MAX_ZONES = 2_000

const zones = new Map<string, ZoneOffsets>()
let blockCount = 0

function zoneOffsets(timeZone: string): ZoneOffsets {
  let zone = zones.get(timeZone)
  if (!zone) {
    if (zones.size >= MAX_ZONES) clearOffsets(true)
    zone = { formatter: undefined, blocks: new Map(), outliers: new Map(), lastBlockIndex: NaN, lastBlock: undefined }
    zones.set(timeZone, zone)
  }
  return zone
}

function formatter(zone: ZoneOffsets, timeZone: string): Intl.DateTimeFormat {
  zone.formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  })
  return zone.formatter
}

/** Minutes to add to UTC to get local time in the zone at that instant (e.g. +60 for CET). */
export function utcOffsetMinutes(timeZone: string, utcMs: number): number {
  // Zone rules almost always change on a whole UTC hour, so one lookup per zone and UTC hour is
  // exact; the rare change on a half hour (Newfoundland) is off for 30 minutes twice a year.
  const hour = Math.floor(utcMs / HOUR_MS)
  const zone = zoneOffsets(timeZone)
  const blockIndex = Math.floor(hour / BLOCK_HOURS)
  let block = zone.lastBlockIndex === blockIndex ? zone.lastBlock : zone.blocks.get(blockIndex)
  if (!block) {
    // NaN instants (and other non-finite hours) have no block; they are looked up every time.
    if (!Number.isFinite(blockIndex)) return offsetAtHour(zone, timeZone, hour)
    if (blockCount >= MAX_BLOCKS) clearOffsets()
    block = new Int16Array(BLOCK_HOURS).fill(UNKNOWN)
    zone.blocks.set(blockIndex, block)
    blockCount++
  }
  zone.lastBlockIndex = blockIndex
  zone.lastBlock = block
  const i = hour - blockIndex * BLOCK_HOURS
  const known = block[i]!
  if (known !== UNKNOWN) return known
  const outlier = zone.outliers.get(hour)
  if (outlier !== undefined) return outlier
  const offset = offsetAtHour(zone, timeZone, hour)
  if (Number.isInteger(offset) && offset > UNKNOWN && offset <= 32_767) block[i] = offset
  else {
    if (zone.outliers.size >= BLOCK_HOURS) zone.outliers.clear()
    zone.outliers.set(hour, offset)
  }
  return offset
}

/** What the formatter's format() prints in en-US with h23: "M/D/YYYY, HH:MM". */
const FORMATTED = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+)$/

function offsetAtHour(zone: ZoneOffsets, timeZone: string, hour: number): number {
  try {
    const at = new Date(hour * HOUR_MS)
    // format() is 2.5× faster than formatToParts() and prints the same numbers between fixed
    // separators; anything else (era years) goes the formatToParts way.
    const printed = FORMATTED.exec(formatter(zone, timeZone).format(at))
    let asUtc: number
    if (printed) {
      const [, month, day, year, hours, minutes] = printed.map(Number) as [number, number, number, number, number, number]
      asUtc = Date.UTC(year, month - 1, day, hours, minutes)
    } else {
      const parts = formatter(zone, timeZone).formatToParts(at)
      const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
      asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
    }
    return Math.round((asUtc - hour * HOUR_MS) / MINUTE_MS)
  } catch {
    return 0 // an unknown zone name: treat as UTC rather than fail the search
  }
}

function clearOffsets(dropZones = false): void {
  if (dropZones) zones.clear()
  for (const zone of zones.values()) {
    zone.blocks.clear()
    zone.outliers.clear()
    zone.lastBlockIndex = NaN
    zone.lastBlock = undefined
  }
  blockCount = 0
}

/** A date string's two readings, cached: they differ only for impossible dates ("2026-02-31", years 0–99). */
interface DateReadings {
  /** Date.parse(`${date}T00:00:00Z`): how day counts and weekdays read it. */
  parsedMs: number
  /** Date.UTC(y, m - 1, d) of date.split('-').map(Number): how wall-clock times and addDays read it. */
  wallMs: number
}

const dateReadings = new Map<string, DateReadings>()
/** Midnight UTC epoch ms → new Date(ms).toISOString().slice(0, 10). */
const isoDates = new Map<number, string>()
const DATE_CACHE_MAX = 20_000

function readDate(date: string): DateReadings {
  let readings = dateReadings.get(date)
  if (!readings) {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number]
    readings = { parsedMs: Date.parse(`${date}T00:00:00Z`), wallMs: Date.UTC(y, m - 1, d) }
    if (dateReadings.size >= DATE_CACHE_MAX) dateReadings.clear()
    dateReadings.set(date, readings)
  }
  return readings
}

/** new Date(ms).toISOString().slice(0, 10), cached (ms is a UTC midnight on every hot path). */
function isoDate(ms: number): string {
  let date = isoDates.get(ms)
  if (date === undefined) {
    date = new Date(ms).toISOString().slice(0, 10) // throws on NaN, like the plain expression
    if (isoDates.size >= DATE_CACHE_MAX) isoDates.clear()
    isoDates.set(ms, date)
  }
  return date
}

/** "00:00" … "23:59" by minute of the day. */
const CLOCK_TIMES = Array.from({ length: 1_440 }, (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`)

/** UTC epoch ms of a local wall-clock time ("2026-12-10", minute 1230 → 20:30 local). */
export function localToUtc(date: string, minuteOfDay: number, timeZone: string): number {
  const wall = readDate(date).wallMs + minuteOfDay * MINUTE_MS
  const first = utcOffsetMinutes(timeZone, wall)
  const utc = wall - first * MINUTE_MS
  // Around a DST change the offset at the true instant can differ from the first guess.
  const second = utcOffsetMinutes(timeZone, utc)
  return second === first ? utc : wall - second * MINUTE_MS
}

/** "YYYY-MM-DD HH:MM" local time in the zone, SerpApi's format (no offset). */
export function formatLocal(utcMs: number, timeZone: string): string {
  const local = utcMs + utcOffsetMinutes(timeZone, utcMs) * MINUTE_MS
  if (!(local >= 0 && local < YEAR_10000_MS)) {
    const iso = new Date(local).toISOString()
    return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`
  }
  const ms = Math.trunc(local) // as new Date(local) reads it
  const midnight = Math.floor(ms / DAY_MS) * DAY_MS
  return `${isoDate(midnight)} ${CLOCK_TIMES[Math.floor((ms - midnight) / MINUTE_MS)]!}`
}

/** The local calendar date ("YYYY-MM-DD") in the zone at that instant. */
export function localDate(utcMs: number, timeZone: string): string {
  const local = utcMs + utcOffsetMinutes(timeZone, utcMs) * MINUTE_MS
  if (!(local >= 0 && local < YEAR_10000_MS)) return new Date(local).toISOString().slice(0, 10)
  return isoDate(Math.floor(Math.trunc(local) / DAY_MS) * DAY_MS)
}

/** Local minutes since midnight in the zone at that instant. */
export function localMinuteOfDay(utcMs: number, timeZone: string): number {
  const local = utcMs + utcOffsetMinutes(timeZone, utcMs) * MINUTE_MS
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS)
}

/** "2026-12-10" + n days. */
export function addDays(date: string, days: number): string {
  return isoDate(readDate(date).wallMs + days * DAY_MS)
}

/** Whole days from a to b (both "YYYY-MM-DD"). */
export function daysBetween(a: string, b: string): number {
  return Math.round((readDate(b).parsedMs - readDate(a).parsedMs) / DAY_MS)
}

/** daysBetween(localDate(utcMs, timeZone), date) without the string in between: days to a departure. */
export function daysFromLocalDate(utcMs: number, timeZone: string, date: string): number {
  const local = utcMs + utcOffsetMinutes(timeZone, utcMs) * MINUTE_MS
  if (!(local >= 0 && local < YEAR_10000_MS)) return daysBetween(localDate(utcMs, timeZone), date)
  // In this range the local date string parses back to exactly this midnight.
  return Math.round((readDate(date).parsedMs - Math.floor(Math.trunc(local) / DAY_MS) * DAY_MS) / DAY_MS)
}

/** Date.parse(`${date}T00:00:00Z`), cached: the UTC midnight starting the date (NaN if it is no date). */
export function dateStartMs(date: string): number {
  return readDate(date).parsedMs
}
