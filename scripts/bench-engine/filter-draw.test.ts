import { describe, expect, it } from 'vitest'
import { mulberry32 as random } from '#server/flights/providers/simulator/hash.ts'
import { ceilingOf, filterDrawer, FILTER_SHARES } from './filter-draw.ts'

describe('the populations’ filter mix', () => {
  const draws = (n: number, roundTrip: boolean, seed = 1) => {
    const draw = filterDrawer(random(seed))
    return Array.from({ length: n }, () => draw(roundTrip))
  }

  it('draws the documented shares', () => {
    const list = draws(50_000, false)
    const share = (test: (d: (typeof list)[number]) => boolean) => list.filter(test).length / list.length
    expect(share((d) => d.params.stops === 1)).toBeCloseTo(FILTER_SHARES.nonstop, 2)
    expect(share((d) => d.params.stops === 2)).toBeCloseTo(FILTER_SHARES.oneStop, 2)
    expect(share((d) => d.params.include_airlines !== undefined)).toBeCloseTo(FILTER_SHARES.airlines, 2)
    expect(share((d) => d.params.outbound_times !== undefined)).toBeCloseTo(FILTER_SHARES.times, 2)
    expect(share((d) => d.maxPriceShare !== null)).toBeCloseTo(FILTER_SHARES.maxPrice, 2)
    expect(share((d) => d.params.bags === 1)).toBeCloseTo(FILTER_SHARES.bags, 2)
    expect(new Set(list.map((d) => d.params.outbound_times).filter(Boolean))).toEqual(new Set(['6,11', '12,17', '17,23', '6,20']))
  })

  it('puts a round trip’s window on the outbound, the return or both (2 : 1 : 1)', () => {
    const windows = draws(50_000, true).filter((d) => d.params.outbound_times || d.params.return_times)
    const share = (test: (d: (typeof windows)[number]) => boolean) => windows.filter(test).length / windows.length
    expect(share((d) => Boolean(d.params.outbound_times && !d.params.return_times))).toBeCloseTo(0.5, 1)
    expect(share((d) => Boolean(d.params.outbound_times && d.params.return_times))).toBeCloseTo(0.25, 1)
    expect(share((d) => Boolean(!d.params.outbound_times && d.params.return_times))).toBeCloseTo(0.25, 1)
  })

  it('is the same population for the same seed', () => {
    expect(draws(200, true, 7)).toEqual(draws(200, true, 7))
    expect(draws(200, true, 7)).not.toEqual(draws(200, true, 8))
  })

  it('rounds a ceiling to $10', () => {
    expect(ceilingOf(432, 1.2)).toBe(520)
    expect(ceilingOf(3, 1)).toBe(10)
  })
})
