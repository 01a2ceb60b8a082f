/**
 * The search filters of the benchmark populations' route alerts (issue 17, decision 053): an alert
 * keeps the filters of the search it was set from. Shares per one-way or round-trip route alert,
 * drawn independently (an alert can have several):
 * - stops: nonstop only 20 %, at most one stop 5 %;
 * - airlines: 10 %, one alliance (oneworld, SkyTeam, Star Alliance alike);
 * - a time window: 12 %, one of morning 6–11, afternoon 12–17, evening 17–23, daytime 6–20; on a
 *   round trip on the outbound (50 %), the return (25 %) or both (25 %);
 * - a price ceiling: 20 %, 0.9–1.5 × the trip's typical fare, to $10;
 * - bags: 10 %, one carry-on.
 * Flight alerts (a chosen flight) and multi-city trips get none. Drawn from their own random
 * stream, 8 numbers per alert whatever comes out, so the trips drawn before them stay the same.
 */
export const FILTER_SHARES = { nonstop: 0.2, oneStop: 0.05, airlines: 0.1, times: 0.12, maxPrice: 0.2, bags: 0.1 } as const

const ALLIANCES = ['ONEWORLD', 'SKYTEAM', 'STAR_ALLIANCE'] as const
const WINDOWS = ['6,11', '12,17', '17,23', '6,20'] as const

export interface DrawnFilters {
  /** Search parameters to add to the alert's. */
  params: Record<string, unknown>
  /** The ceiling as a share of the trip's typical fare (the caller knows the fare), or null. */
  maxPriceShare: number | null
}

export function filterDrawer(rand: () => number): (roundTrip: boolean) => DrawnFilters {
  return (roundTrip) => {
    const [stops, airline, which, time, leg, ceiling, share, bags] = Array.from({ length: 8 }, rand) as [number, number, number, number, number, number, number, number]
    const params: Record<string, unknown> = {}
    if (stops < FILTER_SHARES.nonstop) params.stops = 1
    else if (stops < FILTER_SHARES.nonstop + FILTER_SHARES.oneStop) params.stops = 2
    if (airline < FILTER_SHARES.airlines) params.include_airlines = ALLIANCES[Math.floor(which * ALLIANCES.length)]
    if (time < FILTER_SHARES.times) {
      // The window picked from the low bits of the same draw: one draw, one window.
      const window = WINDOWS[Math.floor((time / FILTER_SHARES.times) * WINDOWS.length)]
      if (!roundTrip || leg < 0.75) params.outbound_times = window
      if (roundTrip && leg >= 0.5) params.return_times = window
    }
    if (bags < FILTER_SHARES.bags) params.bags = 1
    return { params, maxPriceShare: ceiling < FILTER_SHARES.maxPrice ? 0.9 + 0.6 * share : null }
  }
}

/** A ceiling of `share` × `fare`, to $10 (never under $10). */
export function ceilingOf(fare: number, share: number): number {
  return Math.max(10, Math.round((fare * share) / 10) * 10)
}
