import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addIsoDays, isoDaysBetween } from '../flights/iso-days.ts'
import { unfilteredFareQuery } from '../flights/fare-query.ts'
import {
  calendarFareKey,
  dateWindowText,
  latestCheapestPair,
  cheapestCombination,
  combinationDatesText,
  DATE_WINDOW_MAX_DAYS,
  DATE_WINDOW_MESSAGES,
  dateWindowSchema,
  dateWindowSchemaFor,
  datesForCheck,
  expandWindow,
  isWeekendPair,
  MAX_SEARCHES_PER_CHECK,
  pairKey,
  searchesPerCheck,
  timesText,
  windowCost,
  windowCostText,
  windowCoverText,
  windowTripProblem,
  type DateWindow,
  type PricedPair,
} from './date-window.ts'

// March 2027: Monday the 1st; Friday 5, Saturday 6, Sunday 7, Monday 8.
const march = (day: number) => `2027-03-${String(day).padStart(2, '0')}`
const window = (overrides: Partial<DateWindow> = {}): DateWindow => ({ depart_from: march(1), depart_to: march(14), weekends_only: false, nights: { min: 5, max: 7 }, ...overrides })
const messages = (input: unknown, schema = dateWindowSchema) => {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the date window schema', () => {
  it('reads a window with its defaults: any day, one way unless a trip length is given, any time', () => {
    expect(dateWindowSchema.parse({ depart_from: march(1), depart_to: march(31) })).toEqual({ depart_from: march(1), depart_to: march(31), weekends_only: false, nights: null })
    expect(dateWindowSchema.parse({ ...window(), nights: { min: '5', max: '9' }, outbound_times: ' 6,12 ', return_times: '14,23,0,23' })).toMatchObject({
      nights: { min: 5, max: 9 },
      outbound_times: '6,12',
      return_times: '14,23,0,23',
    })
  })

  it('says what is wrong with each field', () => {
    expect(messages({ ...window(), depart_from: '2027-02-30' })).toEqual(['depart_from: Date must be in YYYY-MM-DD format'])
    expect(messages({ ...window(), depart_to: march(1), depart_from: march(2) })).toEqual([`depart_to: ${DATE_WINDOW_MESSAGES.order}`])
    expect(messages({ ...window(), depart_to: addIsoDays(march(1), DATE_WINDOW_MAX_DAYS) })).toEqual(['depart_to: Choose a departure window of at most 62 days'])
    expect(dateWindowSchema.safeParse({ ...window(), depart_to: addIsoDays(march(1), DATE_WINDOW_MAX_DAYS - 1) }).success).toBe(true)
    expect(messages({ ...window(), nights: { min: 9, max: 5 } })).toEqual(['nights.max: Trip length must be 1 to 30 nights, shortest first'])
    expect(messages({ ...window(), nights: { min: 0, max: 31 } })).toEqual([`nights.min: ${DATE_WINDOW_MESSAGES.nights}`, `nights.max: ${DATE_WINDOW_MESSAGES.nights}`])
    expect(messages({ ...window(), nights: { min: 'two', max: 3 } })).toEqual([`nights.min: ${DATE_WINDOW_MESSAGES.nights}`])
    expect(messages({ ...window(), outbound_times: 'mornings' })).toEqual([`outbound_times: ${DATE_WINDOW_MESSAGES.times}`])
    expect(messages({ ...window(), outbound_times: '18,6' })).toEqual([`outbound_times: ${DATE_WINDOW_MESSAGES.timesOrder}`])
    expect(messages({ ...window(), return_times: '6,24' })).toEqual([`return_times: ${DATE_WINDOW_MESSAGES.timesOrder}`])
    expect(messages({ ...window(), nights: null, return_times: '6,12' })).toEqual([`return_times: ${DATE_WINDOW_MESSAGES.returnTimesOneWay}`])
  })

  it('refuses a window that holds no dates', () => {
    // Weekend trips are 1 to 3 nights.
    expect(messages({ ...window(), weekends_only: true, nights: { min: 5, max: 9 } })).toEqual([`depart_to: ${DATE_WINDOW_MESSAGES.noDates}`])
    // Monday to Thursday holds no Friday or Saturday.
    expect(messages({ ...window(), depart_to: march(4), weekends_only: true, nights: null })).toEqual([`depart_to: ${DATE_WINDOW_MESSAGES.noDates}`])
  })

  it('refuses a new window starting before today, but still reads a stored one whose first days passed', () => {
    const schema = dateWindowSchemaFor(march(3))
    expect(messages(window(), schema)).toEqual([`depart_from: ${DATE_WINDOW_MESSAGES.past}`])
    expect(messages({ ...window(), depart_from: march(3) }, schema)).toEqual([])
    expect(messages(window())).toEqual([])
  })

  it('matches the alert’s trip: round trips need a trip length, one way has none', () => {
    expect(windowTripProblem({ nights: null }, 1)).toBe(DATE_WINDOW_MESSAGES.nightsRequired)
    expect(windowTripProblem({ nights: { min: 2, max: 4 } }, 2)).toBe(DATE_WINDOW_MESSAGES.nightsOneWay)
    expect(windowTripProblem({ nights: { min: 2, max: 4 } }, 1)).toBeNull()
    expect(windowTripProblem({ nights: null }, 2)).toBeNull()
    expect(windowTripProblem({ nights: null }, 3)).toBe(DATE_WINDOW_MESSAGES.multiCity)
  })
})

