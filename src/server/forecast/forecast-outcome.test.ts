import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dropDepth, forecastOutcome, horizonEnd, kayakAnswer, kayakOutcome, type PricePoint } from './forecast-outcome.ts'

const H = 3_600_000
const AT = Date.parse('2026-10-01T09:50:00Z')
const END = AT + 7 * 24 * H
const at = (hours: number, price: number): PricePoint => ({ at: AT + hours * H, price })

describe('forecastOutcome', () => {
  it('is a drop when any price within the week is 5 % lower, however briefly', () => {
    expect(forecastOutcome({ price: 200, at: AT, end: END, later: [at(30, 190), at(160, 230)] })).toBe('drop')
    expect(forecastOutcome({ price: 200, at: AT, end: END, later: [at(30, 191), at(160, 230)] })).toBe('rise')
  })

  it('is a rise only when the whole last day is 5 % higher', () => {
    expect(forecastOutcome({ price: 200, at: AT, end: END, later: [at(150, 210), at(166, 230)] })).toBe('rise')
    expect(forecastOutcome({ price: 200, at: AT, end: END, later: [at(150, 209), at(166, 230)] })).toBe('none')
    // Before the last day it does not count either way.
    expect(forecastOutcome({ price: 200, at: AT, end: END, later: [at(20, 300), at(166, 205)] })).toBe('none')
  })

  it('is unknown without a price in the last day, even after a drop, and ignores prices outside the horizon', () => {
    expect(forecastOutcome({ price: 200, at: AT, end: END, later: [at(10, 100)] })).toBeNull()
    expect(forecastOutcome({ price: 200, at: AT, end: END, later: [at(0, 100), at(-5, 100), at(200, 100), at(160, 200)] })).toBe('none')
  })

  it('ends the horizon at the departure date when it comes first', () => {
    expect(horizonEnd(AT, '2026-10-30')).toBe(END)
    expect(horizonEnd(AT, '2026-10-03')).toBe(Date.parse('2026-10-03T00:00:00Z'))
  })

  it('property: outcomes never contradict the prices (drop ⇒ a price ≤ 95 %; rise ⇒ none below 95 % and the last day ≥ 105 %)', () => {
    const point = fc.record({ hours: fc.integer({ min: -24, max: 200 }), price: fc.integer({ min: 1, max: 5000 }) })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.array(point, { maxLength: 30 }), (price, points) => {
        const later = points.map((p) => at(p.hours, p.price))
        const within = later.filter((p) => p.at > AT && p.at <= END)
        const outcome = forecastOutcome({ price, at: AT, end: END, later })
        if (outcome === null) {
          expect(within.some((p) => p.at > END - 24 * H)).toBe(false)
          return
        }
        if (outcome === 'drop') expect(Math.min(...within.map((p) => p.price))).toBeLessThanOrEqual(price * 0.95)
        else expect(Math.min(...within.map((p) => p.price))).toBeGreaterThan(price * 0.95)
        if (outcome === 'rise') for (const p of within.filter((p) => p.at > END - 24 * H)) expect(p.price).toBeGreaterThanOrEqual(price * 1.05)
        // Order does not matter.
        expect(forecastOutcome({ price, at: AT, end: END, later: [...later].reverse() })).toBe(outcome)
      }),
    )
  })
})

describe("KAYAK's question", () => {
  it('counts a fall of exactly $20 as staying, and a cent more as falling', () => {
    expect(kayakOutcome({ price: 300, at: AT, end: END, later: [at(5, 280)] })).toBe('rise-or-stay')
    expect(kayakOutcome({ price: 300, at: AT, end: END, later: [at(5, 279.99)] })).toBe('fall')
    expect(kayakOutcome({ price: 300, at: AT, end: END, later: [] })).toBeNull()
  })

  it('answers "fall" only for a drop forecast whose typical depth is more than $20 of the price', () => {
    expect(kayakAnswer('drop', 300, 0.1)).toBe('fall')
    expect(kayakAnswer('drop', 150, 0.1)).toBe('rise-or-stay')
    expect(kayakAnswer('rise', 3000, 0.1)).toBe('rise-or-stay')
    expect(kayakAnswer('none', 3000, 0.1)).toBe('rise-or-stay')
  })

  it('measures how deep the lowest later price went', () => {
    expect(dropDepth({ price: 200, at: AT, end: END, later: [at(5, 150), at(9, 250)] })).toBe(0.25)
    expect(dropDepth({ price: 200, at: AT, end: END, later: [at(5, 250)] })).toBe(0)
  })
})
