import { z } from 'zod'
import { addLocalDays, instantOf, isTimeZone, wallClock } from '../time-zone.ts'

/**
 * The daily digest (issue 17, decision 054): instead of a message per price event, an alert's
 * notices wait for one message a day, at an hour of the traveller's own day, that lists every
 * alert with news since the last one. The time zone is the browser's when the traveller chooses
 * it. Pure rules, shared by the form, the card, the API and the engine.
 */

export const DAILY_DIGEST_MESSAGES = {
  hour: 'Choose the hour of the day the digest is sent (0 to 23)',
  timeZone: 'Choose a valid time zone',
  withQuietHours: 'Choose quiet hours or a daily digest, not both: the digest already waits for its hour',
} as const

export const dailyDigestSchema = z.object({
  hour: z.number(DAILY_DIGEST_MESSAGES.hour).int(DAILY_DIGEST_MESSAGES.hour).min(0, DAILY_DIGEST_MESSAGES.hour).max(23, DAILY_DIGEST_MESSAGES.hour),
  time_zone: z.string(DAILY_DIGEST_MESSAGES.timeZone).trim().refine(isTimeZone, DAILY_DIGEST_MESSAGES.timeZone),
})
export type DailyDigest = z.infer<typeof dailyDigestSchema>

/** What the form offers first: 08:00, when people read their mail with coffee. */
export const DEFAULT_DIGEST_HOUR = 8

/**
 * When a notice raised at `now` goes out: the next time the traveller's clock shows the digest's
 * hour, strictly after `now` (an event at 08:00:00 waits for tomorrow's, since today's may be
 * going out). A skipped hour (spring forward) lands just after the jump, a repeated one (fall
 * back) on its second pass, so every local day has exactly one digest.
 */
export function nextDigestAt(now: Date, digest: DailyDigest): Date {
  const today = wallClock(now, digest.time_zone)
  const todays = instantOf(today, digest.hour * 60, digest.time_zone)
  return todays.getTime() > now.getTime() ? todays : instantOf(addLocalDays(today, 1), digest.hour * 60, digest.time_zone)
}

/** "08:00". */
export const digestHourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/** "One digest a day at 08:00 (Europe/London)". */
export function dailyDigestText(digest: DailyDigest): string {
  return `One digest a day at ${digestHourText(digest.hour)} (${digest.time_zone.replace(/_/g, ' ')})`
}
