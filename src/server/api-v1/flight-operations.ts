import { z } from 'zod'
import { airportSearchResponse, bookingOptionsResponse, flightSearchResponse, nextLegResponse, priceInsightsResponse } from '#shared/api-v1/flight-responses.ts'
import { flightTokenSchema, priceInsightsQuerySchema, searchRequestSchema } from '#shared/flights/search-params.ts'
import {
  airportsExample,
  bookingOptionsExample,
  bookingTokenExample,
  departureTokenExample,
  nextLegResponseExample,
  priceInsightsExample,
  searchRequestExample,
  searchResponseExample,
} from './flight-examples.ts'
import { defineOperation, type ApiV1Operation } from './operation.ts'

/**
 * /api/v1/airports and /api/v1/flights/*: the search page's own routes (src/server/flights/routes.ts)
 * behind the token door. The searches are POSTs (their query is a body) that change nothing, so a
 * `read` token may make them (decision 042).
 */

const TAG = 'Flights'

export const flightOperations: ApiV1Operation[] = [
  defineOperation({
    method: 'get',
    path: '/api/v1/airports',
    operationId: 'searchAirports',
    tag: TAG,
    summary: 'Find airports',
    description: 'Airports and cities (a city stands for all its airports) matching a code or a name, best match first.',
    scope: 'read',
    // The route reads `q` as it is (its first 64 characters): no shared schema to reuse.
    params: { query: z.object({ q: z.string().max(64).optional().meta({ description: 'An IATA code, city or airport name, or the start of one.', example: 'lis' }) }) },
    answer: { status: 200, description: 'Matches, best first (cached by browsers for an hour).', schema: airportSearchResponse, example: airportsExample },
    errors: [],
  }),
  defineOperation({
    method: 'post',
    path: '/api/v1/flights/search',
    operationId: 'searchFlights',
    tag: TAG,
    summary: 'Search flights',
    description:
      'The first leg’s options for a one-way, round-trip or multi-city trip, with the search page’s filters. Follow an option’s `departureToken` to the next leg (POST /api/v1/flights/next) and the last leg’s `bookingToken` to where it can be bought (POST /api/v1/flights/booking-options).',
    scope: 'read',
    body: { schema: searchRequestSchema, name: 'FlightSearchRequest', description: 'The trip (`params`) and the filters (`filters`, each optional with the search page’s default).', example: searchRequestExample },
    answer: { status: 200, description: 'The first leg’s options.', schema: flightSearchResponse, example: searchResponseExample },
    errors: [400, 413, 502],
  }),
  defineOperation({
    method: 'post',
    path: '/api/v1/flights/next',
    operationId: 'nextFlights',
    tag: TAG,
    summary: 'Next leg’s flights',
    description: 'The returning flights, or the next multi-city leg, that follow an option chosen from a search (its `departureToken`). Tokens expire with their search.',
    scope: 'read',
    body: { schema: flightTokenSchema, name: 'FlightToken', description: 'A `departureToken` from the previous answer.', example: departureTokenExample },
    answer: { status: 200, description: 'The next leg’s options.', schema: nextLegResponse, example: nextLegResponseExample },
    errors: [400, 404, 413, 502],
  }),
  defineOperation({
    method: 'post',
    path: '/api/v1/flights/booking-options',
    operationId: 'getBookingOptions',
    tag: TAG,
    summary: 'Booking options',
    description: 'Where the chosen trip can be bought (airlines and agencies, with fare brands and bags), for the last leg’s `bookingToken`. Tokens expire with their search.',
    scope: 'read',
    body: { schema: flightTokenSchema, name: 'FlightToken', description: 'A `bookingToken` from the last leg’s answer.', example: bookingTokenExample },
    answer: { status: 200, description: 'The trip’s flights and its sellers.', schema: bookingOptionsResponse, example: bookingOptionsExample },
    errors: [400, 404, 413, 502],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/flights/price-insights',
    operationId: 'getPriceInsights',
    tag: TAG,
    summary: 'Price insights',
    description: 'Whether fares on a route and date are low, typical or high, with the typical range and the daily price history.',
    scope: 'read',
    params: { query: priceInsightsQuerySchema },
    answer: { status: 200, description: 'The insights (fields are null where the provider has none).', schema: priceInsightsResponse, example: priceInsightsExample },
    errors: [400, 502],
  }),
]
