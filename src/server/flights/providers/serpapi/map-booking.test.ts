import { describe, expect, it } from 'vitest'
import { FIXTURE_QUERIES, loadSerpFixture } from '#tests/fixtures/serpapi/index.ts'
import { mapBooking } from './map-booking.ts'
import { mapSearch } from './map-search.ts'

describe('mapBooking', () => {
  const result = mapBooking(loadSerpFixture('booking-options-round-trip'), FIXTURE_QUERIES.roundTrip)

  it('maps the selected flights with the ids the search steps gave them', () => {
    const step1 = mapSearch(loadSerpFixture('round-trip-step1'), FIXTURE_QUERIES.roundTrip).best[0]
    const step2 = mapSearch(loadSerpFixture('round-trip-step2'), FIXTURE_QUERIES.roundTrip).best[0]
    expect(result.selectedFlights.map((it) => it.segments[0]?.flightNumber)).toEqual(['BA 117', 'BA 112'])
    expect(result.selectedFlights.map((it) => it.id)).toEqual([step1?.id, step2?.id])
    expect(result.selectedFlights.every((it) => it.price === null && !it.bookingToken && !it.departureToken && !it.isBest)).toBe(true)
  })

  it('maps an airline seller with its fare, local price and form-POST request', () => {
    expect(result.bookingOptions[0]).toEqual({
      separateTickets: false,
      together: {
        bookWith: 'British Airways',
        isAirline: true,
        logos: ['https://www.gstatic.com/flights/airline_logos/70px/BA.png'],
        marketedAs: ['BA 117', 'BA 112'],
        price: 689,
        localPrices: [{ currency: 'GBP', price: 541 }],
        optionTitle: 'Economy Basic',
        features: ['No seat selection', 'Non-refundable', 'Change for a fee'],
        baggage: ['1 free carry-on', '1st checked bag: 80 USD'],
        request: { url: 'https://www.google.com/travel/clk/f', postData: expect.stringMatching(/^u=/) as unknown as string },
        phone: null,
        phoneServiceFee: null,
      },
      departing: null,
      returning: null,
    })
  })

  it('maps an agency without fare details', () => {
    expect(result.bookingOptions[1]?.together).toMatchObject({ bookWith: 'Example OTA', isAirline: false, optionTitle: null, features: [], localPrices: [], price: 672 })
  })

  it('maps separate tickets as a departing and a returning seller', () => {
    const split = result.bookingOptions[2]
    expect(split).toMatchObject({ separateTickets: true, together: null })
    expect(split?.departing).toMatchObject({ bookWith: 'British Airways', price: 412, isAirline: true, request: { url: 'https://www.google.com/travel/clk/f' } })
    expect(split?.returning).toMatchObject({ bookWith: 'Flyfast Travel', price: 249, isAirline: false })
  })

  it('maps a phone-only seller without a request', () => {
    expect(result.bookingOptions[3]?.together).toMatchObject({ bookWith: 'Phone-only Travel', request: null, phone: '+1 800 555 0100', phoneServiceFee: 25, price: 649 })
  })

  it('maps baggage prices per direction', () => {
    expect(result.baggagePrices).toEqual({
      together: ['1 free carry-on', '1st checked bag: 80 USD'],
      departing: ['1 free carry-on', '1st checked bag: 65 GBP'],
      returning: ['1 free carry-on', '1st checked bag: 75 USD'],
    })
  })

  it('refuses non-http booking URLs, infers split tickets, and drops empty options', () => {
    const response = loadSerpFixture('booking-options-round-trip')
    const options = response.booking_options!
    options[0]!.together!.booking_request = { url: 'javascript:alert(1)', post_data: 'u=x' }
    delete options[2]!.separate_tickets
    options.push({})
    const mapped = mapBooking(response, FIXTURE_QUERIES.roundTrip)
    expect(mapped.bookingOptions[0]?.together?.request).toBeNull()
    expect(mapped.bookingOptions[2]?.separateTickets).toBe(true)
    expect(mapped.bookingOptions).toHaveLength(4)
  })

  it('no results → empty lists', () => {
    expect(mapBooking(loadSerpFixture('no-results'), FIXTURE_QUERIES.roundTrip)).toEqual({ selectedFlights: [], bookingOptions: [], baggagePrices: {} })
  })
})
