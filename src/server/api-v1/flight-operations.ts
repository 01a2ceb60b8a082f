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
import { dateGridResponse, fareCalendarResponse, flexibleResponse } from '#shared/api-v1/fare-calendar-responses.ts'
import { dateGridQuerySchema, fareCalendarQuerySchema, flexibleQuerySchema } from '#shared/flights/fare-calendar.ts'
import { dateGridExample, fareCalendarExample, flexibleExample } from './fare-calendar-examples.ts'
import { observedHistoryResponse } from '#shared/api-v1/observed-history-response.ts'
import { observedHistoryQuerySchema } from '#shared/flights/observed-history.ts'
import { observedHistoryExample } from './observed-history-example.ts'
import { fareForecastQuerySchema, fareForecastSchema, type FareForecast } from '#shared/flights/forecast.ts'

/** The example trip's forecast (decision 052): a fare under its recent prices, on a kind of trip where it is shown. */
const fareForecastExample: FareForecast = { signal: 'rise', confidence: 0.62, horizon_days: 7, shown: true, accuracy: 0.718, reason: 'Likely to rise: below its recent prices', accuracy_source: 'replay' }

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
    errors: [400, 413, 502, 503],
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
    errors: [400, 404, 413, 502, 503],
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
    errors: [400, 404, 413, 502, 503],
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
    errors: [400, 502, 503],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/flights/calendar',
    operationId: 'getFareCalendar',
    tag: TAG,
    summary: 'Fare calendar',
    description:
      'The cheapest unfiltered fare of each day from `start` (at most 62 days): one way, round trips of `tripNights`, or (`field=return`) round trips from `departureDate` coming back that day. Days are levelled against the route’s typical range.',
    scope: 'read',
    params: { query: fareCalendarQuerySchema },
    answer: { status: 200, description: 'One entry per day; `price` null where no fare is known.', schema: fareCalendarResponse, example: fareCalendarExample },
    errors: [400, 502],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/flights/date-grid',
    operationId: 'getDateGrid',
    tag: TAG,
    summary: 'Departure × return grid',
    description: 'Round-trip fares for departures and returns up to 3 days either side of the chosen dates (7 × 7).',
    scope: 'read',
    params: { query: dateGridQuerySchema },
    answer: { status: 200, description: 'The grid, row-major by departure date.', schema: dateGridResponse, example: dateGridExample },
    errors: [400, 502],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/flights/flexible',
    operationId: 'getFlexibleDates',
    tag: TAG,
    summary: 'Flexible dates',
    description:
      'The cheapest date pairs of a month (`flex=month`, trips of `minNights`–`maxNights`, default 1–7) or of its weekends (`flex=weekend`: leave Friday or Saturday, back the Sunday or Monday after); `oneWay=true` for one-way trips.',
    scope: 'read',
    params: { query: flexibleQuerySchema },
    answer: { status: 200, description: 'Up to 20 date pairs, cheapest first, and how many were considered.', schema: flexibleResponse, example: flexibleExample },
    errors: [400, 502],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/flights/observed-history',
    operationId: 'getObservedPriceHistory',
    tag: TAG,
    summary: 'Observed price history',
    description:
      'One trip’s cheapest fare each time FareDrop’s own unfiltered searches and price checks saw it (kept 90 days): exactly this route, departure and return dates (no `returnDate`: one way), cabin, adults and currency. Costs no provider call.',
    scope: 'read',
    params: { query: observedHistoryQuerySchema },
    answer: { status: 200, description: 'The observations, oldest first; empty with nulls when FareDrop has not seen the trip.', schema: observedHistoryResponse, example: observedHistoryExample },
    errors: [400],
  }),
  defineOperation({
    method: 'get',
    path: '/api/v1/flights/forecast',
    operationId: 'getFareForecast',
    tag: TAG,
    summary: 'Buy-or-wait forecast',
    description:
      'Whether one trip’s fare is likely to rise, likely to drop or shows no clear signal over the next 7 days, with a confidence, learned only from FareDrop’s own observations of it and of its route’s dates up to 3 days either side; `shown` says whether the measured accuracy on this kind of trip beats always saying “no clear signal” (decision 052), and `accuracy_source` where it was measured: the simulated market’s replay, or a daily hold-out of the fares FareDrop observed on the live provider (which shows no forecast until that says so). Same query as the observed price history. Costs no provider call.',
    scope: 'read',
    params: { query: fareForecastQuerySchema },
    answer: { status: 200, description: 'The forecast; “no clear signal” with confidence 0 when too few prices were seen.', schema: fareForecastSchema.meta({ id: 'FareForecast' }), example: fareForecastExample },
    errors: [400],
  }),
]
