import { FLEX_DEFAULT_NIGHTS, FLEX_MAX_NIGHTS, type FlexibleQuery } from './fare-calendar.ts'
import { addIsoDays, isoWeekday } from './iso-days.ts'

/**
 * The date pairs a flexible search prices (decision 047). "Any dates in a month": every departure
 * day of the month × every trip length from minNights to maxNights (one way: every day). "A weekend
 * in <month>": leave on a Friday or Saturday of the month, come back on the Sunday or Monday right
 * after (1–3 nights). Days before `today` are left out; a trip may come back in the next month.
 */

/** The most pairs a month can hold (31 days × 30 lengths): the expansion never goes beyond it. */
export const FLEX_MAX_PAIRS = 31 * FLEX_MAX_NIGHTS

export interface DatePair {
  departureDate: string
  /** Null: one way. */
  returnDate: string | null
}

const FRIDAY = 5
const SATURDAY = 6
/** Sunday and Monday after a Friday or Saturday departure, in nights. */
const WEEKEND_RETURNS: Record<number, number[]> = { [FRIDAY]: [2, 3], [SATURDAY]: [1, 2] }

function daysOfMonth(month: string): string[] {
  const days: string[] = []
  for (let day = `${month}-01`; day.startsWith(month); day = addIsoDays(day, 1)) days.push(day)
  return days
}

export function flexibleDatePairs(q: Pick<FlexibleQuery, 'flex' | 'month' | 'minNights' | 'maxNights' | 'oneWay'>, today: string): DatePair[] {
  const days = daysOfMonth(q.month).filter((day) => day >= today)
  const pairs: DatePair[] = []
  if (q.flex === 'weekend') {
    for (const day of days) {
      const nights = WEEKEND_RETURNS[isoWeekday(day)]
      if (!nights) continue
      if (q.oneWay) pairs.push({ departureDate: day, returnDate: null })
      else for (const n of nights) pairs.push({ departureDate: day, returnDate: addIsoDays(day, n) })
    }
  } else if (q.oneWay) {
    for (const day of days) pairs.push({ departureDate: day, returnDate: null })
  } else {
    const min = q.minNights ?? FLEX_DEFAULT_NIGHTS.min
    const max = Math.min(FLEX_MAX_NIGHTS, Math.max(min, q.maxNights ?? FLEX_DEFAULT_NIGHTS.max))
    for (const day of days) for (let n = min; n <= max; n++) pairs.push({ departureDate: day, returnDate: addIsoDays(day, n) })
  }
  return pairs.slice(0, FLEX_MAX_PAIRS)
}
