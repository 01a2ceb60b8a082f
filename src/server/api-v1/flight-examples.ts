import type { z } from 'zod'
import type { airportSearchResponse, bookingOptionsResponse, flightSearchResponse, itinerarySchema, priceInsightsSchema } from '#shared/api-v1/flight-responses.ts'
import type { flightTokenSchema, searchRequestSchema } from '#shared/flights/search-params.ts'
import { EXAMPLE_DEPARTURE as DEPART, EXAMPLE_RETURN as RETURN, exampleDate, exampleTime as time } from './example-dates.ts'

/**
 * The flight operations' examples for the OpenAPI document: the round trip of the alert examples
 * (two adults, New York to Lisbon), searched, its return listed and its booking options read.
 * Typed by the schemas they illustrate, and parsed by them in openapi.db.test.ts.
 */

export const searchRequestExample: z.input<typeof searchRequestSchema> = {
  params: { tripType: 'round-trip', from: 'JFK', to: 'LIS', departureDate: DEPART, returnDate: RETURN, travelClass: 'economy', adults: 2, children: 0 },
  filters: { sortBy: 2, stops: 1, bags: 1, currency: 'USD' },
}

export const departureTokenExample: z.input<typeof flightTokenSchema> = { token: 'q7Xk2mPz9LwR4tVb.0' }
export const bookingTokenExample: z.input<typeof flightTokenSchema> = { token: 'q7Xk2mPz9LwR4tVb.3' }

const outbound: z.output<typeof itinerarySchema> = {
  id: `TP208-${DEPART}-economy`,
  segments: [
    {
      departure: { airport: 'JFK', name: 'John F. Kennedy International Airport', time: `${DEPART}T18:05` },
      arrival: { airport: 'LIS', name: 'Humberto Delgado Airport', time: `${exampleDate(109)}T06:10` },
      durationMinutes: 425,
      airline: { code: 'TP', name: 'TAP Air Portugal', logoUrl: null },
      flightNumber: 'TP 208',
      aircraft: 'Airbus A321neo',
      cabin: 'Economy',
      legroom: '31 in',
      amenities: ['Wi-Fi for a fee', 'In-seat USB outlet'],
      overnight: true,
      oftenDelayed: false,
      alsoSoldBy: [],
      operatedBy: null,
    },
  ],
  layovers: [],
  durationMinutes: 425,
  stops: 0,
  price: 936,
  currency: 'USD',
  priceIsTripTotal: true,
  emissions: { grams: 412_000, typicalGrams: 455_000, differencePercent: -9 },
  type: 'Round trip',
  logoUrl: null,
  fareNotes: ['Checked baggage for a fee'],
  isBest: true,
  departureToken: departureTokenExample.token,
  bookingToken: null,
}

const inbound: z.output<typeof itinerarySchema> = {
  ...outbound,
  id: `TP205-${RETURN}-economy`,
  segments: [
    {
      ...outbound.segments[0]!,
      departure: { airport: 'LIS', name: 'Humberto Delgado Airport', time: `${RETURN}T11:20` },
      arrival: { airport: 'JFK', name: 'John F. Kennedy International Airport', time: `${RETURN}T14:05` },
      durationMinutes: 465,
      flightNumber: 'TP 205',
      overnight: false,
    },
  ],
  durationMinutes: 465,
  departureToken: null,
  bookingToken: bookingTokenExample.token,
}

export const priceInsightsExample: z.output<typeof priceInsightsSchema> = {
  lowest_price: 936,
  price_level: 'low',
  typical_price_range: [980, 1340],
  price_history: [
    [Math.floor(Date.parse(time(-2, 0, 0)) / 1000), 1012],
    [Math.floor(Date.parse(time(-1, 0, 0)) / 1000), 968],
    [Math.floor(Date.parse(time(0, 0, 0)) / 1000), 936],
  ],
}

export const searchResponseExample: z.output<typeof flightSearchResponse> = {
  searchId: 'q7Xk2mPz9LwR4tVb',
  legIndex: 0,
  legCount: 2,
  best: [outbound],
  other: [],
  priceInsights: priceInsightsExample,
  currency: 'USD',
  fetchedAt: time(0, 9, 30),
  fromCache: false,
  provider: 'serpapi',
}

export const nextLegResponseExample: z.output<typeof flightSearchResponse> = { ...searchResponseExample, legIndex: 1, best: [inbound], priceInsights: null }

export const bookingOptionsExample: z.output<typeof bookingOptionsResponse> = {
  selectedFlights: [outbound, inbound],
  bookingOptions: [
    {
      separateTickets: false,
      together: {
        bookWith: 'TAP Air Portugal',
        isAirline: true,
        logos: [],
        marketedAs: ['TP 208', 'TP 205'],
        price: 936,
        localPrices: [],
        optionTitle: 'Classic',
        features: ['1 carry-on bag', 'Seat selection for a fee'],
        baggage: ['1 carry-on bag'],
        request: { url: 'https://www.flytap.com/booking', postData: 'u=q7Xk2mPz9LwR4tVb' },
        phone: null,
        phoneServiceFee: null,
      },
      departing: null,
      returning: null,
    },
  ],
  baggagePrices: { together: ['1 free carry-on', '1st checked bag: 75 USD'] },
  currency: 'USD',
}

export const airportsExample: z.output<typeof airportSearchResponse> = {
  results: [
    { kind: 'airport', code: 'LIS', name: 'Humberto Delgado Airport', city: 'Lisbon', country: 'Portugal' },
    {
      kind: 'city',
      code: 'LHR,LGW,LCY,STN,LTN,SEN',
      name: 'London (all airports)',
      city: 'London',
      country: 'United Kingdom',
      airports: [
        { code: 'LHR', name: 'Heathrow Airport' },
        { code: 'LGW', name: 'Gatwick Airport' },
      ],
    },
  ],
}