describe('expandWindow', () => {
  it('lists every pair by departure day, then trip length', () => {
    expect(expandWindow(window({ depart_to: march(2), nights: { min: 1, max: 2 } }))).toEqual([
      { departureDate: march(1), returnDate: march(2) },
      { departureDate: march(1), returnDate: march(3) },
      { departureDate: march(2), returnDate: march(3) },
      { departureDate: march(2), returnDate: march(4) },
    ])
    expect(expandWindow(window({ depart_to: march(7), nights: null }))).toHaveLength(7)
  })

  it('weekends only: out Friday or Saturday, back the Sunday or Monday right after', () => {
    const pairs = expandWindow(window({ weekends_only: true, nights: { min: 1, max: 30 } }))
    expect(pairs.map((pair) => `${pair.departureDate.slice(8)}→${pair.returnDate!.slice(8)}`)).toEqual(['05→07', '05→08', '06→07', '06→08', '12→14', '12→15', '13→14', '13→15'])
    // The trip length range still applies: 2 nights only.
    expect(expandWindow(window({ weekends_only: true, nights: { min: 2, max: 2 } })).map((pair) => pair.departureDate.slice(8))).toEqual(['05', '06', '12', '13'])
    expect(expandWindow(window({ weekends_only: true, nights: null })).map((pair) => pair.departureDate.slice(8))).toEqual(['05', '06', '12', '13'])
  })

  it('leaves out departures before today', () => {
    expect(expandWindow(window({ nights: null }), { today: march(13) })).toEqual([
      { departureDate: march(13), returnDate: null },
      { departureDate: march(14), returnDate: null },
    ])
  })
})

const anyDay = fc.integer({ min: 0, max: 4 * 365 }).map((n) => addIsoDays('2026-01-01', n))
const nightsRange = fc.option(
  fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 })).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) })),
  { nil: null },
)
const anyWindow = fc.record({
  depart_from: anyDay,
  span: fc.integer({ min: 1, max: DATE_WINDOW_MAX_DAYS }),
  weekends_only: fc.boolean(),
  nights: nightsRange,
}).map(({ span, ...rest }): DateWindow => ({ ...rest, depart_to: addIsoDays(rest.depart_from, span - 1) }))

describe('expandWindow properties', () => {
  it('every pair lies in the window, keeps the length and weekend rules, once, in a stable order', () => {
    fc.assert(
      fc.property(anyWindow, (w) => {
        const pairs = expandWindow(w)
        const keys = pairs.map(pairKey)
        expect(new Set(keys).size).toBe(pairs.length)
        expect([...keys].sort()).toEqual(keys)
        expect(expandWindow(w)).toEqual(pairs)
        for (const pair of pairs) {
          expect(pair.departureDate >= w.depart_from && pair.departureDate <= w.depart_to).toBe(true)
          if (w.nights === null) expect(pair.returnDate).toBeNull()
          else {
            const nights = isoDaysBetween(pair.departureDate, pair.returnDate!)
            expect(nights).toBeGreaterThanOrEqual(w.nights.min)
            expect(nights).toBeLessThanOrEqual(w.nights.max)
          }
          if (w.weekends_only) expect(isWeekendPair(pair)).toBe(true)
        }
        if (!w.weekends_only) {
          const days = isoDaysBetween(w.depart_from, w.depart_to) + 1
          expect(pairs).toHaveLength(days * (w.nights === null ? 1 : w.nights.max - w.nights.min + 1))
        }
      }),
    )
  })

  it('a window the schema accepts holds at least one pair', () => {
    fc.assert(
      fc.property(anyWindow, (w) => {
        expect(dateWindowSchema.safeParse(w).success).toBe(expandWindow(w).length > 0)
      }),
    )
  })
})

