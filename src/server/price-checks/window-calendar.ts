import { calendarFareKey, expandWindow, pairKey } from '#shared/alerts/date-window.ts'
import { fareRouteOf, type FareRoute } from '#shared/flights/fare-query.ts'
import type { DatePair } from '#shared/flights/flexible-dates.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import { engineQuery } from '../alerts/search-key.ts'
import type { PriceCheckDeps } from './price-check-config.ts'

/**
 * Flexible-date alerts on a provider that prices whole calendars (the simulated market, decision
 * 055 "calendar mode"): one fare-calendar request prices every date pair of the window exactly as
 * a first-step search of that pair would (provider.ts `priceDates`), so a check searches only the
 * cheapest pair it names, instead of sweeping the window a slice at a time. That holds only for the
 * search a calendar day stands for: an alert with a stop, airline, time-of-day or bag filter, a
 * child in the party, checked bags priced on top, or a window limited to times of day is swept as
 * on SerpApi (the calendar's price is not its price). A calendar that fails or prices nothing
 * leaves the alert to its sweep. The request is made once per route and window in a batch.
 */

/** The calendar request a flexible alert can be checked through, or null when its sweep must run. */
export function calendarRouteOf(alert: AlertRow): FareRoute | null {
  if (!alert.dateWindow || alert.alertType !== 'route') return null
  const key = calendarFareKey(engineQuery(alert.searchParameters), alert.bags, alert.dateWindow)
  return key ? fareRouteOf(key) : null
}

/** Per claimed alert: the window's cheapest pair by the calendar, for alerts calendar mode applies to. */
export async function cheapestPairsByCalendar(deps: Pick<PriceCheckDeps, 'provider' | 'logger' | 'config'>, claimed: readonly AlertRow[], today: string): Promise<Map<string, DatePair>> {
  const picks = new Map<string, DatePair>()
  const provider = deps.provider
  if (!provider.priceDates) return picks
  const priceDates = provider.priceDates.bind(provider)
  const asked = new Map<string, Promise<DatePair | null>>()
  const cheapest = async (route: FareRoute, pairs: DatePair[]): Promise<DatePair | null> => {
    try {
      const answer = await priceDates({ ...route, pairs }, { signal: AbortSignal.timeout(deps.config.timeoutMs) })
      let best: DatePair | null = null
      let lowest = Infinity
      for (const [i, pair] of pairs.entries()) {
        const price = answer.prices[i] ?? null
        // Pairs come by departure day: ties go to the earlier one, as the sweep's fold breaks them.
        if (price !== null && price < lowest) [best, lowest] = [pair, price]
      }
      return best
    } catch (err) {
      deps.logger.warn({ err, from: route.from, to: route.to }, 'fare calendar for a flexible alert failed: its sweep runs instead')
      return null
    }
  }
  await Promise.all(
    claimed.map(async (alert) => {
      const route = calendarRouteOf(alert)
      if (!route) return
      const pairs = expandWindow(alert.dateWindow!, { today })
      if (pairs.length === 0) return
      const key = JSON.stringify([route, pairs.map(pairKey)])
      let answer = asked.get(key)
      if (!answer) {
        answer = cheapest(route, pairs)
        asked.set(key, answer)
      }
      const pair = await answer
      if (pair) picks.set(alert.id, pair)
    }),
  )
  return picks
}
