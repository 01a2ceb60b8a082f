import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  alertBagsSchema,
  BAG_MESSAGES,
  bagFeeTable,
  bagFeeTableForOption,
  bagPriceText,
  NO_BAGS,
  parseBagFeeLine,
  parseBagFees,
  priceWithBags,
  type AlertBags,
} from './bag-fees.ts'
import type { BookingDetail } from './model.ts'

const usd = (price: number) => ({ price, currency: 'USD' })

describe('reading baggage lines', () => {
  it('reads every shape seen: SerpApi, the simulated market and the fare features', () => {
    expect(parseBagFeeLine('1 free carry-on')).toEqual([{ kind: 'carry_on', ordinal: 1, fee: { amount: 0, currency: null } }])
    expect(parseBagFeeLine('1 free checked bag')).toEqual([{ kind: 'checked', ordinal: 1, fee: { amount: 0, currency: null } }])
    expect(parseBagFeeLine('2 free checked bags')).toEqual([
      { kind: 'checked', ordinal: 1, fee: { amount: 0, currency: null } },
      { kind: 'checked', ordinal: 2, fee: { amount: 0, currency: null } },
    ])
    expect(parseBagFeeLine('1st checked bag: 35 USD')).toEqual([{ kind: 'checked', ordinal: 1, fee: { amount: 35, currency: 'USD' } }])
    expect(parseBagFeeLine('2nd checked bag: 45 EUR')).toEqual([{ kind: 'checked', ordinal: 2, fee: { amount: 45, currency: 'EUR' } }])
    expect(parseBagFeeLine('1st carry-on bag: 30 USD')).toEqual([{ kind: 'carry_on', ordinal: 1, fee: { amount: 30, currency: 'USD' } }])
    expect(parseBagFeeLine('Carry-on bag: 20 USD')).toEqual([{ kind: 'carry_on', ordinal: 1, fee: { amount: 20, currency: 'USD' } }])
    // SerpApi without a currency: the search's own.
    expect(parseBagFeeLine('1st checked bag: 45')).toEqual([{ kind: 'checked', ordinal: 1, fee: { amount: 45, currency: null } }])
    expect(parseBagFeeLine('1st checked bag: 45.5 GBP')).toEqual([{ kind: 'checked', ordinal: 1, fee: { amount: 45.5, currency: 'GBP' } }])
    expect(parseBagFeeLine('1st checked bag: 7,500 JPY')).toEqual([{ kind: 'checked', ordinal: 1, fee: { amount: 7500, currency: 'JPY' } }])
    expect(parseBagFeeLine('Checked bag: 45 ZZZ')).toEqual([{ kind: 'checked', ordinal: 1, fee: { amount: 45, currency: 'ZZZ' } }])
    expect(parseBagFeeLine('Carry-on bag included')).toEqual([{ kind: 'carry_on', ordinal: 1, fee: { amount: 0, currency: null } }])
    expect(parseBagFeeLine('  1st   checked bag:  35 usd ')).toEqual([{ kind: 'checked', ordinal: 1, fee: { amount: 35, currency: 'USD' } }])
  })

  it('refuses what it cannot read for certain', () => {
    for (const line of [
      'Small personal item only',
      'No free checked bag',
      'Checked baggage for a fee',
      // A shown line, currency as a symbol: "$" could be any dollar.
      '1st checked bag: $75',
      '1st checked bag: 3\u00005 USD',
      '1st checked bag: 35 USD\u0000',
      '\u00001 free carry-on',
      '1st checked bag: 99999999999999999999 USD',
      '1st checked bag: 1e3 USD',
      '1st checked bag: -35 USD',
      '1st checked bag: 35.999 USD',
      '1st checked bag: 35 US DOLLARS',
      '1st checked bag: Infinity',
      '1st checked bag: NaN USD',
      `1st checked bag: ${'9'.repeat(200)} USD`,
      '',
    ]) {
      expect(parseBagFeeLine(line), line).toBeNull()
    }
  })

  it('keeps what it could not read, marks lines that disagree, and ignores non-strings', () => {
    const schedule = parseBagFees(['1 free carry-on', '1st carry-on bag: 30 USD', '1st checked bag: 35 USD', '1st checked bag: 35 USD', 'Wi-Fi for a fee', 42, null])
    expect(schedule.fees).toEqual({ 'carry_on:1': 'conflict', 'checked:1': { amount: 35, currency: 'USD' } })
    expect(schedule.unreadable).toEqual(['Wi-Fi for a fee', '(number)', '(object)'])
    expect(parseBagFees(undefined)).toEqual({ fees: {}, unreadable: [] })
  })

  it('never throws, whatever the lines', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.integer(), fc.constant(null), fc.constant(undefined))), (lines) => {
        const schedule = parseBagFees(lines)
        for (const fee of Object.values(schedule.fees)) {
          if (fee !== 'conflict') expect(Number.isFinite(fee.amount) && fee.amount >= 0 && fee.amount < 1e9).toBe(true)
        }
      }),
    )
  })
})