describe('spreading SerpApi searches across checks', () => {
  it('covers every pair within the stated number of checks, from any check on', () => {
    fc.assert(
      fc.property(anyWindow, fc.integer({ min: 1, max: 25 }), fc.nat({ max: 10_000 }), (w, calls, first) => {
        const all = expandWindow(w)
        fc.pre(all.length > 0)
        const checks = Math.ceil(all.length / Math.min(calls, all.length))
        const seen = new Set<string>()
        for (let k = first; k < first + checks; k++) {
          const chosen = datesForCheck(w, k, calls)
          expect(chosen).toHaveLength(Math.min(calls, all.length))
          expect(new Set(chosen.map(pairKey)).size).toBe(chosen.length)
          for (const pair of chosen) seen.add(pairKey(pair))
        }
        expect(seen.size).toBe(all.length)
      }),
    )
  })

  it('keeps its round as days pass, only dropping the past ones', () => {
    const w = window({ nights: null })
    expect(datesForCheck(w, 0, 3).map((pair) => pair.departureDate)).toEqual([march(1), march(2), march(3)])
    expect(datesForCheck(w, 1, 3).map((pair) => pair.departureDate)).toEqual([march(4), march(5), march(6)])
    expect(datesForCheck(w, 4, 3).map((pair) => pair.departureDate)).toEqual([march(13), march(14), march(1)])
    expect(datesForCheck(w, 4, 3, march(2)).map((pair) => pair.departureDate)).toEqual([march(13), march(14)])
    expect(datesForCheck(w, Number.MAX_SAFE_INTEGER, 3)).toHaveLength(3)
    expect(datesForCheck(w, 0, 0)).toEqual([])
  })
})

