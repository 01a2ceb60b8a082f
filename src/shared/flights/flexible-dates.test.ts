import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FLEX_MAX_NIGHTS } from './fare-calendar.ts'
import { FLEX_MAX_PAIRS, flexibleDatePairs } from './flexible-dates.ts'
import { FLEX_DEFAULT_NIGHTS } from './fare-calendar.ts'
import { addIsoDays, isoDaysBetween, isoWeekday } from './iso-days.ts'

const month = fc.record({ year: fc.integer({ min: 2024, max: 2030 }), month: fc.integer({ min: 1, max: 12 }) }).map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`)
const day = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addIsoDays('2025-01-01', n))
const nights = fc.integer({ min: 1, max: FLEX_MAX_NIGHTS })
const query = fc.record({
  flex: fc.constantFrom('month' as const, 'weekend' as const),
  month,
  minNights: fc.option(nights, { nil: undefined }),
  maxNights: fc.option(nights, { nil: undefined }),
  oneWay: fc.boolean(),
}).filter((q) => q.minNights === undefined || q.maxNights === undefined || q.minNights <= q.maxNights)

describe('flexibleDatePairs', () => {
  it('leaves within the month, never before today, returns after leaving, no duplicates, within the cap', () => {
    fc.assert(
      fc.property(query, day, (q, today) => {
        const pairs = flexibleDatePairs(q, today)
        expect(pairs.length).toBeLessThanOrEqual(FLEX_MAX_PAIRS)
        expect(new Set(pairs.map((p) => `${p.departureDate}|${p.returnDate}`)).size).toBe(pairs.length)
        for (const p of pairs) {
          expect(p.departureDate.startsWith(q.month)).toBe(true)
          expect(p.departureDate >= today).toBe(true)
          if (q.oneWay) expect(p.returnDate).toBeNull()
          else expect(isoDaysBetween(p.departureDate, p.returnDate!)).toBeGreaterThanOrEqual(1)
        }
      }),
    )
  })

  it('weekends leave Friday or Saturday and come back the Sunday or Monday after', () => {
    fc.assert(
      fc.property(month, fc.boolean(), (m, oneWay) => {
        const pairs = flexibleDatePairs({ flex: 'weekend', month: m, oneWay }, '2000-01-01')
        for (const p of pairs) {
          expect([5, 6]).toContain(isoWeekday(p.departureDate))
          if (p.returnDate) {
            expect([0, 1]).toContain(isoWeekday(p.returnDate))
            expect(isoDaysBetween(p.departureDate, p.returnDate)).toBeLessThanOrEqual(3)
          }
        }
        // Every Friday and Saturday of the month is there: 2 returns each, or 1 one way.
        const fridaysAndSaturdays = Array.from({ length: 31 }, (_, i) => addIsoDays(`${m}-01`, i)).filter((d) => d.startsWith(m) && [5, 6].includes(isoWeekday(d)))
        expect(pairs).toHaveLength(fridaysAndSaturdays.length * (oneWay ? 1 : 2))
      }),
    )
  })

  it('any dates: every future day of the month × every length from min to max', () => {
    fc.assert(
      fc.property(month, day, nights, nights, (m, today, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a]
        const pairs = flexibleDatePairs({ flex: 'month', month: m, minNights: min, maxNights: max, oneWay: false }, today)
        const days = Array.from({ length: 31 }, (_, i) => addIsoDays(`${m}-01`, i)).filter((d) => d.startsWith(m) && d >= today)
        expect(pairs).toHaveLength(days.length * (max - min + 1))
        for (const p of pairs) expect(isoDaysBetween(p.departureDate, p.returnDate!)).toSatisfy((n: number) => n >= min && n <= max)
      }),
    )
  })

  it('a round trip without lengths spans 1 to 7 nights; one way prices each day once', () => {
    expect(flexibleDatePairs({ flex: 'month', month: '2027-02', oneWay: false }, '2026-11-28')).toHaveLength(28 * (FLEX_DEFAULT_NIGHTS.max - FLEX_DEFAULT_NIGHTS.min + 1))
    expect(flexibleDatePairs({ flex: 'month', month: '2027-02', minNights: 10, oneWay: false }, '2026-11-28')).toHaveLength(28)
    expect(flexibleDatePairs({ flex: 'month', month: '2026-11', oneWay: true }, '2026-11-28').map((p) => p.departureDate)).toEqual(['2026-11-28', '2026-11-29', '2026-11-30'])
  })

  it('knows a leap February and a past month', () => {
    expect(flexibleDatePairs({ flex: 'month', month: '2028-02', oneWay: true }, '2026-11-28')).toHaveLength(29)
    expect(flexibleDatePairs({ flex: 'month', month: '2026-10', oneWay: true }, '2026-11-28')).toEqual([])
  })
})