describe('the fee table of a trip', () => {
  it('charges one ticket’s lines each way, and separate tickets’ each once', () => {
    // The SerpApi fixture (tests/fixtures/serpapi/booking-options-round-trip.json): all three.
    const fixture = { together: ['1 free carry-on', '1st checked bag: 80 USD'], departing: ['1 free carry-on', '1st checked bag: 65 GBP'], returning: ['1 free carry-on', '1st checked bag: 75 USD'] }
    const oneTicket = priceWithBags(usd(600), bagFeeTable(fixture, 'round_trip'), { carry_on: 1, checked: 1 }, 1)
    expect(oneTicket).toMatchObject({ total: 760, known: true, directions: 2, bags: [{ kind: 'carry_on', count: 1, price: 0 }, { kind: 'checked', count: 1, price: 160 }] })
    // Separate tickets: the departing bag is in pounds, the fare in dollars.
    const separate = priceWithBags(usd(560), bagFeeTable(fixture, 'round_trip', { separateTickets: true }), { carry_on: 0, checked: 1 }, 1)
    expect(separate).toMatchObject({ total: null, known: false, bags: [{ kind: 'checked', count: 1, price: null }] })
    expect(priceWithBags(usd(560), bagFeeTable({ departing: ['1st checked bag: 65 USD'], returning: ['1st checked bag: 75 USD'] }, 'round_trip'), { carry_on: 0, checked: 1 }, 2)).toMatchObject({
      total: 840,
      bags: [{ kind: 'checked', count: 1, price: 280 }],
    })
    // One way: once.
    expect(priceWithBags(usd(412), bagFeeTable(['1 free carry-on', '1st checked bag: 80 USD'], 'one_way'), { carry_on: 0, checked: 1 }, 1).total).toBe(492)
  })

  it('reads a booking option’s own lines', () => {
    const detail = (baggage: string[]): BookingDetail => ({
      bookWith: 'BA', isAirline: true, logos: [], marketedAs: [], price: 300, localPrices: [], optionTitle: null, features: [], baggage, request: null, phone: null, phoneServiceFee: null,
    })
    const together = { separateTickets: false, together: detail(['1st checked bag: 40 USD']), departing: null, returning: null }
    expect(priceWithBags(usd(600), bagFeeTableForOption(together, 'round_trip'), { carry_on: 0, checked: 1 }, 1).total).toBe(680)
    const separate = { separateTickets: true, together: null, departing: detail(['1st checked bag: 40 USD']), returning: detail(['1st checked bag: 30 USD']) }
    expect(priceWithBags(usd(600), bagFeeTableForOption(separate, 'round_trip'), { carry_on: 0, checked: 1 }, 1).total).toBe(670)
    const halfKnown = { separateTickets: true, together: null, departing: detail(['1st checked bag: 40 USD']), returning: null }
    expect(priceWithBags(usd(600), bagFeeTableForOption(halfKnown, 'round_trip'), { carry_on: 0, checked: 1 }, 1).known).toBe(false)
  })
})

