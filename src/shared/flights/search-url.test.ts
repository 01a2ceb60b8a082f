import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FLEX_KINDS } from '#shared/flights/fare-calendar.ts'
import { usesNights, type FlexibleDates } from '#shared/flights/flexible-search.ts'
import {
  DEFAULT_SEARCH_FILTERS,
  DEFAULT_SEARCH_PARAMS,
  DEFAULT_TIME_WINDOW,
  type SearchFilters,
  type SearchParams,
} from '#shared/flights/search-params.ts'
import type { FlightSegment } from '#shared/flights/model.ts'
import {
  decodeFlexible,
  decodePick,
  decodeSearch,
  encodePick,
  encodeSearch,
  fareUrl,
  hasSearch,
  matchesPickStep,
  normalizeSearch,
  searchUrl,
  segmentPick,
  withoutPick,
  type FarePick,
} from './search-url.ts'

const params = (patch: Partial<SearchParams> = {}): SearchParams => ({ ...DEFAULT_SEARCH_PARAMS, ...patch })
const filters = (patch: Partial<SearchFilters> = {}): SearchFilters => ({ ...DEFAULT_SEARCH_FILTERS, ...patch })

const roundTrip = params({ from: 'JFK', to: 'LHR', departureDate: '2026-12-10', returnDate: '2026-12-17' })

