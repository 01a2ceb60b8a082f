import { z } from 'zod'
import type { ApiResponse } from '../api-contract.ts'
import type { BookingDetail, FlightEmissions, FlightEndpoint, FlightLayover, FlightSegment, Itinerary, PriceInsights } from '../flights/model.ts'
import { matches } from './contract-match.ts'

/**
 * What the flight operations of the public API v1 answer (src/shared/flights/model.ts, the
 * provider-neutral model), as zod schemas for the OpenAPI document, each tied to its TypeScript
 * type by `matches` (decision 045).
 */

const localTime = z.string().meta({ description: 'Local wall-clock time at the airport, YYYY-MM-DDTHH:MM (no offset).', example: '2027-03-14T18:05' })

const endpointSchema = matches<FlightEndpoint>()(z.object({ airport: z.string().meta({ description: 'IATA code.' }), name: z.string(), time: localTime }))

export const flightSegmentSchema = matches<FlightSegment>()(
  z
    .object({
      departure: endpointSchema,
      arrival: endpointSchema,
      durationMinutes: z.number().int(),
      airline: z.object({ code: z.string().nullable(), name: z.string(), logoUrl: z.string().nullable() }),
      flightNumber: z.string().meta({ example: 'TP 208' }),
      aircraft: z.string().nullable(),
      cabin: z.string().nullable(),
      legroom: z.string().nullable(),
      amenities: z.array(z.string()),
      overnight: z.boolean(),
      oftenDelayed: z.boolean(),
      alsoSoldBy: z.array(z.string()),
      operatedBy: z.string().nullable(),
    })
    .meta({ id: 'FlightSegment' }),
)

const layoverSchema = matches<FlightLayover>()(z.object({ airport: z.string(), name: z.string(), durationMinutes: z.number().int(), overnight: z.boolean() }))

const emissionsSchema = matches<FlightEmissions>()(
  z.object({ grams: z.number().nullable(), typicalGrams: z.number().nullable(), differencePercent: z.number().nullable().meta({ description: 'Negative: less than typical.' }) }),
)

export const itinerarySchema = matches<Itinerary>()(
  z
    .object({
      id: z.string(),
      segments: z.array(flightSegmentSchema),
      layovers: z.array(layoverSchema),
      durationMinutes: z.number().int(),
      stops: z.number().int(),
      price: z.number().nullable().meta({ description: 'Total for all passengers in `currency`; null when the provider gave none.' }),
      currency: z.string(),
      priceIsTripTotal: z.boolean().meta({ description: 'The price is the whole trip’s (round-trip and multi-city steps).' }),
      emissions: emissionsSchema.nullable(),
      type: z.string().meta({ example: 'Round trip' }),
      logoUrl: z.string().nullable(),
      fareNotes: z.array(z.string()),
      isBest: z.boolean(),
      departureToken: z.string().nullable().meta({ description: 'For POST /flights/next: the returns or the next multi-city leg that follow this option.' }),
      bookingToken: z.string().nullable().meta({ description: 'For POST /flights/booking-options: where this trip can be bought.' }),
    })
    .meta({ id: 'Itinerary', description: 'One priced option for one leg of the trip. Exactly one of departureToken and bookingToken is set.' }),
)

export const priceInsightsSchema = matches<PriceInsights>()(
  z
    .object({
      lowest_price: z.number().nullable(),
      price_level: z.enum(['low', 'typical', 'high']).nullable(),
      typical_price_range: z.tuple([z.number(), z.number()]).nullable(),
      price_history: z.array(z.tuple([z.number(), z.number()])).meta({ description: '[unix seconds, price] daily points, oldest first.' }),
    })
    .meta({ id: 'PriceInsights', description: 'Google Flights’ price insights, in SerpApi’s field names.' }),
)

export const flightSearchResponse = matches<ApiResponse<'POST /api/flights/search'>>()(
  z
    .object({
      searchId: z.string(),
      legIndex: z.number().int().meta({ description: '0 outbound, 1 return or second multi-city leg…' }),
      legCount: z.number().int(),
      best: z.array(itinerarySchema),
      other: z.array(itinerarySchema),
      priceInsights: priceInsightsSchema.nullable(),
      currency: z.string(),
      fetchedAt: z.string().meta({ description: 'When the provider answered (ISO 8601); a cached answer keeps its time.' }),
      fromCache: z.boolean(),
      provider: z.string().meta({ example: 'simulated' }),
    })
    .meta({ id: 'FlightSearchResult' }),
)

const bookingDetailSchema = matches<BookingDetail>()(
  z
    .object({
      bookWith: z.string(),
      isAirline: z.boolean(),
      logos: z.array(z.string()),
      marketedAs: z.array(z.string()),
      price: z.number().nullable(),
      localPrices: z.array(z.object({ currency: z.string(), price: z.number() })),
      optionTitle: z.string().nullable(),
      features: z.array(z.string()),
      baggage: z.array(z.string()),
      request: z
        .object({ url: z.string(), postData: z.string().nullable().meta({ description: 'When set, send the traveller as a form POST (application/x-www-form-urlencoded).' }) })
        .nullable(),
      phone: z.string().nullable(),
      phoneServiceFee: z.number().nullable(),
    })
    .meta({ id: 'BookingDetail' }),
)

export const bookingOptionsResponse = matches<ApiResponse<'POST /api/flights/booking-options'>>()(
  z
    .object({
      selectedFlights: z.array(itinerarySchema),
      bookingOptions: z.array(
        z.object({ separateTickets: z.boolean(), together: bookingDetailSchema.nullable(), departing: bookingDetailSchema.nullable(), returning: bookingDetailSchema.nullable() }),
      ),
      baggagePrices: z.object({ together: z.array(z.string()).optional(), departing: z.array(z.string()).optional(), returning: z.array(z.string()).optional() }),
      currency: z.string(),
    })
    .meta({ id: 'BookingOptions' }),
)

export const airportSearchResponse = matches<ApiResponse<'GET /api/airports'>>()(
  z
    .object({
      results: z.array(
        z
          .object({
            kind: z.enum(['airport', 'city']),
            code: z.string().meta({ description: 'One IATA code, or for a city every airport’s code joined by commas ("LHR,LGW,LCY").' }),
            name: z.string(),
            city: z.string(),
            country: z.string(),
            airports: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
          })
          .meta({ id: 'AirportSuggestion' }),
      ),
    })
    .meta({ id: 'AirportSearchResult' }),
)

export const priceInsightsResponse = matches<ApiResponse<'GET /api/flights/price-insights'>>()(priceInsightsSchema)

/** POST /flights/next answers a search result too (the next leg's options). */
export const nextLegResponse = matches<ApiResponse<'POST /api/flights/next'>>()(flightSearchResponse)
