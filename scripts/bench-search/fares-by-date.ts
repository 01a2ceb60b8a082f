// Fares by travel date for scripts/bench-search.ts (decision 047): the 62-day calendar (round trip
// of a set trip length, and one way), the 7 × 7 date grid and the flexible search's worst case (a
// whole month, any trip of 1–30 nights: up to 930 date pairs) through their routes, on the simulated
// market. Cold: a route and dates the process has not priced (leg options built, answer computed);
// recomputed: the same request after the answer cache was cleared (leg options cached); cached: the
// flight service's answer cache. Every route is a different pair of busy airports.
import type { Hono } from 'hono'
import { BUSY_AIRPORTS, dayAfter, random } from './queries.ts'
import { timeEach, type Row } from './stats.ts'

export const FARES_TARGET = { calendar: 150, grid: 300, flexible: 300, cached: 20 }

interface FaresBench {
  app: Hono
  today: Date
  clearCache: () => void
  runs: number
}

/** `count` distinct routes between busy airports, in a fixed pseudo-random order. */
function routes(count: number, seed: number): Array<[string, string]> {
  const rand = random(seed)
  const seen = new Set<string>()
  const out: Array<[string, string]> = []
  while (out.length < count) {
    const from = BUSY_AIRPORTS[Math.floor(rand() * BUSY_AIRPORTS.length)]!
    const to = BUSY_AIRPORTS[Math.floor(rand() * BUSY_AIRPORTS.length)]!
    if (from === to || seen.has(`${from}${to}`)) continue
    seen.add(`${from}${to}`)
    out.push([from, to])
  }
  return out
}

export async function benchFaresByDate({ app, today, clearCache, runs }: FaresBench): Promise<{ cold: Row[]; recomputed: Row[]; cached: Row[] }> {
  const get = async (url: string) => {
    const res = await app.request(url)
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`)
    return res.json()
  }
  const kinds = [
    { label: 'calendar, 62 days, round trip of 7 nights', target: FARES_TARGET.calendar, url: ([f, t]: [string, string], d: number) => `/api/flights/calendar?from=${f}&to=${t}&start=${dayAfter(today, d)}&days=62&tripNights=7` },
    { label: 'calendar, 62 days, one way', target: FARES_TARGET.calendar, url: ([f, t]: [string, string], d: number) => `/api/flights/calendar?from=${f}&to=${t}&start=${dayAfter(today, d)}&days=62` },
    {
      label: 'date grid, 7 × 7',
      target: FARES_TARGET.grid,
      url: ([f, t]: [string, string], d: number) => `/api/flights/date-grid?from=${f}&to=${t}&departureDate=${dayAfter(today, d)}&returnDate=${dayAfter(today, d + 7)}`,
    },
    {
      label: 'flexible, a month, 1–30 nights',
      target: FARES_TARGET.flexible,
      url: ([f, t]: [string, string], d: number) => `/api/flights/flexible?from=${f}&to=${t}&flex=month&month=${dayAfter(today, d + 30).slice(0, 7)}&minNights=1&maxNights=30`,
    },
  ]
  const cold: Row[] = []
  const recomputed: Row[] = []
  const cached: Row[] = []
  for (const [k, kind] of kinds.entries()) {
    const urls = routes(runs + 5, 3000 + k).map((route, i) => kind.url(route, 10 + ((i * 7) % 120)))
    await timeEach(urls.slice(0, 5), get) // warm-up: code paths, not these routes
    const measured = urls.slice(5)
    cold.push({ label: `${kind.label}: GET`, samples: await timeEach(measured, get), targetMs: kind.target })
    const again = measured.slice(-10)
    cached.push({ label: `${kind.label}: GET`, samples: await timeEach([...again, ...again, ...again], get), targetMs: FARES_TARGET.cached })
    recomputed.push({
      label: `${kind.label}: GET`,
      samples: await timeEach(again, (url) => {
        clearCache()
        return get(url)
      }),
      targetMs: kind.target,
    })
  }
  return { cold, recomputed, cached }
}
