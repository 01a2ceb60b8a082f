import { describe, expect, it } from 'vitest'
import type { SerpFlightsResponse, SerpItinerary, SerpQuery } from '../serpapi/serp-types.ts'
import { createSimulatedMarket } from './simulated-market.ts'

/** Prices as the whole market quotes them: determinism, movement with the injected clock, cabins and passengers. */

const HOUR = 3_600_000
const NOW = new Date('2026-11-02T09:30:00Z')
const DATE = '2026-12-08'
const marketAt = (at: Date) => createSimulatedMarket({ now: () => at, bookingUrl: 'https://faredrop.test/api/flights/simulated-seller' })
const oneWay = (from: string, to: string, extra: SerpQuery = {}): SerpQuery => ({ type: 2, departure_id: from, arrival_id: to, outbound_date: DATE, ...extra })
const listed = (r: SerpFlightsResponse): SerpItinerary[] => [...(r.best_flights ?? []), ...(r.other_flights ?? [])]
const flightsOf = (it: SerpItinerary) => it.flights.map((f) => f.flight_number).join('+')
/** Flights → price, so answers can be compared flight by flight whatever their order. */
const prices = (r: SerpFlightsResponse) => new Map(listed(r).map((it) => [flightsOf(it), it.price!]))

describe('simulated market: deterministic answers', () => {
  it('answers identical queries at the same instant identically, even from two market instances', async () => {
    const a = await marketAt(NOW).fetch(oneWay('JFK', 'LHR'))
    const b = await marketAt(new Date(NOW.getTime())).fetch(oneWay('JFK', 'LHR'))
    expect(b).toEqual(a)
  })

  it('answers identically throughout the same UTC hour (search id included)', async () => {
    const a = await marketAt(new Date('2026-11-02T09:00:00Z')).fetch(oneWay('JFK', 'LHR'))
    const b = await marketAt(new Date('2026-11-02T09:59:00Z')).fetch(oneWay('JFK', 'LHR'))
    expect(b).toEqual(a)
  })

  it('reads query values as SerpApi does: numbers or strings of a URL query give the same answer', async () => {
    const asNumbers = await marketAt(NOW).fetch(oneWay('JFK', 'LHR', { adults: 2, travel_class: 3 }))
    const asStrings = await marketAt(NOW).fetch({ type: '2', departure_id: 'jfk', arrival_id: 'lhr', outbound_date: DATE, adults: '2', travel_class: '3' })
    expect(prices(asStrings)).toEqual(prices(asNumbers))
  })
})

describe('simulated market: prices move with the clock, flights do not', () => {
  const moved = async (later: Date) => {
    const before = prices(await marketAt(NOW).fetch(oneWay('JFK', 'LHR')))
    const after = prices(await marketAt(later).fetch(oneWay('JFK', 'LHR')))
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
    return [...before].filter(([flights, price]) => after.get(flights) !== price).length
  }

  it('re-prices the same flights an hour later', async () => {
    expect(await moved(new Date(NOW.getTime() + HOUR))).toBeGreaterThan(0)
  })

  it('re-prices the same flights a day later', async () => {
    expect(await moved(new Date(NOW.getTime() + 24 * HOUR))).toBeGreaterThan(0)
  })

  it('lets the cheapest fare of a route go both up and down over 30 daily checks', async () => {
    const cheapest: number[] = []
    for (let day = 0; day < 30; day++) {
      const r = await marketAt(new Date(NOW.getTime() - (30 - day) * 24 * HOUR)).fetch(oneWay('JFK', 'LHR', { outbound_date: '2027-02-10' }))
      cheapest.push(Math.min(...listed(r).map((it) => it.price!)))
    }
    const steps = cheapest.slice(1).map((p, i) => p - cheapest[i]!)
    expect(steps.some((s) => s > 0)).toBe(true)
    expect(steps.some((s) => s < 0)).toBe(true)
    expect(Math.max(...cheapest) / Math.min(...cheapest)).toBeLessThan(1.5)
  })
})

