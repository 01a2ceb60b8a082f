import { describe, expect, it } from 'vitest'
import { initialFocus, monthWeeks, moveFocus, pricedRange, viewFor } from './calendar-dates.ts'

const bounds = { min: '2026-11-28' }

describe('price calendar keys (APG date picker)', () => {
  it('moves a day with ←/→ and a week with ↑/↓, across month and year ends', () => {
    expect(moveFocus('2026-12-23', 'ArrowRight', false, bounds)).toBe('2026-12-24')
    expect(moveFocus('2026-12-31', 'ArrowRight', false, bounds)).toBe('2027-01-01')
    expect(moveFocus('2027-01-01', 'ArrowLeft', false, bounds)).toBe('2026-12-31')
    expect(moveFocus('2026-12-28', 'ArrowDown', false, bounds)).toBe('2027-01-04')
    expect(moveFocus('2027-01-04', 'ArrowUp', false, bounds)).toBe('2026-12-28')
  })

  it('moves a month with PageUp/PageDown and a year with Shift, keeping to the month’s last day', () => {
    expect(moveFocus('2027-01-31', 'PageDown', false, bounds)).toBe('2027-02-28')
    expect(moveFocus('2027-03-31', 'PageUp', false, bounds)).toBe('2027-02-28')
    expect(moveFocus('2028-02-29', 'PageDown', true, bounds)).toBe('2029-02-28')
    expect(moveFocus('2027-12-23', 'PageUp', true, bounds)).toBe('2026-12-23')
  })

  it('goes to the start and end of the week (Sunday to Saturday) with Home/End', () => {
    expect(moveFocus('2026-12-23', 'Home', false, bounds)).toBe('2026-12-20')
    expect(moveFocus('2026-12-23', 'End', false, bounds)).toBe('2026-12-26')
    expect(moveFocus('2026-12-31', 'End', false, bounds)).toBe('2027-01-02')
  })

  it('never goes before the first day that can be picked, nor after a max', () => {
    expect(moveFocus('2026-11-29', 'ArrowLeft', false, bounds)).toBe('2026-11-28')
    expect(moveFocus('2026-12-01', 'ArrowUp', false, bounds)).toBe('2026-11-28')
    expect(moveFocus('2026-12-10', 'PageUp', false, bounds)).toBe('2026-11-28')
    expect(moveFocus('2027-06-10', 'PageUp', true, bounds)).toBe('2026-11-28')
    expect(moveFocus('2026-11-28', 'Home', false, bounds)).toBe('2026-11-28')
    expect(moveFocus('2027-01-30', 'ArrowDown', false, { min: bounds.min, max: '2027-02-01' })).toBe('2027-02-01')
  })

  it('ignores keys that are not movements', () => {
    expect(moveFocus('2026-12-23', 'Enter', false, bounds)).toBeNull()
    expect(moveFocus('2026-12-23', 'a', false, bounds)).toBeNull()
  })
})

describe('price calendar months', () => {
  it('keeps the focused day in one of the two months shown', () => {
    expect(viewFor('2026-12', '2027-01-15')).toBe('2026-12')
    expect(viewFor('2026-12', '2027-02-01')).toBe('2027-01')
    expect(viewFor('2026-12', '2026-11-30')).toBe('2026-11')
    expect(viewFor('2026-12', '2027-12-23')).toBe('2027-11')
  })

  it('starts on the field’s date, else the first day that can be picked', () => {
    expect(initialFocus('2026-12-23', bounds)).toBe('2026-12-23')
    expect(initialFocus('', bounds)).toBe('2026-11-28')
    expect(initialFocus('2026-01-01', bounds)).toBe('2026-11-28')
  })

  it('lays a month out in Sunday-first weeks', () => {
    const weeks = monthWeeks('2026-12')
    expect(weeks).toHaveLength(5)
    expect(weeks[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'])
    expect(weeks.at(-1)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null])
  })

  it('prices the two months shown from the first day that can be picked (62 days at most)', () => {
    expect(pricedRange('2026-12', '2026-11-28')).toEqual({ start: '2026-12-01', days: 62 })
    expect(pricedRange('2026-11', '2026-11-28')).toEqual({ start: '2026-11-28', days: 34 })
    expect(pricedRange('2027-07', '2026-11-28')).toEqual({ start: '2027-07-01', days: 62 })
    expect(pricedRange('2027-02', '2026-11-28')).toEqual({ start: '2027-02-01', days: 59 })
  })
})
