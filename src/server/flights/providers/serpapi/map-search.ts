import { createHash } from 'node:crypto'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { FlightLayover, FlightSegment, Itinerary, PriceInsights, PriceLevel } from '#shared/flights/model.ts'
import type { ProviderSearchResult } from '../provider.ts'
import type { SerpFlightsResponse, SerpItinerary, SerpLayover, SerpPriceInsights, SerpSegment } from './serp-types.ts'
import { asArray, num, str, strings } from './serp-values.ts'

/**
 * The one mapper from SerpApi-shaped JSON to the neutral model, for the real SerpApi and the
 * simulated market alike. It never throws on odd data: upstream answers are not ours to trust, so
 * missing fields become null or [] and the UI handles those.
 */

/** What the mapper needs from the query: SerpApi prices are in the requested currency and say nothing about it. */
export type MapContext = Pick<FlightQuery, 'type' | 'currency' | 'travel_class'>

const TYPE_LABELS: Record<FlightQuery['type'], string> = { 1: 'Round trip', 2: 'One way', 3: 'Multi-city' }

const sumMinutes = (items: Array<{ durationMinutes: number }>) => items.reduce((sum, item) => sum + item.durationMinutes, 0)

export function mapSearch(response: SerpFlightsResponse, ctx: MapContext): ProviderSearchResult {
  // The same flights can come back twice (best and other); the id is the dedupe key, the first wins.
  const seen = new Set<string>()
  const list = (raw: SerpItinerary[] | undefined, isBest: boolean) =>
    asArray(raw)
      .map((it) => mapItinerary(it, ctx, isBest))
      .filter((it) => {
        if (seen.has(it.id)) return false
        seen.add(it.id)
        return true
      })
  const best = list(response.best_flights, true)
  const other = list(response.other_flights, false)
  return { best, other, priceInsights: mapPriceInsights(response.price_insights) }
}

export function mapItinerary(raw: SerpItinerary, ctx: MapContext, isBest: boolean): Itinerary {
  const flights = asArray(raw.flights)
  const segments = flights.map(mapSegment)
  const layovers = asArray(raw.layovers).map(mapLayover)
  const type = typeof raw.type === 'string' && raw.type ? raw.type : TYPE_LABELS[ctx.type]
  return {
    id: itineraryId(flights, ctx.travel_class),
    segments,
    layovers,
    durationMinutes: num(raw.total_duration) ?? sumMinutes(segments) + sumMinutes(layovers),
    // SerpApi leaves `layovers` out for nonstops; fall back to the segment count if it is missing.
    stops: raw.layovers ? layovers.length : Math.max(0, segments.length - 1),
    price: num(raw.price),
    currency: ctx.currency,
    // Round-trip and multi-city steps are priced as the whole trip, even while showing one leg.
    // Number(): stored alert parameters may hold numeric strings ("2"), which SerpApi also accepts.
    priceIsTripTotal: Number(ctx.type) !== 2 || type === 'Round trip' || type === 'Multi-city',
    emissions: raw.carbon_emissions
      ? {
          grams: num(raw.carbon_emissions.this_flight),
          typicalGrams: num(raw.carbon_emissions.typical_for_this_route),
          differencePercent: num(raw.carbon_emissions.difference_percent),
        }
      : null,
    type,
    logoUrl: str(raw.airline_logo) ?? segments[0]?.airline.logoUrl ?? null,
    fareNotes: strings(raw.extensions),
    isBest,
    departureToken: str(raw.departure_token),
    bookingToken: str(raw.booking_token),
  }
}