describe('search URL state', () => {
  it('writes readable keys, parameters always and filters only when not default', () => {
    expect(encodeSearch(roundTrip, filters())).toBe('trip=round-trip&from=JFK&to=LHR&depart=2026-12-10&return=2026-12-17&class=economy&adults=1')
    expect(encodeSearch(roundTrip, filters({ stops: 1 }))).toBe(
      'trip=round-trip&from=JFK&to=LHR&depart=2026-12-10&return=2026-12-17&class=economy&adults=1&stops=1',
    )
    expect(searchUrl(roundTrip, filters())).toMatch(/^\/search\?trip=round-trip&/)
  })

  it('keeps city code lists readable', () => {
    const query = encodeSearch(params({ ...roundTrip, from: 'LHR,LGW,LCY' }), filters())
    expect(query).toContain('from=LHR,LGW,LCY')
    expect(decodeSearch(query).params.from).toBe('LHR,LGW,LCY')
  })

  it('round-trips a round trip with every filter set', () => {
    const f = filters({
      sortBy: 2,
      stops: 3,
      bags: 2,
      infants_in_seat: 1,
      infants_on_lap: 1,
      priceRange: [100, 1500],
      maxPrice: 900,
      includeAirlines: ['BA', 'STAR_ALLIANCE'],
      outboundTimes: [6, 12, 0, 23],
      returnTimes: [14, 23, 18, 23],
      maxLayoverDuration: 5,
      excludeConnectingAirports: ['ORD', 'DFW'],
      lessEmissions: true,
      maxDuration: 720,
      gl: 'de',
      hl: 'fr',
      currency: 'EUR',
      deepSearch: false,
      showHidden: false,
    })
    const p = params({ ...roundTrip, travelClass: 'business', adults: 2, children: 1 })
    const query = encodeSearch(p, f)
    expect(query).toContain('include=BA,STAR_ALLIANCE')
    expect(query).toContain('out_times=6-12-0-23')
    expect(decodeSearch(query)).toEqual({ params: p, filters: f })
    expect(decodeSearch(`?${query}`)).toEqual({ params: p, filters: f })
  })

  it('round-trips excluded airlines', () => {
    const f = filters({ excludeAirlines: ['NK', 'F9', 'SKYTEAM'] })
    expect(decodeSearch(encodeSearch(roundTrip, f)).filters.excludeAirlines).toEqual(['NK', 'F9', 'SKYTEAM'])
  })

  it('round-trips a one-way trip and drops what one way does not use', () => {
    const p = params({ tripType: 'one-way', from: 'SFO', to: 'NRT', departureDate: '2026-11-02', returnDate: '2026-11-20' })
    const f = filters({ returnTimes: [5, 9, 0, 23] })
    const query = encodeSearch(p, f)
    expect(query).not.toContain('return=')
    expect(query).not.toContain('ret_times')
    expect(decodeSearch(query)).toEqual({ params: { ...p, returnDate: '' }, filters: filters() })
  })

  it('writes multi-city flights as legs=FROM-TO-DATE_… and their time windows by position', () => {
    const p = params({
      tripType: 'multi-city',
      from: 'JFK',
      multiCitySegments: [
        { id: 'seg-a', from: 'JFK', to: 'LHR', departureDate: '2026-12-10' },
        { id: 'seg-b', from: 'LHR', to: 'CDG', departureDate: '2026-12-14' },
        { id: 'seg-c', from: 'CDG', to: 'JFK,EWR,LGA', departureDate: '2026-12-20' },
      ],
    })
    const f = filters({ multiCityTimes: { 'seg-a': [...DEFAULT_TIME_WINDOW], 'seg-b': [8, 20, 0, 23], 'seg-c': [...DEFAULT_TIME_WINDOW], stale: [1, 2, 3, 4] } })
    const query = encodeSearch(p, f)
    expect(query).toBe(
      'trip=multi-city&legs=JFK-LHR-2026-12-10_LHR-CDG-2026-12-14_CDG-JFK,EWR,LGA-2026-12-20&class=economy&adults=1&leg_times=0-23-0-23_8-20-0-23_0-23-0-23',
    )
    const decoded = decodeSearch(query)
    expect(decoded.params.multiCitySegments).toEqual([
      { id: 'leg-1', from: 'JFK', to: 'LHR', departureDate: '2026-12-10' },
      { id: 'leg-2', from: 'LHR', to: 'CDG', departureDate: '2026-12-14' },
      { id: 'leg-3', from: 'CDG', to: 'JFK,EWR,LGA', departureDate: '2026-12-20' },
    ])
    expect(decoded.params.from).toBe('')
    expect(decoded.filters.multiCityTimes).toEqual({ 'leg-1': DEFAULT_TIME_WINDOW, 'leg-2': [8, 20, 0, 23], 'leg-3': DEFAULT_TIME_WINDOW })
    // Encoding what was decoded gives the same URL: the URL is a stable cache key.
    expect(encodeSearch(decoded.params, decoded.filters)).toBe(query)
  })

  it('normalizes: equal searches give equal URLs whatever the hidden fields hold', () => {
    const a = normalizeSearch(params({ ...roundTrip, multiCitySegments: [{ id: 'x', from: 'A', to: 'B', departureDate: '' }] }), filters({ multiCityTimes: { x: [1, 2, 3, 4] } }))
    expect(a.params.multiCitySegments).toEqual([])
    expect(a.filters.multiCityTimes).toEqual({})
    expect(encodeSearch(a.params, a.filters)).toBe(encodeSearch(roundTrip, filters()))
  })

  it('knows whether a query string holds a search', () => {
    expect(hasSearch('')).toBe(false)
    expect(hasSearch('?utm_source=mail')).toBe(false)
    expect(hasSearch('?from=JFK')).toBe(true)
    expect(hasSearch(new URLSearchParams('trip=one-way'))).toBe(true)
  })

  it('ignores bad values field by field and never throws', () => {
    const decoded = decodeSearch(
      '?trip=space&from=12&to=lhr&depart=2026-02-30&return=tomorrow&class=luxury&adults=99&children=-1&infants_lap=x' +
        '&sort=9&stops=7&bags=1.5&price=900-100&max_price=-5&include=BA,toolong,%3Cscript%3E,ba&no_conn=ORD,12,XXXX' +
        '&out_times=9-99&ret_times=12-6&layover=0&less_emissions=maybe&max_duration=abc&gl=usa&hl=e&currency=dollars&deep_search=2',
    )
    expect(decoded.params).toEqual(params({ to: 'LHR' }))
    expect(decoded.filters).toEqual(filters({ includeAirlines: ['BA'], excludeConnectingAirports: ['ORD'] }))
  })

  it('drops malformed multi-city legs and caps them at 5', () => {
    const decoded = decodeSearch('trip=multi-city&legs=JFK-LHR-2026-12-10_garbage_LHR-12-2026-13-01_LHR--_' + 'AAA-BBB-2026-12-11_'.repeat(6) + '&leg_times=5-9_x')
    const segments = decoded.params.multiCitySegments
    expect(segments).toHaveLength(5)
    expect(segments[0]).toEqual({ id: 'leg-1', from: 'JFK', to: 'LHR', departureDate: '2026-12-10' })
    expect(segments[1]).toEqual({ id: 'leg-2', from: 'LHR', to: '', departureDate: '' })
    expect(segments[2]).toEqual({ id: 'leg-3', from: 'AAA', to: 'BBB', departureDate: '2026-12-11' })
    expect(decoded.filters.multiCityTimes['leg-1']).toEqual([5, 9, 0, 23])
    expect(Object.keys(decoded.filters.multiCityTimes)).toHaveLength(5)
  })

  it('survives random junk', () => {
    const junk = ['%', '&&&', '=', 'trip', 'legs=-', 'legs=___', 'trip=multi-city&legs=%E0%A4%A', 'price=-', 'out_times=----', '?'.repeat(50)]
    for (const query of junk) {
      expect(() => decodeSearch(query)).not.toThrow()
    }
    for (let i = 0; i < 200; i++) {
      const query = Array.from({ length: 8 }, () => String.fromCharCode(32 + Math.floor(Math.random() * 94))).join('')
      expect(() => decodeSearch(`trip=multi-city&legs=${query}&from=${query}&price=${query}&out_times=${query}`)).not.toThrow()
    }
  })
})