describe('windowCost', () => {
  it('SerpApi: each pair once a week, at least one search a check, at most ten', () => {
    // 14 days × 3 trip lengths, checked every 12 hours: 14 checks a week, 3 searches each.
    // Three of the sweep and the incumbent (decision 055).
    expect(windowCost(window(), 'serpapi', 2)).toEqual({ pairs: 42, mode: 'searches', callsPerCheck: 4, checksToCover: 14, callsPerMonth: 240, usdPerMonth: 2.4 })
    // Hourly: one search of the sweep a check, and the incumbent.
    expect(windowCost(window(), 'serpapi', 24)).toMatchObject({ callsPerCheck: 2, checksToCover: 42, callsPerMonth: 1440 })
    // Every 15 days: capped at ten a check.
    expect(windowCost(window(), 'serpapi', 1 / 15)).toMatchObject({ callsPerCheck: MAX_SEARCHES_PER_CHECK + 1, checksToCover: 5, callsPerMonth: 22 })
    // A single date pair: one search a check, as a fixed-date alert.
    expect(windowCost(window({ depart_to: march(1), nights: { min: 5, max: 5 } }), 'serpapi', 2)).toMatchObject({ pairs: 1, callsPerCheck: 1, checksToCover: 1 })
    expect(searchesPerCheck(0, 2)).toBe(0)
  })

  it('simulator: one calendar query prices the whole window, then one search of its cheapest pair, costing nothing', () => {
    expect(windowCost(window(), 'simulator', 2)).toEqual({ pairs: 42, mode: 'calendar', callsPerCheck: 2, checksToCover: 1, callsPerMonth: 120, usdPerMonth: 0 })
    expect(windowCost(window({ depart_to: addIsoDays(march(1), 61), nights: null }), 'simulator', 2)).toMatchObject({ pairs: 62, callsPerCheck: 2 })
    // Weekends: trip lengths 1, 2 and 3, still one calendar query.
    expect(windowCost(window({ weekends_only: true, nights: { min: 1, max: 30 } }), 'simulator', 2)).toMatchObject({ pairs: 8, callsPerCheck: 2 })
  })

  it('simulator: calendars price unfiltered searches only, so time limits or filters mean searches', () => {
    expect(windowCost(window({ outbound_times: '6,12' }), 'simulator', 2)).toMatchObject({ mode: 'searches', callsPerCheck: 4, usdPerMonth: 0 })
    expect(windowCost(window(), 'simulator', 2, { unfiltered: false })).toMatchObject({ mode: 'searches' })
  })

  it('counts only days still to come, at the price asked', () => {
    expect(windowCost(window({ nights: null }), 'serpapi', 2, { today: march(8), pricePerCall: 0.015 })).toMatchObject({ pairs: 7, callsPerCheck: 2, usdPerMonth: 1.8 })
  })

  it('never costs less for a wider window', () => {
    const wider = fc.record({ days: fc.nat({ max: 61 }), below: fc.nat({ max: 29 }), above: fc.nat({ max: 29 }), weekends: fc.boolean() })
    fc.assert(
      fc.property(anyWindow, wider, fc.constantFrom('simulator' as const, 'serpapi' as const), fc.constantFrom(1 / 15, 1, 2, 4, 24, 96), (w, more, provider, perDay) => {
        const span = isoDaysBetween(w.depart_from, w.depart_to) + 1
        const big: DateWindow = {
          ...w,
          depart_to: addIsoDays(w.depart_to, Math.min(more.days, DATE_WINDOW_MAX_DAYS - span)),
          weekends_only: w.weekends_only && more.weekends,
          nights: w.nights === null ? null : { min: Math.max(1, w.nights.min - more.below), max: Math.min(30, w.nights.max + more.above) },
        }
        const small = windowCost(w, provider, perDay)
        const large = windowCost(big, provider, perDay)
        expect(large.pairs).toBeGreaterThanOrEqual(small.pairs)
        expect(large.callsPerCheck).toBeGreaterThanOrEqual(small.callsPerCheck)
        expect(large.callsPerMonth).toBeGreaterThanOrEqual(small.callsPerMonth)
        expect(large.usdPerMonth).toBeGreaterThanOrEqual(small.usdPerMonth)
      }),
    )
  })
})

describe('calendarFareKey: which windows a fare calendar prices', () => {
  const route = { from: 'JFK', to: 'LAX', travelClass: 'economy' as const, adults: 2, currency: 'USD' }
  const plain = unfilteredFareQuery(route, march(1), march(6))

  it('prices the unfiltered search a calendar day stands for', () => {
    expect(calendarFareKey(plain, null, window())).toEqual({ from: 'JFK', to: 'LAX', departureDate: march(1), returnDate: march(6), cabin: 1, adults: 2, currency: 'USD' })
    expect(calendarFareKey(plain, { carry_on: 0, checked: 0 }, window())).not.toBeNull()
  })

  it('leaves filtered searches, bags and times of day to the sweep', () => {
    expect(calendarFareKey({ ...plain, stops: 1 }, null, window())).toBeNull()
    expect(calendarFareKey({ ...plain, include_airlines: 'DL' }, null, window())).toBeNull()
    expect(calendarFareKey({ ...plain, children: 1 }, null, window())).toBeNull()
    expect(calendarFareKey(plain, { carry_on: 0, checked: 1 }, window())).toBeNull()
    expect(calendarFareKey(plain, { carry_on: 1, checked: 0 }, window())).toBeNull()
    expect(calendarFareKey(plain, null, window({ outbound_times: '6,12' }))).toBeNull()
  })
})

