import { describe, expect, it } from 'vitest'
import { monthSpend } from './get-overview.ts'

describe('the month’s provider spend', () => {
  it('puts the month’s pace per paying user and against revenue, not the spend so far', () => {
    // 10 days into a 30-day month, 2,000 calls at $0.015: $30 so far, a $90 month.
    const now = new Date('2027-04-11T00:00:00Z')
    expect(monthSpend(2_000, 0.015, 30, 600, now)).toEqual({ calls: 2_000, pricePerCall: 0.015, spend: 30, perPayingUser: 3, shareOfRevenue: 0.15 })
  })

  it('has no per-user or revenue figure without paying users or revenue, and does not explode on the first hour', () => {
    const firstMinute = new Date('2027-04-01T00:01:00Z')
    const month = monthSpend(12, 0.015, 0, 0, firstMinute)
    expect(month).toMatchObject({ spend: 0.18, perPayingUser: null, shareOfRevenue: null })
    expect(Number.isFinite(monthSpend(12, 0.015, 1, 10, firstMinute).shareOfRevenue)).toBe(true)
  })
})
