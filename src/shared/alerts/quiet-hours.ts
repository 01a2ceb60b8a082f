import { z } from 'zod'
import { addLocalDays, instantOf, isTimeZone, wallClock } from '../time-zone.ts'

export { isTimeZone }

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
  const release = instantOf(addLocalDays(wall, nextDay ? 1 : 0), end, quiet.time_zone)
  return release.getTime() > now.getTime() ? release : null
}

/** "Notices wait from 22:00 to 07:00 (Europe/London)". */
export function quietHoursText(quiet: QuietHours): string {
  return `Notices wait from ${quiet.start} to ${quiet.end} (${quiet.time_zone.replace(/_/g, ' ')})`
}
