// Inputs for scripts/bench-search.ts: what people type into the airport fields, and searches over
// real busy airports that each miss the flight service's cache (distinct route and dates).
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, type SearchRequest } from '#shared/flights/search-params.ts'
import { mulberry32 as random } from '#server/flights/providers/simulator/hash.ts'

/** IATA codes, city prefixes, airport-name words and 1–4 letter prefixes, as typed (some mixed case). */
export const AUTOCOMPLETE_QUERIES: readonly string[] = [
  // exact codes
  'jfk', 'LHR', 'cdg', 'fra', 'sfo', 'lax', 'ord', 'dxb', 'sin', 'hnd', 'syd', 'ams', 'mad', 'bcn', 'ist', 'gru',
  // city prefixes and whole city names
  'lon', 'new', 'san', 'par', 'tok', 'ist', 'ber', 'mun', 'chi', 'los', 'sao', 'bue', 'mel', 'São', 'zür', 'london', 'new york', 'san francisco', 'paris', 'frankfurt', 'istanbul', 'doha',
  // words of airport names
  'heathrow', 'gatwick', 'o\'hare', 'kennedy', 'charles', 'schiphol', 'changi', 'haneda', 'narita', 'international', 'intl', 'regional', 'municipal',
  // 1–4 letter prefixes as a user types them
  'l', 'lo', 'n', 'ne', 'nw', 's', 'sa', 'b', 'ba', 'bar', 'barc', 'm', 'ma', 'mad', 'madr', 'd', 'du', 'dub', 'dubl', 'x', 'q', 'zz', 'qqq',
]

/**
 * Busy hubs on every continent: the simulator's network gives them nonstops and connections.
 */
export const BUSY_AIRPORTS: readonly string[] = [
  'JFK', 'LHR', 'CDG', 'FRA', 'SFO', 'LAX', 'ORD', 'DXB', 'SIN', 'HND', 'SYD', 'AMS', 'MAD', 'BCN', 'IST',
  'ATL', 'DFW', 'DEN', 'SEA', 'YYZ', 'MEX', 'GRU', 'DOH', 'HKG', 'ICN', 'BKK', 'DEL', 'MUC', 'ZRH', 'FCO',
]

const DAY_MS = 86_400_000
/** YYYY-MM-DD `days` after `base`. */
export const dayAfter = (base: Date, days: number) => new Date(base.getTime() + days * DAY_MS).toISOString().slice(0, 10)

/** A deterministic pseudo-random generator (mulberry32), so every run searches the same things. */
export { random }

export type TripKind = 'one-way' | 'round-trip' | 'multi-city'

/**
 * `count` searches of one kind, all different (route or dates), departing 10–199 days after `today`.
 * Multi-city: three legs A→B→C→D, each 2–9 days after the previous one.
 */
export function distinctSearches(kind: TripKind, count: number, today: Date, seed: number): SearchRequest[] {
  const rand = random(seed)
  const pick = (except: readonly string[]) => {
    for (;;) {
      const code = BUSY_AIRPORTS[Math.floor(rand() * BUSY_AIRPORTS.length)]!
      if (!except.includes(code)) return code
    }
  }
  const seen = new Set<string>()
  const out: SearchRequest[] = []
  while (out.length < count) {
    const offset = 10 + Math.floor(rand() * 190)
    const from = pick([])
    const to = pick([from])
    let params: SearchRequest['params']
    if (kind === 'multi-city') {
      const third = pick([from, to])
      const fourth = pick([to, third])
      const d2 = offset + 2 + Math.floor(rand() * 8)
      const d3 = d2 + 2 + Math.floor(rand() * 8)
      params = {
        ...DEFAULT_SEARCH_PARAMS,
        tripType: 'multi-city',
        multiCitySegments: [
          { id: 'a', from, to, departureDate: dayAfter(today, offset) },
          { id: 'b', from: to, to: third, departureDate: dayAfter(today, d2) },
          { id: 'c', from: third, to: fourth, departureDate: dayAfter(today, d3) },
        ],
      }
    } else {
      const returnDate = kind === 'round-trip' ? dayAfter(today, offset + 3 + Math.floor(rand() * 14)) : ''
      params = { ...DEFAULT_SEARCH_PARAMS, tripType: kind, from, to, departureDate: dayAfter(today, offset), returnDate }
    }
    const key = JSON.stringify(params)
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ params, filters: DEFAULT_SEARCH_FILTERS })
  }
  return out
}
