import { describe, expect, it } from 'vitest'
import { BASE_QUERY } from '#tests/fixtures/serpapi/index.ts'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import { createSerpProvider } from '../serpapi/create-serp-provider.ts'
import type { SerpFlightsResponse, SerpItinerary, SerpQuery } from '../serpapi/serp-types.ts'
import { createSimulatedMarket, type PriceShockSource, type SimulatedPriceShock } from './simulated-market.ts'

/** price_insights, and admin price shocks (one direction of a route, until a time). */

const DAY_S = 86_400
const NOW = new Date('2026-11-02T09:30:00Z')
const DATE = '2026-12-08'
const market = (shocks?: PriceShockSource, at: () => Date = () => NOW) =>
  createSimulatedMarket({ now: at, bookingUrl: 'https://faredrop.test/api/flights/simulated-seller', ...(shocks ? { shocks } : {}) })
const oneWay = (from: string, to: string, extra: SerpQuery = {}): SerpQuery => ({ type: 2, departure_id: from, arrival_id: to, outbound_date: DATE, ...extra })
const listed = (r: SerpFlightsResponse): SerpItinerary[] => [...(r.best_flights ?? []), ...(r.other_flights ?? [])]
const prices = (r: SerpFlightsResponse) => new Map(listed(r).map((it) => [it.flights.map((f) => f.flight_number).join('+'), it.price!]))
const levelOf = (lowest: number, [low, high]: [number, number]) => (lowest < low ? 'low' : lowest > high ? 'high' : 'typical')

describe('simulated market: a caller that reads no insights (the price-check engine)', () => {
  it('answers the same flights at the same prices, without price_insights', async () => {
    const withThem = await market().fetch(oneWay('JFK', 'LHR'))
    const without = await market().fetch(oneWay('JFK', 'LHR'), { withoutInsights: true })
    expect(without.price_insights).toBeUndefined()
    expect(listed(without)).toEqual(listed(withThem))
    // Through the provider, as the engine asks: the mapped answer says it has none.
    const provider = createSerpProvider(market())
    const query: FlightQuery = { ...BASE_QUERY, type: 2, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DATE }
    const mapped = await provider.search(query, { withoutInsights: true })
    expect(mapped.priceInsights).toBeNull()
    expect(mapped.best.map((it) => it.price)).toEqual((await provider.search(query)).best.map((it) => it.price))
  })
})

describe('simulated market: price insights', async () => {
  const answer = await market().fetch(oneWay('JFK', 'LHR'))
  const insights = answer.price_insights!

  it('reports the lowest price of the listed flights', () => {
    expect(insights.lowest_price).toBe(Math.min(...listed(answer).map((it) => it.price!)))
  })

  it('gives a typical range around the route’s usual price and a level consistent with it', () => {
    const [low, high] = insights.typical_price_range!
    expect(low).toBeGreaterThan(0)
    expect(high).toBeGreaterThanOrEqual(low)
    expect(high).toBeLessThan(2 * low)
    expect(['low', 'typical', 'high']).toContain(insights.price_level)
    expect(insights.price_level).toBe(levelOf(insights.lowest_price!, [low, high]))
  })

  it('has 60 days of daily history, oldest first, ending today (UTC midnight, unix seconds)', () => {
    const history = insights.price_history!
    expect(history).toHaveLength(60)
    const todayStart = Date.UTC(2026, 10, 2) / 1000
    expect(history.at(-1)![0]).toBe(todayStart)
    expect(history[0]![0]).toBe(todayStart - 59 * DAY_S)
    history.slice(1).forEach(([at], i) => expect(at - history[i]![0]).toBe(DAY_S))
    for (const [, price] of history) expect(price).toBeGreaterThan(0)
    expect(new Set(history.map(([, p]) => p)).size).toBeGreaterThan(5) // it moved over the two months
    // Today's point is the cheapest way to fly the route, which no listed flight undercuts.
    expect(history.at(-1)![1]).toBeLessThanOrEqual(insights.lowest_price!)
  })

  it('comes through the SerpApi mapper unchanged', async () => {
    const query: FlightQuery = { ...BASE_QUERY, type: 2, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: DATE }
    const mapped = await createSerpProvider(market()).priceInsights(query)
    expect(mapped).toEqual({
      lowest_price: insights.lowest_price,
      price_level: insights.price_level,
      typical_price_range: insights.typical_price_range,
      price_history: insights.price_history,
    })
  })

  it('keeps the typical range of a route and travel date identical at every hour of the day', async () => {
    // The options sampled for the range are picked by a price that ignores the hour of the search,
    // so price_level cannot flip between two checks on the same day unless the price itself moves.
    const roundTrip: SerpQuery = { type: 1, departure_id: 'CDG', arrival_id: 'NRT', outbound_date: DATE, return_date: '2026-12-20' }
    const queries = [oneWay('JFK', 'LHR'), oneWay('LHR', 'CDG', { bags: 1 }), roundTrip]
    const rangeAt = async (at: Date, q: SerpQuery) => (await market(undefined, () => at).fetch(q)).price_insights!.typical_price_range
    const expected = await Promise.all(queries.map((q) => rangeAt(NOW, q)))
    expect(expected[0]).toEqual(insights.typical_price_range)
    for (let h = 0; h < 24; h++) {
      const at = new Date(Date.UTC(2026, 10, 2, h, 30))
      expect(await Promise.all(queries.map((q) => rangeAt(at, q)))).toEqual(expected)
    }
  })

  it('lets the typical range drift only a little from one day to the next', async () => {
    const [low, high] = insights.typical_price_range!
    for (const days of [1, 2, 7]) {
      const later = await market(undefined, () => new Date(NOW.getTime() + days * DAY_S * 1000)).fetch(oneWay('JFK', 'LHR'))
      const [l, hi] = later.price_insights!.typical_price_range!
      expect(Math.abs(l - low) / low).toBeLessThan(0.05)
      expect(Math.abs(hi - high) / high).toBeLessThan(0.05)
    }
  })
})

