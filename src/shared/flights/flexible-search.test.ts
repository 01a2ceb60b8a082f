import { describe, expect, it } from 'vitest'
import { FLEX_MESSAGES, flexibleQuerySchema } from './fare-calendar.ts'
import { draftToFlexible, flexibleMonths, flexibleProblems, flexibleQuery, monthLabel, nightsBetween, nightsText, shortMonthLabel, type FlexibleDraft } from './flexible-search.ts'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS, SEARCH_MESSAGES, type SearchParams } from './search-params.ts'

const params = (patch: Partial<SearchParams> = {}): SearchParams => ({ ...DEFAULT_SEARCH_PARAMS, from: 'JFK', to: 'LHR', ...patch })
const draft = (patch: Partial<FlexibleDraft> = {}): FlexibleDraft => ({ kind: 'month', month: '2027-03', minNights: '5', maxNights: '9', ...patch })
const TODAY = '2026-11-28'

describe('flexible dates (issue 16)', () => {
  it('offers this month and the 11 after it, named in full', () => {
    const months = flexibleMonths(TODAY)
    expect(months).toHaveLength(12)
    expect(months[0]).toBe('2026-11')
    expect(months[1]).toBe('2026-12')
    expect(months[2]).toBe('2027-01')
    expect(months.at(-1)).toBe('2027-10')
    expect(monthLabel('2027-03')).toBe('March 2027')
    expect(shortMonthLabel('2027-03')).toBe('Mar')
  })

  it('says trip lengths and counts nights', () => {
    expect(nightsText(5, 9)).toBe('5–9 nights')
    expect(nightsText(7, 7)).toBe('7 nights')
    expect(nightsText(1)).toBe('1 night')
    expect(nightsBetween('2027-03-05', '2027-03-14')).toBe(9)
    // Across the spring clock change, still whole nights.
    expect(nightsBetween('2027-03-12', '2027-03-15')).toBe(3)
  })

  it('checks the route and party as usual but never asks for dates', () => {
    expect(flexibleProblems(params(), DEFAULT_SEARCH_FILTERS, draft(), TODAY)).toEqual([])
    expect(flexibleProblems(params({ to: '' }), DEFAULT_SEARCH_FILTERS, draft(), TODAY)).toEqual([{ path: ['to'], message: SEARCH_MESSAGES.toRequired }])
  })

  it('needs a month among those offered', () => {
    for (const month of ['', '2026-10', '2027-11', 'garbage']) {
      expect(flexibleProblems(params(), DEFAULT_SEARCH_FILTERS, draft({ month }), TODAY)).toEqual([{ path: ['flexMonth'], message: FLEX_MESSAGES.month }])
    }
  })

  it('needs a trip length of 1 to 30 nights, shortest first, on round trips over any days only', () => {
    const nights = (minNights: string, maxNights: string, patch: Partial<SearchParams> = {}, kind: FlexibleDraft['kind'] = 'month') =>
      flexibleProblems(params(patch), DEFAULT_SEARCH_FILTERS, draft({ minNights, maxNights, kind }), TODAY)
    expect(nights('1', '30')).toEqual([])
    expect(nights('0', '9')).toEqual([{ path: ['minNights'], message: FLEX_MESSAGES.nights }])
    expect(nights('', '9')).toEqual([{ path: ['minNights'], message: FLEX_MESSAGES.nights }])
    expect(nights('2.5', '9')).toEqual([{ path: ['minNights'], message: FLEX_MESSAGES.nights }])
    expect(nights('5', '31')).toEqual([{ path: ['maxNights'], message: FLEX_MESSAGES.nights }])
    expect(nights('9', '5')).toEqual([{ path: ['maxNights'], message: FLEX_MESSAGES.nights }])
    expect(nights('9', '5', { tripType: 'one-way' })).toEqual([])
    expect(nights('9', '5', {}, 'weekend')).toEqual([])
  })

  it('asks the API what the contract takes: nights only where they apply, one way as oneWay', () => {
    const filters = { ...DEFAULT_SEARCH_FILTERS, currency: 'EUR' }
    const roundTrip = flexibleQuery(params({ adults: 2, travelClass: 'business' }), filters, draftToFlexible(draft()))
    expect(roundTrip).toEqual({ from: 'JFK', to: 'LHR', travelClass: 'business', adults: 2, currency: 'EUR', flex: 'month', month: '2027-03', minNights: 5, maxNights: 9, oneWay: false })
    expect(flexibleQuerySchema.parse(roundTrip)).toEqual(roundTrip)
    const weekend = flexibleQuery(params(), filters, draftToFlexible(draft({ kind: 'weekend' })))
    expect(weekend).not.toHaveProperty('minNights')
    const oneWay = flexibleQuery(params({ tripType: 'one-way' }), filters, draftToFlexible(draft()))
    expect(oneWay).toMatchObject({ oneWay: true })
    expect(oneWay).not.toHaveProperty('maxNights')
  })
})