function mapSegment(raw: SerpSegment): FlightSegment {
  const logoUrl = str(raw.airline_logo)
  return {
    departure: { airport: raw.departure_airport?.id ?? '', name: raw.departure_airport?.name ?? '', time: localTime(raw.departure_airport?.time) },
    arrival: { airport: raw.arrival_airport?.id ?? '', name: raw.arrival_airport?.name ?? '', time: localTime(raw.arrival_airport?.time) },
    durationMinutes: num(raw.duration) ?? 0,
    airline: { code: airlineCode(raw.flight_number, logoUrl), name: raw.airline ?? '', logoUrl },
    flightNumber: raw.flight_number ?? '',
    aircraft: str(raw.airplane),
    cabin: str(raw.travel_class),
    legroom: str(raw.legroom),
    amenities: strings(raw.extensions),
    overnight: raw.overnight === true,
    oftenDelayed: raw.often_delayed_by_over_30_min === true,
    alsoSoldBy: strings(raw.ticket_also_sold_by),
    operatedBy: str(raw.plane_and_crew_by),
  }
}

function mapLayover(raw: SerpLayover): FlightLayover {
  return { airport: raw.id ?? '', name: raw.name ?? '', durationMinutes: num(raw.duration) ?? 0, overnight: raw.overnight === true }
}

const LEVELS: ReadonlySet<string> = new Set<PriceLevel>(['low', 'typical', 'high'])

/** SerpApi's insights in the same field names; anything malformed becomes null or is dropped. */
export function mapPriceInsights(raw: SerpPriceInsights | undefined): PriceInsights | null {
  if (!raw || typeof raw !== 'object') return null
  const range = raw.typical_price_range
  const history = asArray(raw.price_history)
    .filter((p): p is [number, number] => Array.isArray(p) && num(p[0]) !== null && num(p[1]) !== null)
    .map(([at, price]): [number, number] => [at, price])
    .sort((a, b) => a[0] - b[0])
  return {
    lowest_price: num(raw.lowest_price),
    price_level: typeof raw.price_level === 'string' && LEVELS.has(raw.price_level) ? (raw.price_level as PriceLevel) : null,
    typical_price_range: Array.isArray(range) && num(range[0]) !== null && num(range[1]) !== null ? [range[0], range[1]] : null,
    price_history: history,
  }
}

/** "2026-12-10 11:20" (or a stray "9:05") → "2026-12-10T11:20"; anything else is passed through. */
export function localTime(value: string | undefined): string {
  if (!value) return ''
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})/.exec(value)
  return match ? `${match[1]}T${match[2]!.padStart(2, '0')}:${match[3]}` : value
}

/** The marketing carrier's IATA code: "BA 117" → "BA"; else the logo's file name (…/70px/BA.png). */
export function airlineCode(flightNumber: string | undefined, logoUrl: string | null): string | null {
  // IATA codes are two letters, or a letter and a digit either way round ("U2", "3K"), never two digits.
  const fromNumber = /^([A-Z]{2}|[A-Z]\d|\d[A-Z])\s*\d/.exec(flightNumber?.trim() ?? '')?.[1]
  if (fromNumber) return fromNumber
  // "multi.png" marks a mixed itinerary, so only a two-character upper-case name counts.
  const fromLogo = /\/([A-Z]{2}|[A-Z]\d|\d[A-Z])\.png(?:\?|$)/.exec(logoUrl ?? '')?.[1]
  return fromLogo ?? null
}

/**
 * Stable for the same flights on the same dates in the same cabin, whichever provider or step
 * produced them: alerts track flights by it. The query's cabin is used, not the per-segment wording,
 * because booking answers sometimes leave travel_class out.
 */
export function itineraryId(flights: SerpSegment[], travelClass: FlightQuery['travel_class']): string {
  // Airports too: one flight number can cover several legs of a through flight, and big carriers reuse numbers.
  const key = flights
    .map((f) => `${(f.flight_number ?? '').replace(/\s+/g, ' ').trim()}@${(f.departure_airport?.time ?? '').slice(0, 10)}:${f.departure_airport?.id ?? ''}-${f.arrival_airport?.id ?? ''}`)
    .join('|')
  return createHash('sha1').update(`${key}#${travelClass}`).digest('hex').slice(0, 16)
}
