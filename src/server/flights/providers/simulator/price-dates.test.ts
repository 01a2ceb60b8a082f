import { describe, expect, it } from 'vitest'
import type { SerpFlightsResponse, SerpQuery } from '../serpapi/serp-types.ts'
import { createSimulatedMarket, type SimulatedPriceShock } from './simulated-market.ts'
import { addDays } from './time-zones.ts'

/**
 * Fares by date on the simulated market: each equals the lowest price a search of that pair shows,
 * as the search form sends it with default filters (deep_search and show_hidden on), asked through
 * the market's own search entry point.
 */

const NOW = new Date('2026-11-02T09:30:00Z')
const shocks: SimulatedPriceShock[] = [{ from: 'JFK', to: 'LHR', departureDate: '2026-12-10', factor: 0.7, until: new Date('2026-11-03T00:00:00Z') }]
const market = createSimulatedMarket({ now: () => NOW, bookingUrl: 'https://faredrop.test/seller', shocks })

const lowestOf = (r: SerpFlightsResponse): number | null => {
  const prices = [...(r.best_flights ?? []), ...(r.other_flights ?? [])].map((it) => it.price!)
  return prices.length === 0 ? null : Math.min(...prices)
}
async function searched(from: string, to: string, dep: string, ret: string | null, extra: SerpQuery = {}): Promise<number | null> {
  const query: SerpQuery = { type: ret ? 1 : 2, departure_id: from, arrival_id: to, outbound_date: dep, ...(ret ? { return_date: ret } : {}), deep_search: true, show_hidden: true, ...extra }
  const answer = await market.fetch(query)
  const lowest = lowestOf(answer)
  if (lowest !== null) expect(answer.price_insights?.lowest_price).toBe(lowest)
  return lowest
}

const ROUTES: Array<[string, string]> = [
  ['JFK', 'LHR'],
  ['LHR', 'CDG'],
  ['SFO', 'NRT'],
  ['LHR,LGW', 'JFK,EWR'],
  ['SYD', 'LAX'],
]

describe('priceDates on the simulated market', () => {
  it.each(ROUTES)('one way %s → %s: every day is the lowest price its search shows (a shocked day too)', async (from, to) => {
    const dates = Array.from({ length: 12 }, (_, i) => addDays('2026-11-01', i * 4)) // past, today, weeks out
    const answer = await market.priceDates({ from, to, travelClass: 'economy', adults: 1, currency: 'USD', pairs: dates.map((d) => ({ departureDate: d, returnDate: null })) })
    for (const [i, date] of dates.entries()) expect(answer.prices[i], date).toBe(await searched(from, to, date, null))
    expect(answer.prices[0]).toBeNull()
    expect(answer.prices.filter((p) => p !== null).length).toBeGreaterThanOrEqual(10)
  })

  it.each(ROUTES)('round trip %s → %s in business for 2 adults in EUR: pairs priced as their searches', async (from, to) => {
    const pairs = Array.from({ length: 8 }, (_, i) => ({ departureDate: addDays('2026-11-20', i * 5), returnDate: addDays('2026-11-20', i * 5 + (i % 4) * 3) }))
    const answer = await market.priceDates({ from, to, travelClass: 'business', adults: 2, currency: 'eur', pairs })
    for (const [i, p] of pairs.entries()) {
      expect(answer.prices[i]).toBe(await searched(from, to, p.departureDate, p.returnDate, { travel_class: 3, adults: 2, currency: 'EUR' }))
    }
    expect(answer.prices.filter((p) => p !== null).length).toBeGreaterThanOrEqual(6)
  })

  it('prices past days, returns before departures and impossible dates as null', async () => {
    const answer = await market.priceDates({
      from: 'JFK',
      to: 'LHR',
      travelClass: 'economy',
      adults: 1,
      currency: 'USD',
      pairs: [
        { departureDate: '2026-10-30', returnDate: null },
        { departureDate: '2026-12-10', returnDate: '2026-12-05' },
        { departureDate: '2026-02-30', returnDate: null },
        { departureDate: '2026-12-10', returnDate: null },
      ],
    })
    expect(answer.prices.slice(0, 3)).toEqual([null, null, null])
    expect(answer.prices[3]).toBeGreaterThan(0)
  })

  it('gives the typical range a search of the middle priced pair reports', async () => {
    const pairs = Array.from({ length: 5 }, (_, i) => ({ departureDate: addDays('2026-12-01', i), returnDate: addDays('2026-12-08', i) }))
    const answer = await market.priceDates({ from: 'JFK', to: 'LHR', travelClass: 'economy', adults: 1, currency: 'USD', pairs })
    const middle = await market.fetch({ type: 1, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2026-12-03', return_date: '2026-12-10', deep_search: true, show_hidden: true })
    expect(answer.typicalRange).toEqual(middle.price_insights!.typical_price_range)
  })

  it('levels by the chosen trip when given one: the range its search’s price insights report, wherever the window lies', async () => {
    const pairs = Array.from({ length: 31 }, (_, i) => ({ departureDate: addDays('2027-01-01', i), returnDate: addDays('2027-01-08', i) }))
    const anchor = { departureDate: '2026-12-20', returnDate: '2026-12-27' }
    const answer = await market.priceDates({ from: 'JFK', to: 'LHR', travelClass: 'economy', adults: 1, currency: 'USD', pairs, anchor })
    const chosen = await market.fetch({ type: 1, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: anchor.departureDate, return_date: anchor.returnDate, deep_search: true, show_hidden: true })
    expect(answer.typicalRange).toEqual(chosen.price_insights!.typical_price_range)
  })

  it('has no range when nothing could be priced, and follows a broken route’s failure mode', async () => {
    const answer = await market.priceDates({ from: 'JFK', to: 'LHR', travelClass: 'economy', adults: 1, currency: 'USD', pairs: [{ departureDate: '2026-01-01', returnDate: null }] })
    expect(answer).toEqual({ prices: [null], typicalRange: null })
    const broken = createSimulatedMarket({ now: () => NOW, bookingUrl: 'https://faredrop.test/seller', failures: { mode: 'error', route: { from: 'JFK', to: 'LHR' } } })
    await expect(broken.priceDates({ from: 'JFK', to: 'LHR', travelClass: 'economy', adults: 1, currency: 'USD', pairs: [] })).rejects.toThrow('Simulated upstream failure')
  })
})