describe('simulated market: admin price shocks', () => {
  const UNTIL = new Date('2026-11-03T00:00:00Z')
  const half: SimulatedPriceShock = { from: 'JFK', to: 'LHR', factor: 0.5, until: UNTIL }

  it('halves the shocked direction’s prices (nonstops and connections alike)', async () => {
    const normal = prices(await market().fetch(oneWay('JFK', 'LHR')))
    const shocked = prices(await market([half]).fetch(oneWay('JFK', 'LHR')))
    expect([...shocked.keys()].sort()).toEqual([...normal.keys()].sort())
    for (const [flights, price] of normal) expect(Math.abs(2 * shocked.get(flights)! - price)).toBeLessThanOrEqual(2)
  })

  it('leaves the reverse direction alone', async () => {
    const normal = await market().fetch(oneWay('LHR', 'JFK'))
    const withShock = await market([half]).fetch(oneWay('LHR', 'JFK'))
    expect(withShock).toEqual(normal)
  })

  it('reads the shocks on every call, from a function or a store, and stops applying them at `until`', async () => {
    let now = new Date('2026-11-02T23:59:59Z')
    const store = { active: () => Promise.resolve([half]) }
    const shockedMarket = market(store, () => now)
    const plainMarket = market(undefined, () => now)
    const before = prices(await shockedMarket.fetch(oneWay('JFK', 'LHR')))
    const reference = prices(await plainMarket.fetch(oneWay('JFK', 'LHR')))
    for (const [flights, price] of reference) expect(before.get(flights)).toBeLessThan(price)

    now = UNTIL
    expect(await shockedMarket.fetch(oneWay('JFK', 'LHR'))).toEqual(await plainMarket.fetch(oneWay('JFK', 'LHR')))

    const list: SimulatedPriceShock[] = []
    const fromFunction = market(() => list)
    const unshocked = prices(await fromFunction.fetch(oneWay('JFK', 'LHR')))
    list.push({ ...half, until: new Date('2027-01-01T00:00:00Z') })
    const shockedLater = prices(await fromFunction.fetch(oneWay('JFK', 'LHR')))
    for (const [flights, price] of unshocked) expect(shockedLater.get(flights)).toBeLessThan(price)
  })

  it('applies a shock with a departure date to that date only', async () => {
    const dated: SimulatedPriceShock = { ...half, departureDate: '2026-12-09' }
    expect(await market([dated]).fetch(oneWay('JFK', 'LHR'))).toEqual(await market().fetch(oneWay('JFK', 'LHR')))
    const onDate = prices(await market([dated]).fetch(oneWay('JFK', 'LHR', { outbound_date: '2026-12-09' })))
    const normal = prices(await market().fetch(oneWay('JFK', 'LHR', { outbound_date: '2026-12-09' })))
    for (const [flights, price] of normal) expect(onDate.get(flights)).toBeLessThan(price)
  })

  it('shows up in the insights: today is low against an unchanged typical range, and history is untouched', async () => {
    const normal = (await market().fetch(oneWay('JFK', 'LHR'))).price_insights!
    const shocked = (await market([half]).fetch(oneWay('JFK', 'LHR'))).price_insights!
    expect(shocked.typical_price_range).toEqual(normal.typical_price_range)
    expect(shocked.price_level).toBe('low')
    expect(shocked.price_history!.slice(0, -1)).toEqual(normal.price_history!.slice(0, -1))
    expect(shocked.price_history!.at(-1)![1]).toBeLessThan(normal.price_history!.at(-1)![1])
  })

  it('makes the level high when prices are shocked up', async () => {
    const double: SimulatedPriceShock = { ...half, factor: 2 }
    expect((await market([double]).fetch(oneWay('JFK', 'LHR'))).price_insights!.price_level).toBe('high')
  })
})