describe('booking link pick', () => {
  const outbound = { airline: 'BA', number: '117', date: '2026-12-10' }
  const back = { airline: 'BA', number: '112', date: '2026-12-17' }
  const viaDub: FarePick = [
    [
      { airline: 'EI', number: '151', date: '2026-12-10' },
      { airline: 'EI', number: '105', date: '2026-12-10' },
    ],
  ]
  const oneWay = params({ tripType: 'one-way', from: 'LHR', to: 'JFK', departureDate: '2026-12-10' })
  const base = searchUrl(roundTrip, filters())

  it('names each step\'s flights by carrier, number and date: steps by "~", connections by ","', () => {
    expect(encodePick([[outbound], [back]])).toBe('BA117.2026-12-10~BA112.2026-12-17')
    expect(encodePick(viaDub)).toBe('EI151.2026-12-10,EI105.2026-12-10')
    expect(fareUrl(roundTrip, filters(), [[outbound], [back]])).toBe(`${base}&pick=BA117.2026-12-10~BA112.2026-12-17`)
    expect(fareUrl(oneWay, filters(), viaDub)).toBe(
      '/search?trip=one-way&from=LHR&to=JFK&depart=2026-12-10&class=economy&adults=1&pick=EI151.2026-12-10,EI105.2026-12-10',
    )
  })

  it('is no part of the search: the search reads the same with or without it', () => {
    const url = fareUrl(roundTrip, filters(), [[outbound]])
    const query = url.split('?')[1]!
    expect(decodeSearch(query)).toEqual(decodeSearch(base.split('?')[1]!))
    expect(encodeSearch(decodeSearch(query).params, decodeSearch(query).filters)).not.toContain('pick')
  })

  it('round-trips through the URL, one step or all of them', () => {
    for (const pick of [[[outbound]], [[outbound], [back]]]) {
      expect(decodePick(fareUrl(roundTrip, filters(), pick).split('?')[1]!)).toEqual(pick)
    }
    expect(decodePick(`?${fareUrl(oneWay, filters(), viaDub).split('?')[1]!}`)).toEqual(viaDub)
    const multi = params({
      tripType: 'multi-city',
      multiCitySegments: [
        { id: 'a', from: 'JFK', to: 'LHR', departureDate: '2026-12-10' },
        { id: 'b', from: 'LHR', to: 'CDG', departureDate: '2026-12-14' },
        { id: 'c', from: 'CDG', to: 'JFK', departureDate: '2026-12-20' },
      ],
    })
    const three = [[outbound], [{ airline: 'AF', number: '1081', date: '2026-12-14' }], [{ airline: 'AF', number: '6', date: '2026-12-20' }]]
    expect(decodePick(new URLSearchParams(fareUrl(multi, filters(), three).split('?')[1]!))).toEqual(three)
  })

  it('writes no more steps than the trip has, and nothing for an invalid fare', () => {
    expect(fareUrl(oneWay, filters(), [[outbound], [back]])).toMatch(/&pick=BA117\.2026-12-10$/)
    expect(fareUrl(roundTrip, filters(), [])).toBe(base)
    expect(fareUrl(roundTrip, filters(), [[{ airline: 'British', number: '117', date: '2026-12-10' }]])).toBe(base)
    // A bad step ends the pick: the return means nothing without its outbound.
    expect(encodePick([[{ ...outbound, date: '2026-02-30' }], [back]])).toBe('')
    expect(encodePick([[outbound], [{ ...back, number: '' }]])).toBe('BA117.2026-12-10')
  })

  it('drops bad values on decode and never throws', () => {
    const q = (pick: string, search = base.split('?')[1]!) => decodePick(`${search}&pick=${pick}`)
    expect(q('ba0117.2026-12-10')).toEqual([[outbound]])
    expect(q('BA117.2026-12-10~junk~BA112.2026-12-17')).toEqual([[outbound]])
    expect(q('junk~BA112.2026-12-17')).toEqual([])
    expect(q('BA117.2026-13-10')).toEqual([])
    expect(q('BA117')).toEqual([])
    expect(q('BA117.2026-12-10,')).toEqual([])
    expect(q(Array.from({ length: 7 }, () => 'BA117.2026-12-10').join(','))).toEqual([])
    expect(q('BA117.2026-12-10~BA112.2026-12-17~BA1.2026-12-20')).toEqual([[outbound], [back]])
    expect(q('BA117.2026-12-10', 'trip=one-way&from=LHR&to=JFK&depart=2026-12-10')).toEqual([[outbound]])
    expect(q('BA117.2026-12-10~BA112.2026-12-17', 'trip=one-way&from=LHR&to=JFK&depart=2026-12-10')).toEqual([[outbound]])
    expect(decodePick('pick=BA117.2026-12-10')).toEqual([])
    expect(decodePick(`${base.split('?')[1]!}&pick=${'BA117.2026-12-10,'.repeat(100)}`)).toEqual([])
    for (let i = 0; i < 200; i += 1) {
      const junk = Array.from({ length: 12 }, () => String.fromCharCode(32 + Math.floor(Math.random() * 94))).join('')
      expect(() => q(encodeURIComponent(junk))).not.toThrow()
    }
  })

  it('comes off the address leaving everything else as it was', () => {
    expect(withoutPick('?trip=one-way&from=LHR,LGW&pick=BA117.2026-12-10&utm_source=email')).toBe('?trip=one-way&from=LHR,LGW&utm_source=email')
    expect(withoutPick('?pick=BA117.2026-12-10')).toBe('')
    expect(withoutPick('trip=one-way')).toBe('?trip=one-way')
    expect(withoutPick('?trip=one-way&picked=1')).toBe('?trip=one-way&picked=1')
  })

  it('reads flights from results as the alert engine does, and matches a step exactly', () => {
    const seg = (flightNumber: string, time: string, code: string | null = 'BA'): FlightSegment =>
      ({ flightNumber, airline: { code, name: 'x', logoUrl: null }, departure: { airport: 'LHR', name: 'x', time } }) as FlightSegment
    expect(segmentPick(seg('BA 0117', '2026-12-10T11:20'))).toEqual(outbound)
    expect(segmentPick(seg('ba 117', '2026-12-10T11:20', null))).toEqual(outbound)
    expect(segmentPick(seg('U2 8021A', '2026-12-10T06:00', 'U2'))).toEqual({ airline: 'U2', number: '8021A', date: '2026-12-10' })
    const it1 = { segments: [seg('EI 151', '2026-12-10T07:05', 'EI'), seg('EI 105', '2026-12-10T10:30', 'EI')] }
    expect(matchesPickStep(it1, viaDub[0]!)).toBe(true)
    expect(matchesPickStep(it1, viaDub[0]!.slice(0, 1))).toBe(false)
    expect(matchesPickStep({ segments: [seg('BA 117', '2026-12-11T11:20')] }, [outbound])).toBe(false)
  })
})

