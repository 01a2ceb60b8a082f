/**
 * Local airport time ↔ UTC with the airports' IANA zones, using only Intl (no dependency).
 * Offsets are cached per zone and UTC hour: a search converts a few hundred times, and
 * Intl.DateTimeFormat#formatToParts is the slow part.
 */

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()
const offsets = new Map<string, number>()
const OFFSET_CACHE_MAX = 50_000

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** Minutes to add to UTC to get local time in the zone at that instant (e.g. +60 for CET). */
export function utcOffsetMinutes(timeZone: string, utcMs: number): number {
  // Zone rules almost always change on a whole UTC hour, so one lookup per zone and UTC hour is
  // exact; the rare change on a half hour (Newfoundland) is off for 30 minutes twice a year.
  const hour = Math.floor(utcMs / HOUR_MS)
  const key = `${timeZone}@${hour}`
  const cached = offsets.get(key)
  if (cached !== undefined) return cached
  let offset = 0
  try {
    const parts = formatter(timeZone).formatToParts(new Date(hour * HOUR_MS))
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
    offset = Math.round((asUtc - hour * HOUR_MS) / MINUTE_MS)
  } catch {
    offset = 0 // an unknown zone name: treat as UTC rather than fail the search
  }
  if (offsets.size >= OFFSET_CACHE_MAX) offsets.clear()
  offsets.set(key, offset)
  return offset
}

/** UTC epoch ms of a local wall-clock time ("2026-12-10", minute 1230 → 20:30 local). */
export function localToUtc(date: string, minuteOfDay: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(y, m - 1, d) + minuteOfDay * MINUTE_MS
  const first = utcOffsetMinutes(timeZone, wall)
  const utc = wall - first * MINUTE_MS
  // Around a DST change the offset at the true instant can differ from the first guess.
  const second = utcOffsetMinutes(timeZone, utc)
  return second === first ? utc : wall - second * MINUTE_MS
}

/** "YYYY-MM-DD HH:MM" local time in the zone, SerpApi's format (no offset). */
export function formatLocal(utcMs: number, timeZone: string): string {
  const local = new Date(utcMs + utcOffsetMinutes(timeZone, utcMs) * MINUTE_MS).toISOString()
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`
}

/** The local calendar date ("YYYY-MM-DD") in the zone at that instant. */
export function localDate(utcMs: number, timeZone: string): string {
  return new Date(utcMs + utcOffsetMinutes(timeZone, utcMs) * MINUTE_MS).toISOString().slice(0, 10)
}

/** Local minutes since midnight in the zone at that instant. */
export function localMinuteOfDay(utcMs: number, timeZone: string): number {
  const local = utcMs + utcOffsetMinutes(timeZone, utcMs) * MINUTE_MS
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS)
}

/** "2026-12-10" + n days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from a to b (both "YYYY-MM-DD"). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS)
}
