import { format } from 'date-fns'

/**
 * Local wall-clock times ("YYYY-MM-DDTHH:MM", no offset) read as text, never through the browser's
 * time zone: 02:30 on a day the traveller's own clock skips an hour is still 02:30 at the airport.
 */

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})/

interface LocalParts {
  year: number
  month: number
  day: number
  hours: number
  minutes: number
}

function parts(value: string): LocalParts | null {
  const match = LOCAL_TIME.exec(value)
  if (!match) return null
  const [, year, month, day, hours, minutes] = match
  return { year: Number(year), month: Number(month), day: Number(day), hours: Number(hours), minutes: Number(minutes) }
}

/** Minutes after local midnight (0–1439), or null for a malformed time. */
export function minutesOfDay(value: string): number | null {
  const p = parts(value)
  return p ? p.hours * 60 + p.minutes : null
}

/** "11:20" (24-hour clock, as the post-search time filters show it). Malformed input comes back as given. */
export function formatClock(value: string): string {
  const p = parts(value)
  return p ? `${String(p.hours).padStart(2, '0')}:${String(p.minutes).padStart(2, '0')}` : value
}

/** Minutes after midnight as "06:00"; 1440 reads "24:00" (end of day). */
export function formatMinutes(total: number): string {
  const clamped = Math.max(0, Math.min(1440, Math.round(total)))
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`
}

/** Calendar days from the first local date to the second (arrival "+1" markers). */
export function dayDifference(from: string, to: string): number {
  const a = parts(from)
  const b = parts(to)
  if (!a || !b) return 0
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000)
}

/** "Thu, Dec 10" for the local date of a wall-clock time. */
export function formatLocalDate(value: string, pattern = 'EEE, MMM d'): string {
  const p = parts(value)
  if (!p) return ''
  return format(new Date(p.year, p.month - 1, p.day), pattern)
}

/** "+1" / "+2" / "-1" (and its spoken form), or null on the same day. */
export function dayOffsetLabel(days: number): { short: string; spoken: string } | null {
  if (days === 0) return null
  const short = days > 0 ? `+${days}` : `${days}`
  const spoken = days === 1 ? 'arrives the next day' : days > 1 ? `arrives ${days} days later` : days === -1 ? 'arrives the previous day' : `arrives ${-days} days earlier`
  return { short, spoken }
}