describe('flexible dates in the search URL (issue 16)', () => {
  const flex = (patch: Partial<FlexibleDates> = {}): FlexibleDates => ({ kind: 'month', month: '2027-03', minNights: 5, maxNights: 9, ...patch })
  const route = params({ from: 'JFK', to: 'LHR' })

  it('writes flex, month and nights in place of the dates', () => {
    expect(encodeSearch(route, filters(), flex())).toBe('trip=round-trip&from=JFK&to=LHR&flex=month&month=2027-03&nights=5-9&class=economy&adults=1')
    expect(searchUrl(route, filters(), flex({ kind: 'weekend' }))).toBe('/search?trip=round-trip&from=JFK&to=LHR&flex=weekend&month=2027-03&class=economy&adults=1')
    // Dates the form still holds are not part of a flexible search.
    expect(encodeSearch(roundTrip, filters(), flex())).toBe(encodeSearch(route, filters(), flex()))
    // One way: the usual trip type, no trip length.
    expect(encodeSearch(params({ ...route, tripType: 'one-way' }), filters(), flex())).toBe('trip=one-way&from=JFK&to=LHR&flex=month&month=2027-03&class=economy&adults=1')
    // Multi-city has no flexible dates; without them the URL is the exact search's.
    expect(encodeSearch(params({ tripType: 'multi-city' }), filters(), flex())).not.toContain('flex')
    expect(encodeSearch(roundTrip, filters(), null)).toBe(encodeSearch(roundTrip, filters()))
  })

  it('reads it back, the rest of the search as usual', () => {
    const query = encodeSearch(params({ ...route, adults: 2, travelClass: 'business' }), filters({ stops: 1, currency: 'EUR' }), flex({ minNights: 3, maxNights: 3 }))
    expect(query).toContain('nights=3-3')
    expect(decodeFlexible(query)).toEqual(flex({ minNights: 3, maxNights: 3 }))
    expect(decodeFlexible(`?${query}`)).toEqual(flex({ minNights: 3, maxNights: 3 }))
    expect(decodeSearch(query)).toEqual({ params: params({ ...route, adults: 2, travelClass: 'business' }), filters: filters({ stops: 1, currency: 'EUR' }) })
    expect(hasSearch('?flex=month')).toBe(true)
    expect(decodeFlexible('from=JFK&to=LHR&flex=weekend&month=2027-03&nights=2-4')).toEqual(flex({ kind: 'weekend' }))
    expect(decodeFlexible('from=JFK&to=LHR&flex=month&month=2027-03&nights=7')).toEqual(flex({ minNights: 7, maxNights: 7 }))
  })

  it('is no flexible search without a known flex, nor on a multi-city trip', () => {
    expect(decodeFlexible(encodeSearch(roundTrip, filters()))).toBeNull()
    expect(decodeFlexible('from=JFK&to=LHR&flex=year&month=2027-03')).toBeNull()
    expect(decodeFlexible('trip=multi-city&legs=JFK-LHR-2027-03-01_LHR-JFK-2027-03-09&flex=month&month=2027-03')).toBeNull()
  })

  it('drops bad values safely: an unreadable month reads as none, unreadable nights as the default 5–9', () => {
    for (const month of ['2027-13', '2027-3', 'March', '', '2027-03-01', '<script>']) {
      expect(decodeFlexible(`from=JFK&to=LHR&flex=month&month=${encodeURIComponent(month)}&nights=5-9`)?.month).toBe('')
    }
    for (const nights of ['9-5', '0-3', '5-31', '31', 'x', '5-', '-5', '5-9-12', '1.5-3', '']) {
      expect(decodeFlexible(`from=JFK&to=LHR&flex=month&month=2027-03&nights=${nights}`)).toEqual(flex())
    }
    for (let i = 0; i < 200; i++) {
      const junk = Array.from({ length: 8 }, () => String.fromCharCode(32 + Math.floor(Math.random() * 94))).join('')
      expect(() => decodeFlexible(`flex=${encodeURIComponent(junk)}&month=${encodeURIComponent(junk)}&nights=${encodeURIComponent(junk)}`)).not.toThrow()
      expect(() => decodeFlexible(`flex=month&month=${encodeURIComponent(junk)}&nights=${encodeURIComponent(junk)}`)).not.toThrow()
    }
  })

  it('build → parse gives the search back, and parse → build the same URL (property)', () => {
    const monthArb = fc.tuple(fc.integer({ min: 2026, max: 2030 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`)
    const flexArb = fc
      .record({ kind: fc.constantFrom(...FLEX_KINDS), month: monthArb, a: fc.integer({ min: 1, max: 30 }), b: fc.integer({ min: 1, max: 30 }) })
      .map(({ kind, month, a, b }): FlexibleDates => ({ kind, month, minNights: Math.min(a, b), maxNights: Math.max(a, b) }))
    const tripArb = fc.constantFrom('round-trip' as const, 'one-way' as const)
    fc.assert(
      fc.property(flexArb, tripArb, fc.integer({ min: 1, max: 9 }), (f, tripType, adults) => {
        const p = params({ ...route, tripType, adults })
        const query = encodeSearch(p, filters(), f)
        const decoded = decodeFlexible(query)
        // The trip length travels only where it applies; elsewhere it reads back as the default.
        const expected = usesNights(tripType, f.kind) ? f : { ...f, minNights: 5, maxNights: 9 }
        expect(decoded).toEqual(expected)
        expect(decodeSearch(query).params).toEqual(p)
        expect(encodeSearch(decodeSearch(query).params, decodeSearch(query).filters, decoded)).toBe(query)
      }),
    )
  })
})