describe('cheapestCombination', () => {
  const priced = (departureDate: string, returnDate: string | null, price: number | null): PricedPair => ({ departureDate, returnDate, price })

  it('finds the cheapest pair and says its dates', () => {
    const best = cheapestCombination([priced(march(1), march(6), 420), priced(march(5), march(8), 380), priced(march(2), march(9), null)])
    expect(best).toEqual({ departureDate: march(5), returnDate: march(8), price: 380, nights: 3 })
    expect(combinationDatesText(best!)).toBe('Mar 5 → Mar 8 (3 nights)')
    expect(combinationDatesText({ departureDate: march(6), returnDate: march(7) })).toBe('Mar 6 → Mar 7 (1 night)')
    expect(combinationDatesText({ departureDate: '2027-12-31', returnDate: null })).toBe('Dec 31')
  })

  it('breaks ties by earliest departure, then earliest return; no fare, no answer', () => {
    expect(cheapestCombination([priced(march(2), march(5), 300), priced(march(1), march(8), 300), priced(march(1), march(6), 300)])).toMatchObject({ departureDate: march(1), returnDate: march(6) })
    expect(cheapestCombination([priced(march(1), null, null), priced(march(2), null, Number.NaN), priced(march(3), null, 0)])).toBeNull()
    expect(cheapestCombination([])).toBeNull()
  })

  it('gives the same answer whatever order the prices came in', () => {
    const pairs = fc.uniqueArray(
      fc.record({ day: fc.integer({ min: 1, max: 28 }), nights: fc.integer({ min: 1, max: 5 }), price: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }) }),
      { selector: (p) => `${p.day}|${p.nights}`, maxLength: 30 },
    )
    fc.assert(
      fc.property(pairs, fc.infiniteStream(fc.nat()), (list, seeds) => {
        const input = list.map((p) => priced(march(p.day), addIsoDays(march(p.day), p.nights), p.price))
        const shuffled = [...input].sort(() => (seeds.next().value % 3) - 1)
        const best = cheapestCombination(input)
        expect(cheapestCombination(shuffled)).toEqual(best)
        const prices = input.flatMap((p) => (p.price === null ? [] : [p.price]))
        expect(best?.price ?? null).toBe(prices.length ? Math.min(...prices) : null)
      }),
    )
  })
})

describe('the cost line', () => {
  it('says pairs, calls a check and the month, as the frequency field does', () => {
    expect(windowCostText(windowCost(window(), 'serpapi', 2))).toBe('42 date pairs · 4 searches a check · about $2.40 a month in flight data')
    expect(windowCostText(windowCost(window({ depart_to: addIsoDays(march(1), 61), nights: { min: 1, max: 30 } }), 'serpapi', 96))).toBe(
      '1,860 date pairs · 4 searches a check · about $115 a month in flight data',
    )
    expect(windowCostText(windowCost(window({ depart_to: march(1), nights: null }), 'serpapi', 2))).toBe('1 date pair · 1 search a check · about $0.60 a month in flight data')
    expect(windowCostText(windowCost(window(), 'simulator', 2))).toBe('42 date pairs · 1 calendar query and 1 search a check · no flight-data cost on the simulated market')
    expect(windowCoverText(windowCost(window(), 'serpapi', 2))).toBe('Every date pair is searched at least once every 14 checks.')
    expect(windowCoverText(windowCost(window(), 'simulator', 2))).toBeNull()
  })
})

describe('window words and the pair found (decision 055)', () => {
  it('says the window in the card’s words', () => {
    expect(dateWindowText({ depart_from: '2030-03-01', depart_to: '2030-03-31', weekends_only: false, nights: { min: 5, max: 9 } })).toBe('Any day Mar 1 – Mar 31 · 5–9 nights')
    expect(dateWindowText({ depart_from: '2030-03-01', depart_to: '2030-03-01', weekends_only: true, nights: null })).toBe('Any day Mar 1 · one way · weekends only')
    expect(dateWindowText({ depart_from: '2030-03-01', depart_to: '2030-03-31', weekends_only: false, nights: { min: 5, max: 9 }, outbound_times: '6,11', return_times: '17,23,0,23' })).toBe(
      'Any day Mar 1 – Mar 31 · 5–9 nights · out leaving 06:00–11:59 · back leaving 17:00–23:59',
    )
    expect(timesText('0,23,14,18')).toBe('arriving 14:00–18:59')
    expect(timesText('6,11,14,18')).toBe('leaving 06:00–11:59, arriving 14:00–18:59')
  })

  it('names the cheapest pair of the latest check, not an older cheaper one', () => {
    const prices = {
      '2030-03-01|2030-03-06': { price: 300, at: '2030-02-01T00:00:00.000Z' },
      '2030-03-02|2030-03-07': { price: 420, at: '2030-02-02T00:00:00.000Z' },
      '2030-03-03|2030-03-08': { price: 410, at: '2030-02-02T00:00:00.000Z' },
    }
    expect(latestCheapestPair(prices)).toMatchObject({ departureDate: '2030-03-03', returnDate: '2030-03-08', price: 410, nights: 5 })
    expect(latestCheapestPair({})).toBeNull()
  })
})
