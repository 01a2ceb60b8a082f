// The skewed alert population scripts/bench-engine.ts seeds: real busy routes drawn Zipf-like (the
// popular routes are watched by many users), departure dates over the next six months with the
// popular dates (weekends, holidays, 3–8 weeks out) watched most, mostly one-way and round trips.
import { findAirport, distanceKm } from '#server/reference-data/airports.ts'
import { baseFareUsd, bookingCurve, seasonFactor, weekdayFactor } from '#server/flights/providers/simulator/price-model.ts'
import { mulberry32 as random } from '#server/flights/providers/simulator/hash.ts'

/**
 * 150 busy real city pairs (domestic trunks, transatlantic, intra-Europe, Asia, Gulf), roughly in
 * order of traffic; each is watched in both directions, so 300 directed routes.
 */
const PAIRS = `JFK-LAX LHR-JFK SFO-LAX ORD-LGA ATL-LGA BOS-LGA HND-CTS HND-FUK GMP-CJU SYD-MEL DXB-LHR SIN-KUL HKG-TPE
ICN-NRT BKK-HKG JFK-CDG LAX-ORD DFW-LAX ATL-MCO DEN-LAX SEA-SFO LAS-LAX PHX-LAX MIA-JFK ATL-DFW ORD-SFO
LHR-DUB AMS-LHR CDG-FCO MAD-BCN LHR-MAD FRA-LHR CDG-BCN MUC-FRA IST-LHR DOH-LHR DXB-BOM DEL-BOM SIN-HKG
SIN-BKK SIN-CGK HKG-ICN PVG-HKG PEK-PVG CAN-PEK ICN-KIX SYD-AKL SYD-BNE MEL-BNE YYZ-YVR YYZ-JFK YUL-YYZ
MEX-CUN MEX-LAX GRU-GIG GRU-EZE BOG-MIA SCL-LIM JFK-LHR EWR-LHR BOS-LHR IAD-LHR ORD-LHR SFO-LHR LAX-LHR
MIA-LHR JFK-FCO JFK-MAD JFK-FRA JFK-AMS JFK-DUB EWR-CDG ATL-CDG ORD-FRA SFO-FRA LAX-CDG YYZ-LHR YUL-CDG
JFK-MIA JFK-SFO JFK-ATL JFK-ORD JFK-LAS JFK-SEA JFK-DEN BOS-SFO BOS-ORD BOS-MIA ORD-DEN ORD-LAS ATL-LAX
DFW-ORD DEN-SFO SEA-LAX SEA-DEN LAS-SFO MCO-EWR IAH-ORD IAH-LAX MSP-ORD DTW-ATL CLT-LGA PHL-ATL SAN-SFO
HNL-LAX HNL-SFO LHR-EDI LHR-GLA LGW-BCN LGW-FCO STN-DUB MAN-AMS CDG-NCE CDG-TLS ORY-NCE FRA-BER MUC-HAM
ZRH-LHR VIE-FRA CPH-OSL ARN-CPH HEL-ARN LIS-OPO LIS-MAD ATH-FCO IST-AMS IST-FRA IST-CDG DOH-CDG DXB-CDG
DXB-JFK DXB-SIN DXB-SYD DOH-BKK AUH-LHR DEL-DXB DEL-SIN BOM-SIN BLR-DEL HKG-NRT HND-ITM SIN-SYD SIN-MEL
HKG-SYD NRT-LAX NRT-SFO HND-JFK ICN-LAX ICN-SFO PVG-LAX PEK-LAX TPE-LAX MNL-HKG CGK-DPS KUL-BKK BKK-HKT
JNB-CPT JNB-LHR CAI-JED ADD-DXB NBO-LHR LOS-LHR AKL-MEL SCL-GRU LIM-MIA PTY-MIA`

export interface Route {
  from: string
  to: string
  km: number
}

let routes: Route[] | null = null
/** The 300 directed routes, most watched first; pairs with an airport the market doesn't know are dropped. */
export function busyRoutes(): Route[] {
  if (routes) return routes
  const out: Route[] = []
  for (const pair of PAIRS.split(/\s+/).filter(Boolean)) {
    const [a, b] = pair.split('-') as [string, string]
    const A = findAirport(a)
    const B = findAirport(b)
    if (!A || !B) continue
    const km = distanceKm(A, B)
    out.push({ from: a, to: b, km }, { from: b, to: a, km })
  }
  routes = out
  return out
}

/** Deterministic pseudo-random numbers (mulberry32): every run seeds the same population. */
export { random }

/** A sampler of ranks 0..n-1 with P(k) ∝ 1 / (k + 1)^s (Zipf), by binary search on the cumulative weights. */
export function zipf(n: number, s: number, rand: () => number): () => number {
  const cumulative: number[] = []
  let total = 0
  for (let k = 0; k < n; k++) cumulative.push((total += 1 / (k + 1) ** s))
  return () => {
    const x = rand() * total
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

const DAY_MS = 86_400_000
export const dayAfter = (base: Date, days: number) => new Date(base.getTime() + days * DAY_MS).toISOString().slice(0, 10)

/**
 * Departure day offsets (1–180 days ahead) in order of popularity: Fridays and Sundays, the
 * year-end holidays and the booking sweet spot (3–8 weeks) first. A Zipf rank over this list
 * picks a date, so most alerts watch a few dozen dates and the long tail covers six months.
 */
export function popularDayOffsets(base: Date): number[] {
  const score = (offset: number) => {
    const date = dayAfter(base, offset)
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
    const weekend = weekday === 5 || weekday === 0 ? 2 : weekday === 4 || weekday === 6 ? 1 : 0
    const holiday = date.slice(5) >= '12-18' || date.slice(5) <= '01-03' ? 2 : 0
    const sweetSpot = offset >= 21 && offset <= 56 ? 1.5 : offset < 7 ? -1 : 0
    return weekend + holiday + sweetSpot - offset / 200
  }
  return Array.from({ length: 180 }, (_, i) => i + 1).sort((a, b) => score(b) - score(a) || a - b)
}

/** A rough "today's cheapest" for a route and dates (the market's factors without noise or carrier). */
export function typicalFare(route: Route, base: Date, outbound: string, inbound: string | null): number {
  const leg = (date: string, days: number) => baseFareUsd(route.km) * 0.82 * bookingCurve(days) * weekdayFactor(date) * seasonFactor(date)
  const daysOut = Math.round((Date.parse(`${outbound}T00:00:00Z`) - base.getTime()) / DAY_MS)
  if (!inbound) return leg(outbound, daysOut)
  const daysBack = Math.round((Date.parse(`${inbound}T00:00:00Z`) - base.getTime()) / DAY_MS)
  return (leg(outbound, daysOut) + leg(inbound, daysBack)) * 0.925
}