describe('priceWithBags', () => {
  const simulated = bagFeeTable(['1 free carry-on', '1st checked bag: 35 USD', '2nd checked bag: 45 USD'], 'round_trip')

  it('adds each chosen bag for every passenger, out and back', () => {
    expect(priceWithBags(usd(500), simulated, { carry_on: 1, checked: 2 }, 3)).toEqual({
      fare: 500,
      currency: 'USD',
      total: 500 + (35 + 45) * 2 * 3,
      bags: [
        { kind: 'carry_on', count: 1, price: 0 },
        { kind: 'checked', count: 2, price: 480 },
      ],
      known: true,
      passengers: 3,
      directions: 2,
    })
    expect(priceWithBags(usd(500), simulated, NO_BAGS, 1)).toMatchObject({ total: 500, bags: [], known: true })
  })

  it('knows no price it was not told: a missing bag, a second bag, another currency', () => {
    // No carry-on line at all.
    expect(priceWithBags(usd(500), bagFeeTable(['1st checked bag: 35 USD'], 'one_way'), { carry_on: 1, checked: 0 }, 1)).toMatchObject({ total: null, known: false })
    // The first bag's fee says nothing about the second's.
    expect(priceWithBags(usd(500), bagFeeTable(['1st checked bag: 35 USD'], 'one_way'), { carry_on: 0, checked: 2 }, 1).known).toBe(false)
    expect(priceWithBags(usd(500), bagFeeTable(['2nd checked bag: 45 EUR', '1st checked bag: 35 EUR'], 'one_way'), { carry_on: 0, checked: 1 }, 1).known).toBe(false)
    expect(priceWithBags({ price: 500, currency: 'eur' }, bagFeeTable(['2nd checked bag: 45 EUR', '1st checked bag: 35 EUR'], 'one_way'), { carry_on: 0, checked: 2 }, 1).total).toBe(580)
    expect(priceWithBags(usd(500), bagFeeTable(['Checked bag: 45 ZZZ'], 'one_way'), { carry_on: 0, checked: 1 }, 1).known).toBe(false)
    expect(priceWithBags(usd(500), bagFeeTable(['1 free carry-on', 'Carry-on bag: 20 USD'], 'one_way'), { carry_on: 1, checked: 0 }, 1).known).toBe(false)
    expect(priceWithBags(usd(500), bagFeeTable(['1st checked bag: 3\u00005 USD'], 'one_way'), { carry_on: 0, checked: 1 }, 1).known).toBe(false)
    expect(priceWithBags(usd(500), { directions: [] }, { carry_on: 0, checked: 1 }, 1).known).toBe(false)
    // Free is free in any currency; an unnamed currency is the fare's.
    expect(priceWithBags({ price: 500, currency: 'GBP' }, bagFeeTable(['1 free carry-on', '1st checked bag: 45'], 'one_way'), { carry_on: 1, checked: 1 }, 1).total).toBe(545)
  })

  it('refuses a party or a fare that is not one', () => {
    expect(() => priceWithBags(usd(500), simulated, NO_BAGS, 0)).toThrow(RangeError)
    expect(() => priceWithBags(usd(500), simulated, NO_BAGS, 1.5)).toThrow(RangeError)
    expect(() => priceWithBags(usd(Number.NaN), simulated, NO_BAGS, 1)).toThrow(RangeError)
  })

  it('a known total is the fare plus every bag, never below the fare, and more bags never cost less', () => {
    const fee = fc.oneof(fc.constant('free'), fc.integer({ min: 1, max: 500 }).map(String))
    const lines = fc.record({ carry: fc.option(fee, { nil: undefined }), first: fc.option(fee, { nil: undefined }), second: fc.option(fee, { nil: undefined }) }).map(({ carry, first, second }) =>
      [carry && `Carry-on bag: ${carry}`, first && `1st checked bag: ${first}`, second && `2nd checked bag: ${second}`].filter((line): line is string => Boolean(line)),
    )
    const bags = fc.record({ carry_on: fc.integer({ min: 0, max: 1 }), checked: fc.integer({ min: 0, max: 2 }) })
    fc.assert(
      fc.property(lines, fc.constantFrom('one_way' as const, 'round_trip' as const), fc.integer({ min: 1, max: 100_000 }), bags, bags, fc.integer({ min: 1, max: 9 }), (list, trip, fare, a, b, passengers) => {
        const table = bagFeeTable(list, trip)
        const price = priceWithBags(usd(fare), table, a, passengers)
        if (price.known) {
          expect(price.total).toBeCloseTo(fare + price.bags.reduce((sum, bag) => sum + bag.price!, 0), 2)
          expect(price.total!).toBeGreaterThanOrEqual(fare)
        } else expect(price.total).toBeNull()
        const more: AlertBags = { carry_on: Math.max(a.carry_on, b.carry_on), checked: Math.max(a.checked, b.checked) }
        const bigger = priceWithBags(usd(fare), table, more, passengers)
        if (bigger.known) {
          expect(price.known).toBe(true)
          expect(bigger.total!).toBeGreaterThanOrEqual(price.total!)
        }
      }),
    )
  })
})

describe('the alert’s bags', () => {
  it('reads the form’s choice, with messages', () => {
    expect(alertBagsSchema.parse({})).toEqual(NO_BAGS)
    expect(alertBagsSchema.parse({ carry_on: '1', checked: '2' })).toEqual({ carry_on: 1, checked: 2 })
    const issues = alertBagsSchema.safeParse({ carry_on: 2, checked: 3 }).error!.issues.map((issue) => issue.message)
    expect(issues).toEqual([BAG_MESSAGES.carryOn, BAG_MESSAGES.checked])
    expect(alertBagsSchema.safeParse({ carry_on: 'x', checked: 0.5 }).error!.issues.map((issue) => issue.message)).toEqual([BAG_MESSAGES.carryOn, BAG_MESSAGES.checked])
  })

  it('says the breakdown for a notice', () => {
    const table = bagFeeTable(['1 free carry-on', '1st checked bag: 80 USD'], 'round_trip')
    expect(bagPriceText(priceWithBags(usd(412), table, { carry_on: 0, checked: 1 }, 1))).toBe('$412 fare + $160 for 1 checked bag = $572')
    expect(bagPriceText(priceWithBags(usd(412), table, { carry_on: 1, checked: 1 }, 1))).toBe('$412 fare + 1 carry-on bag free + $160 for 1 checked bag = $572')
    expect(bagPriceText(priceWithBags(usd(412), table, { carry_on: 0, checked: 2 }, 1))).toBe('$412 fare; the fee for 2 checked bags is not known')
    expect(bagPriceText(priceWithBags(usd(412), table, NO_BAGS, 1))).toBe('$412 fare, no bags')
  })
})
