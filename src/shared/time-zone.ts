/**
 * Wall clocks in the traveller's own IANA time zone, for rules that speak of local hours (quiet
 * hours, the daily digest): exact through DST changes, using only the runtime's Intl data, so the
 * browser and the server agree.
 */

/** Whether the runtime knows this IANA time zone ("Europe/London"). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export interface WallClock {
  year: number
  month: number
  day: number
  /** Minutes since local midnight. */
  minutes: number
}

export type LocalDay = Pick<WallClock, 'year' | 'month' | 'day'>

/** The wall clock in `timeZone` at `instant` (to the minute). */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day'), minutes: part('hour') * 60 + part('minute') }
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, 0, wall.minutes)
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000
}

/**
 * The instant the wall clock in `timeZone` reads `minutes` on the given local day. A time a DST
 * change skips (02:30 on a spring-forward night) lands just after the jump.
 */
export function instantOf(day: LocalDay, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(day.year, day.month - 1, day.day, 0, minutes)
  const first = guess - offsetMs(new Date(guess), timeZone)
  const second = guess - offsetMs(new Date(first), timeZone)
  return new Date(Math.max(first, second))
}

/** The local day `days` after `day` (calendar arithmetic, no time zone involved). */
export function addLocalDays(day: LocalDay, days: number): LocalDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days))
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}
