import { checksPerDay } from '#shared/alerts/reasonable-use.ts'
import { cheapestCombination, datesForCheck, pairKey, searchesPerCheck, expandWindow, WINDOW_SWEEP_DAYS } from '#shared/alerts/date-window.ts'
import type { DatePair } from '#shared/flights/flexible-dates.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import type { WindowState } from '../db/schema.ts'
import type { AlertCheck } from './check-alert-group.ts'

/**
 * Flexible-date alerts in the engine (decision 055). A check of an alert with a date window asks
 * one search per date pair it covers this time: a round-robin slice of the window (every pair
 * within a week of checks) plus the "incumbent", the cheapest pair seen lately, so the alert's price
 * is always one this check saw (and a notice always names a price just confirmed). Each pair's
 * search is an ordinary member of the batch: it shares calls with every other alert asking the same
 * question (coalescing, subsumption). The members' results fold back into one check of the alert,
 * at its cheapest pair, and the window's memory (each pair's latest price) is kept on the alert.
 */

/** A pair's latest price older than this no longer names the incumbent: the sweep has come round since. */
export const WINDOW_MEMORY_MS = (WINDOW_SWEEP_DAYS + 1) * 86_400_000

/** Searches a check of this alert makes from its window's sweep (the incumbent comes on top; reasonable use counts both, date-window.ts alertSearchesPerDay). */
export function sweepSearches(alert: Pick<AlertRow, 'dateWindow' | 'checkFrequency'>, today: string): number {
  if (!alert.dateWindow) return 0
  return searchesPerCheck(expandWindow(alert.dateWindow, { today }).length, checksPerDay(alert.checkFrequency))
}

/**
 * The alert's search for one date pair: its own search with those dates, and the window's times of
 * day where it limits them (they replace the search's own for that direction). Without them the
 * pair's price would be a flight at an hour the traveller ruled out (flexible-window-times.db.test.ts).
 */
function memberFor(alert: AlertRow, pair: DatePair): AlertRow {
  const params = { ...alert.searchParameters, outbound_date: pair.departureDate }
  if (pair.returnDate) params.return_date = pair.returnDate
  const window = alert.dateWindow
  if (window?.outbound_times !== undefined) params.outbound_times = window.outbound_times
  if (window?.return_times !== undefined && pair.returnDate) params.return_times = window.return_times
  return { ...alert, searchParameters: params, departureDate: pair.departureDate, returnDate: pair.returnDate }
}

/** The incumbent: the cheapest pair remembered within WINDOW_MEMORY_MS that has not left yet. */
export function incumbentPair(state: WindowState | null, now: Date, today: string): DatePair | null {
  const fresh = Object.entries(state?.prices ?? {}).flatMap(([key, seen]) => {
    const [departureDate, returnDate] = key.split('|') as [string, string]
    const recent = now.getTime() - Date.parse(seen.at) <= WINDOW_MEMORY_MS
    return recent && departureDate >= today ? [{ departureDate, returnDate: returnDate || null, price: seen.price }] : []
  })
  const best = cheapestCombination(fresh)
  return best ? { departureDate: best.departureDate, returnDate: best.returnDate } : null
}

/**
 * The members a flexible alert is checked through this time, or null for an alert without a
 * window (checked as itself): the calendar's cheapest pair where the provider priced the window,
 * else the sweep's slice and the incumbent. An alert whose window has no day left is checked as itself too: its
 * departure date, the window's last day, has passed and the engine expires it.
 */
export function windowMembers(alert: AlertRow, now: Date, today: string, calendarPick?: DatePair): AlertRow[] | null {
  const window = alert.dateWindow
  if (!window || alert.alertType !== 'route') return null
  // The fare calendar priced every pair (window-calendar.ts): its cheapest is the one search to make.
  if (calendarPick) return [memberFor(alert, calendarPick)]
  const cursor = alert.windowState?.cursor ?? 0
  const pairs = datesForCheck(window, cursor, sweepSearches(alert, today), today)
  const incumbent = incumbentPair(alert.windowState, now, today)
  if (incumbent && !pairs.some((pair) => pairKey(pair) === pairKey(incumbent))) pairs.push(incumbent)
  return pairs.length > 0 ? pairs.map((pair) => memberFor(alert, pair)) : null
}

/**
 * One check of a flexible alert from its members' checks: the cheapest priced pair's (its
 * evaluation was made on the alert's own state, so it is the alert's); with no price, the first
 * failure, deferral or miss. The memory takes every pair this check priced, forgets pairs that
 * found nothing or have left, and moves the sweep on.
 */
export function foldWindowChecks(alert: AlertRow, members: readonly AlertCheck[], now: Date, today: string): AlertCheck {
  const priced = members.filter((c) => c.outcome.kind === 'price')
  const cheapest = priced.reduce<AlertCheck | null>((best, c) => {
    if (!best) return c
    const a = c.outcome.kind === 'price' ? c.outcome.price : Infinity
    const b = best.outcome.kind === 'price' ? best.outcome.price : Infinity
    return a < b || (a === b && c.alert.departureDate! < best.alert.departureDate!) ? c : best
  }, null)
  const chosen = cheapest ?? members.find((c) => c.outcome.kind === 'failed') ?? members.find((c) => c.outcome.kind === 'deferred') ?? members[0]!
  const prices = { ...(alert.windowState?.prices ?? {}) }
  for (const c of members) {
    const key = pairKey({ departureDate: c.alert.departureDate!, returnDate: c.alert.returnDate })
    if (c.outcome.kind === 'price') prices[key] = { price: c.outcome.price, at: now.toISOString() }
    else if (c.outcome.kind === 'missing') delete prices[key]
  }
  for (const key of Object.keys(prices)) if (key.split('|')[0]! < today) delete prices[key]
  const deferred = members.every((c) => c.outcome.kind === 'deferred')
  const windowState: WindowState = { cursor: (alert.windowState?.cursor ?? 0) + (deferred ? 0 : 1), prices }
  return { ...chosen, windowState }
}
