import { addDays, addMonths, addWeeks, addYears, differenceInCalendarDays, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from 'date-fns'

/**
 * Calendar arithmetic on ISO days ("2026-12-23", the traveller's local calendar) for the price
 * calendar: the APG Date Picker Dialog's keys as one pure function, the two months in view, and
 * the weeks of a month. Weeks start on Sunday, as the app's en-US dates do.
 */

/** A local date from "yyyy-MM-dd" (never UTC: "2026-12-23" is the 23rd everywhere). */
export function toDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(y!, m! - 1, d!)
}

export function toIso(date: Date): string {
  return format(date, 'yyyy-MM-dd')
}

/** "2026-12": the month a day is in, and the key of a month in view. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7)
}

export function shiftMonth(month: string, by: number): string {
  return format(addMonths(toDate(`${month}-01`), by), 'yyyy-MM')
}

export function nightsBetween(from: string, to: string): number {
  return differenceInCalendarDays(toDate(to), toDate(from))
}

export interface DateBounds {
  /** The first day that can be picked (today, or the departure for a return). */
  min: string
  max?: string
}

function clamp(iso: string, { min, max }: DateBounds): string {
  if (iso < min) return min
  if (max && iso > max) return max
  return iso
}

/**
 * Where focus goes for a key in the grid (WAI-ARIA APG Date Picker Dialog): ←/→ a day, ↑/↓ a week,
 * PageUp/PageDown a month (Shift: a year; the 31st becomes the month's last day), Home/End the
 * week's first and last day. Never before `min` (nor after `max`). null: not a movement key.
 */
export function moveFocus(iso: string, key: string, shiftKey: boolean, bounds: DateBounds): string | null {
  const date = toDate(iso)
  let next: Date
  switch (key) {
    case 'ArrowLeft':
      next = addDays(date, -1)
      break
    case 'ArrowRight':
      next = addDays(date, 1)
      break
    case 'ArrowUp':
      next = addWeeks(date, -1)
      break
    case 'ArrowDown':
      next = addWeeks(date, 1)
      break
    case 'PageUp':
      next = shiftKey ? addYears(date, -1) : addMonths(date, -1)
      break
    case 'PageDown':
      next = shiftKey ? addYears(date, 1) : addMonths(date, 1)
      break
    case 'Home':
      next = startOfWeek(date)
      break
    case 'End':
      next = endOfWeek(date)
      break
    default:
      return null
  }
  return clamp(toIso(next), bounds)
}

/** The first of the two months shown, moved just enough that `focused` is in one of them. */
export function viewFor(view: string, focused: string): string {
  const month = monthOf(focused)
  if (month < view) return month
  if (month > shiftMonth(view, 1)) return shiftMonth(month, -1)
  return view
}

/** The day focus starts on: the field's date when it can be picked, else the first day that can. */
export function initialFocus(value: string, bounds: DateBounds): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? clamp(value, bounds) : bounds.min
}

/** A month's weeks, Sunday first; days outside the month are null. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const first = toDate(`${month}-01`)
  const last = endOfMonth(first)
  const weeks: Array<Array<string | null>> = []
  for (let day = startOfWeek(first); day <= last; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => {
      const d = addDays(day, i)
      return d.getMonth() === first.getMonth() ? toIso(d) : null
    }))
  }
  return weeks
}

/** The days a calendar answer should cover for the months in view: from `min` (or the first shown day) to the second month's end. */
export function pricedRange(view: string, min: string): { start: string; days: number } | null {
  const first = toIso(startOfMonth(toDate(`${view}-01`)))
  const end = toIso(endOfMonth(toDate(`${shiftMonth(view, 1)}-01`)))
  const start = first < min ? min : first
  if (start > end) return null
  return { start, days: nightsBetween(start, end) + 1 }
}
