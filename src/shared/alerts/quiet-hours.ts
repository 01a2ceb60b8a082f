import { z } from 'zod'

/**
 * Quiet hours (issue 17, decision 051): a window of the night, in the traveller's own time zone,
 * in which an alert's notices wait; they go out when it ends ("held until morning"). The time zone
 * is the browser's when the traveller sets the window, so it means their night wherever FareDrop's
 * servers run. Pure rules, shared by the form, the card and the engine.
 */

export const QUIET_HOURS_MESSAGES = {
  time: 'Quiet hours need a start and an end time (HH:MM)',
  same: 'Quiet hours must start and end at different times',
  timeZone: 'Choose a valid time zone',
} as const

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/

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

export const quietHoursSchema = z
  .object({
    start: z.string().trim().regex(HH_MM, QUIET_HOURS_MESSAGES.time),
    end: z.string().trim().regex(HH_MM, QUIET_HOURS_MESSAGES.time),
    time_zone: z.string().trim().refine(isTimeZone, QUIET_HOURS_MESSAGES.timeZone),
  })
  .refine((quiet) => quiet.start !== quiet.end, { message: QUIET_HOURS_MESSAGES.same, path: ['end'] })
export type QuietHours = z.infer<typeof quietHoursSchema>

/** The defaults the form offers: 22:00 to 07:00. */
export const DEFAULT_QUIET_WINDOW = { start: '22:00', end: '07:00' } as const

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

interface WallClock {
  year: number
  month: number
  day: number
  minutes: number
}

/** The wall clock in `timeZone` at `instant` (to the minute). */
function wallClock(instant: Date, timeZone: string): WallClock {
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
function instantOf(day: { year: number; month: number; day: number }, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(day.year, day.month - 1, day.day, 0, minutes)
  const first = guess - offsetMs(new Date(guess), timeZone)
  const second = guess - offsetMs(new Date(first), timeZone)
  return new Date(Math.max(first, second))
}

/**
 * When notices raised at `now` may go out: the end of the quiet window when `now` falls in it, in
 * the window's time zone; null when it does not (send now). A window may wrap midnight (22:00 to
 * 07:00) or not (13:00 to 15:00).
 */
export function quietUntil(now: Date, quiet: QuietHours | null): Date | null {
  if (!quiet || !isTimeZone(quiet.time_zone)) return null
  const start = minutesOf(quiet.start)
  const end = minutesOf(quiet.end)
  if (start === end) return null
  const wall = wallClock(now, quiet.time_zone)
  const wraps = start > end
  const inside = wraps ? wall.minutes >= start || wall.minutes < end : wall.minutes >= start && wall.minutes < end
  if (!inside) return null
  // Before midnight in a wrapping window, the window ends on the next local day.
  const nextDay = wraps && wall.minutes >= start
  const local = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + (nextDay ? 1 : 0)))
  const release = instantOf({ year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() }, end, quiet.time_zone)
  return release.getTime() > now.getTime() ? release : null
}

/** "Notices wait from 22:00 to 07:00 (Europe/London)". */
export function quietHoursText(quiet: QuietHours): string {
  return `Notices wait from ${quiet.start} to ${quiet.end} (${quiet.time_zone.replace(/_/g, ' ')})`
}