describe('simulated market: cabins', async () => {
  const byCabin = await Promise.all([1, 2, 3, 4].map((travel_class) => marketAt(NOW).fetch(oneWay('JFK', 'LHR', { travel_class }))))
  const cabinOf = (r: SerpFlightsResponse) => new Map(listed(r).map((it) => [flightsOf(it), it.flights[0]!.travel_class]))

  it('labels the segments with the cabin searched', () => {
    expect(new Set(cabinOf(byCabin[0]!).values())).toEqual(new Set(['Economy']))
    expect(new Set(cabinOf(byCabin[1]!).values())).toEqual(new Set(['Premium economy']))
    expect(new Set(cabinOf(byCabin[2]!).values())).toEqual(new Set(['Business']))
  })

  it('prices the same flights economy < premium economy < business', () => {
    const [economy, premium, business] = byCabin.slice(0, 3).map(prices) as [Map<string, number>, Map<string, number>, Map<string, number>]
    const shared = [...business.keys()].filter((k) => economy.has(k) && premium.has(k))
    expect(shared.length).toBeGreaterThan(5)
    for (const k of shared) {
      expect(economy.get(k)!).toBeLessThan(premium.get(k)!)
      expect(premium.get(k)!).toBeLessThan(business.get(k)!)
    }
    expect(Math.min(...business.values())).toBeGreaterThan(2 * Math.min(...economy.values()))
  })

  it('prices first above business where the airline sells first, and sells business at the business price where it does not', () => {
    const business = prices(byCabin[2]!)
    const first = prices(byCabin[3]!)
    const firstCabins = cabinOf(byCabin[3]!)
    const realFirst = [...first.keys()].filter((k) => firstCabins.get(k) === 'First' && business.has(k))
    const fallback = [...first.keys()].filter((k) => firstCabins.get(k) === 'Business' && business.has(k))
    expect(realFirst.length).toBeGreaterThan(0)
    expect(fallback.length).toBeGreaterThan(0)
    for (const k of realFirst) expect(first.get(k)!).toBeGreaterThan(business.get(k)!)
    for (const k of fallback) expect(first.get(k)).toBe(business.get(k))
  })
})

describe('simulated market: passengers and currency', async () => {
  const party = (extra: SerpQuery) => marketAt(NOW).fetch(oneWay('JFK', 'LHR', { sort_by: 2, ...extra })).then(prices)
  const [one, two, withChild, withLapInfant] = await Promise.all([party({}), party({ adults: 2 }), party({ children: 1 }), party({ infants_on_lap: 1 })])
  const each = (check: (single: number, group: number) => void, group: Map<string, number>) => {
    expect(group.size).toBe(one.size)
    for (const [k, single] of one) check(single, group.get(k)!)
  }

  it('quotes the whole party: two adults cost twice one adult', () => {
    each((single, group) => expect(Math.abs(group - 2 * single)).toBeLessThanOrEqual(1), two)
  })

  it('charges a child less than an adult', () => {
    each((single, group) => {
      expect(group - single).toBeLessThan(single)
      expect(Math.abs(group - 1.75 * single)).toBeLessThanOrEqual(1.5)
    }, withChild)
  })

  it('charges a lap infant only about a tenth of an adult fare', () => {
    each((single, group) => {
      expect(group).toBeGreaterThan(single)
      expect(Math.abs(group - 1.1 * single)).toBeLessThanOrEqual(1.5)
    }, withLapInfant)
  })

  it('converts to the requested currency in whole units', async () => {
    const gbp = await party({ currency: 'GBP' })
    each((usd, pounds) => {
      expect(Number.isInteger(pounds)).toBe(true)
      expect(Math.abs(pounds - 0.79 * usd)).toBeLessThanOrEqual(1.5)
    }, gbp)
  })
})
