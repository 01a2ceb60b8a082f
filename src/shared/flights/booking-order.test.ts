import { describe, expect, it } from 'vitest'
import { baggageByFare, baggageLine, cheapestSellerPrice, presentBookingOptions, sellerPrice, sortBookingOptions } from './booking-order.ts'
import type { BookingDetail, BookingOption } from './model.ts'

const detail = (bookWith: string, price: number | null, extra: Partial<BookingDetail> = {}): BookingDetail => ({
  bookWith,
  isAirline: false,
  logos: [],
  marketedAs: [],
  price,
  localPrices: [],
  optionTitle: null,
  features: [],
  baggage: [],
  request: null,
  phone: null,
  phoneServiceFee: null,
  ...extra,
})
const one = (d: BookingDetail): BookingOption => ({ separateTickets: false, together: d, departing: null, returning: null })
const separate = (out: BookingDetail, back: BookingDetail): BookingOption => ({ separateTickets: true, together: null, departing: out, returning: back })
const names = (options: BookingOption[]) => options.map((o) => (o.together ?? o.departing)!.bookWith)

describe('booking options in price order (issue 16, defect 2)', () => {
  it('lists sellers cheapest first, so the first row is the cheapest: the issue’s $1,103 / $1,065 case', () => {
    const options = [one(detail('Delta', 1103, { isAirline: true })), one(detail('Expedia', 1080)), one(detail('Kiwi.com', 1065))]
    expect(names(sortBookingOptions(options))).toEqual(['Kiwi.com', 'Expedia', 'Delta'])
    expect(cheapestSellerPrice(options)).toBe(1065)
  })

  it('puts the airline first on a tie, a seller without a price last, and keeps the provider’s order otherwise', () => {
    const options = [one(detail('Agency A', 500)), one(detail('No price', null)), one(detail('Agency B', 500)), one(detail('Airline', 500, { isAirline: true }))]
    expect(names(sortBookingOptions(options))).toEqual(['Airline', 'Agency A', 'Agency B', 'No price'])
  })

  it('prices separate tickets as both added up, and not at all when one has no price', () => {
    expect(sellerPrice(separate(detail('Out', 300), detail('Back', 250)))).toBe(550)
    expect(sellerPrice(separate(detail('Out', 300), detail('Back', null)))).toBeNull()
    expect(names(sortBookingOptions([one(detail('One ticket', 600)), separate(detail('Two tickets', 300), detail('Back', 250))]))).toEqual(['Two tickets', 'One ticket'])
    expect(cheapestSellerPrice([one(detail('x', null))])).toBeNull()
  })
})

describe('baggage lines with their currency', () => {
  it('adds the search’s currency to SerpApi’s bare amounts', () => {
    expect(baggageLine('1st checked bag: 45', 'USD')).toBe('1st checked bag: $45')
    expect(baggageLine('2nd checked bag: 60', 'EUR')).toBe('2nd checked bag: €60')
    expect(baggageLine('1st checked bag: 45.5', 'GBP')).toBe('1st checked bag: £45.50')
  })

  it('formats a named currency, and leaves lines without an amount as they are', () => {
    expect(baggageLine('1st checked bag: 75 USD', 'USD')).toBe('1st checked bag: $75')
    expect(baggageLine('1st checked bag: 75 JPY', 'USD')).toBe('1st checked bag: ¥75')
    expect(baggageLine('1 free carry-on', 'USD')).toBe('1 free carry-on')
    expect(baggageLine('2 free checked bags', 'USD')).toBe('2 free checked bags')
    expect(baggageLine('Checked bag: 45 ZZZ', 'USD')).toBe('Checked bag: ZZZ\u00a045')
  })

  it('names each fare’s baggage once, and only where it says more than the trip’s prices', () => {
    const options = [
      one(detail('BA', 600, { optionTitle: 'Economy Basic', baggage: ['1 free carry-on', '1st checked bag: $75'] })),
      one(detail('Agency', 590, { optionTitle: 'Economy Basic', baggage: ['1 free carry-on', '1st checked bag: $75'] })),
      one(detail('BA', 700, { optionTitle: 'Economy Standard', baggage: ['1 free carry-on', '1 free checked bag'] })),
    ]
    expect(baggageByFare(options, ['1 free carry-on', '1st checked bag: $75'])).toEqual([{ fare: 'Economy Standard', lines: ['1 free carry-on', '1 free checked bag'] }])
    expect(baggageByFare(options, [])).toHaveLength(2)
  })

  it('presents a whole answer: sellers in order, every baggage line with the currency', () => {
    const shown = presentBookingOptions({
      selectedFlights: [],
      currency: 'USD',
      baggagePrices: { together: ['1 free carry-on', '1st checked bag: 45'] },
      bookingOptions: [one(detail('Delta', 1103, { baggage: ['1st checked bag: 45'] })), one(detail('Kiwi.com', 1065))],
    })
    expect(names(shown.bookingOptions)).toEqual(['Kiwi.com', 'Delta'])
    expect(shown.baggagePrices.together).toEqual(['1 free carry-on', '1st checked bag: $45'])
    expect(shown.bookingOptions[1]!.together!.baggage).toEqual(['1st checked bag: $45'])
  })
})
