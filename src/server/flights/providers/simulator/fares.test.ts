import { describe, expect, it } from 'vitest'
import { findAirport } from '../../../reference-data/airports.ts'
import { legTotalUsd, legUsdAt, returnsSoldWith, sellsTogether, soldCabin, type PriceContext, type SimulatedPriceShock } from './fares.ts'
import { mulberry32 } from './hash.ts'
import { legOptions, type LegOption } from './leg-options.ts'
import type { Cabin } from './price-model.ts'
import { referenceLegTotalUsd, referenceSellsTogether, referenceSoldCabin } from './reference-model.test-helpers.ts'

/**
 * Leg prices and "sold together" with their per-option memory (fares.ts) against the plain
 * versions they replaced: every real option of a few routes, priced for varied parties, cabins,
 * bags and shocks, at varied moments and travel dates.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = new Date('2026-11-02T09:30:00Z')

/** Alliances, low-cost and unallied airlines, long connections, odd time zones. */
const ROUTES: Array<[string, string, string]> = [
  ['JFK', 'LHR', '2026-12-10'],
  ['LHR', 'JFK', '2026-12-17'],
  ['LHR', 'SYD', '2026-12-20'],
  ['DXB', 'BOM', '2026-11-20'],
  ['BCN', 'MAD', '2026-11-05'],
  ['YYT', 'LHR', '2027-03-14'],
  ['AKL', 'CHT', '2026-11-15'],
  ['DEL', 'KTM', '2027-01-08'],
  ['SCL', 'GRU', '2027-04-04'],
  ['HNL', 'SFO', '2026-11-03'],
  ['ORD', 'FRA', '2026-12-01'],
  ['SIN', 'KUL', '2026-12-01'],
  ['CDG', 'NRT', '2026-12-01'],
  ['LGW', 'BCN', '2026-12-01'],
]

const options: LegOption[] = ROUTES.flatMap(([from, to, date]) => legOptions(findAirport(from)!, findAirport(to)!, date))

const SHOCKS: SimulatedPriceShock[] = [
  { from: 'JFK,EWR', to: 'lhr', factor: 0.6, until: new Date('2026-12-01T00:00:00Z') },
  { from: 'DXB', to: 'BOM', departureDate: '2026-11-20', factor: 1.3, until: new Date('2027-01-01T00:00:00Z') },
  { from: 'BCN', to: 'MAD', factor: 0, until: new Date('2027-01-01T00:00:00Z') },
]

function context(rand: () => number): PriceContext {
  return {
    cabin: (1 + Math.floor(rand() * 4)) as Cabin,
    passengers: { adults: 1 + Math.floor(rand() * 3), children: Math.floor(rand() * 2), infantsInSeat: rand() < 0.1 ? 1 : 0, infantsOnLap: rand() < 0.1 ? 1 : 0 },
    bags: Math.floor(rand() * 3),
    currency: 'USD',
    now: new Date(NOW.getTime() + Math.floor(rand() * 40 * DAY)),
    shocks: rand() < 0.5 ? SHOCKS : [],
  }
}

describe('fares: the same prices as the plain pricing', () => {
  it('has options from many airlines to price', () => {
    expect(options.length).toBeGreaterThan(150)
    expect(new Set(options.flatMap((o) => o.carriers)).size).toBeGreaterThan(40)
  })

  it('sells in the same cabin', () => {
    for (const cabin of [1, 2, 3, 4] as Cabin[]) expect(options.map((o) => soldCabin(o, cabin))).toEqual(options.map((o) => referenceSoldCabin(o, cabin)))
  })

  it('prices every option now, at other moments, on shifted dates, with and without noise and shocks', () => {
    const rand = mulberry32(31)
    for (let round = 0; round < 6; round++) {
      const ctx = context(rand)
      const settings = options.map(() => ({
        at: rand() < 0.3 ? undefined : new Date(ctx.now.getTime() - Math.floor(rand() * 90 * DAY) + Math.floor(rand() * 24) * HOUR),
        travelDate: rand() < 0.5 ? undefined : new Date(Date.parse('2026-11-01T00:00:00Z') + Math.floor(rand() * 200) * DAY).toISOString().slice(0, 10),
        shocks: rand() < 0.5,
        noise: rand() < 0.8,
      }))
      const expected = options.map((o, i) => referenceLegTotalUsd(o, ctx, settings[i]))
      expect(options.map((o, i) => legTotalUsd(o, ctx, settings[i])), `round ${round}`).toEqual(expected)
      expect(
        options.map((o, i) => {
          const s = settings[i]!
          return legUsdAt(o, ctx, (s.at ?? ctx.now).getTime(), s.travelDate ?? o.date, s.shocks, s.noise)
        }),
      ).toEqual(expected)
    }
  })

  it('sells the same pairs and trips together', () => {
    const rand = mulberry32(32)
    const pick = () => options[Math.floor(rand() * options.length)]!
    const trips = Array.from({ length: 3_000 }, () => Array.from({ length: Math.floor(rand() * 4) }, pick))
    expect(trips.map(sellsTogether)).toEqual(trips.map(referenceSellsTogether))
    const returns = Array.from({ length: 60 }, pick)
    const soldWith = returnsSoldWith(returns)
    for (let i = 0; i < 200; i++) {
      const outbound = pick()
      expect(soldWith(outbound)).toEqual(returns.map((ret) => referenceSellsTogether([outbound, ret])))
    }
  })
})
