import type { SerpAirportInfo, SerpItinerary, SerpLayover, SerpSegment } from '../serpapi/serp-types.ts'
import type { Airport } from '../../../reference-data/airports.ts'
import { airlineLogoUrl, airlineName, CARRIERS, findCarrier, MIXED_AIRLINES_LOGO_URL } from './carriers.ts'
import { soldCabin } from './fares.ts'
import { pick, unit } from './hash.ts'
import type { FlownSegment, LegOption } from './leg-options.ts'
import type { Cabin } from './price-model.ts'
import { formatLocal, localDate } from './time-zones.ts'

/** LegOption → SerpApi-shaped itinerary JSON (no price or tokens; the caller adds those). */

const CABIN_NAMES: Readonly<Record<Cabin, string>> = { 1: 'Economy', 2: 'Premium economy', 3: 'Business', 4: 'First' }
const LONG_HAUL_KM = 2_500

const EFFICIENT = /A350|787|A320neo|A321neo|A220|MAX/
const REGIONAL = /Embraer|CRJ|ATR|Dash 8/
const WIDE = /A350|787|777|A330|767|A380/

/**
 * CO₂ per passenger in grams for one flight: ~85 (new types) to ~100 (older and regional) g per
 * passenger-km plus ~10 kg for take-off and landing, scaled by the floor space a cabin takes.
 */
export function segmentGrams(segment: FlownSegment, cabin: Cabin): number {
  const { aircraft, distanceKm } = segment.flight
  const perKm = EFFICIENT.test(aircraft) ? 85 : REGIONAL.test(aircraft) ? 100 : 95
  const long = distanceKm > LONG_HAUL_KM
  const scale = cabin === 1 ? 1 : cabin === 2 ? 1.5 : cabin === 3 ? (long ? 2.9 : 1.5) : long ? 4 : 1.5
  return Math.round((distanceKm * perKm + 10_000) * scale)
}

export function optionGrams(option: LegOption, cabin: Cabin): number {
  const sold = soldCabin(option, cabin)
  return option.segments.reduce((sum, s) => sum + segmentGrams(s, sold), 0)
}

/** The route's typical emissions: the median over every way to fly the leg. */
export function medianGrams(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2)
}

function legroom(segment: FlownSegment, cabin: Cabin): { legroom: string; notes: string[] } {
  const { carrier, distanceKm, number } = segment.flight
  const key = `${carrier}${number}`
  if (cabin === 4 && distanceKm > LONG_HAUL_KM) return { legroom: '80 in', notes: ['Individual suite'] }
  if (cabin >= 3 && distanceKm > LONG_HAUL_KM) return { legroom: '78 in', notes: ['Lie flat seat'] }
  if (cabin >= 2) {
    const inches = cabin === 2 ? 38 : 34
    return { legroom: `${inches} in`, notes: [`Above average legroom (${inches} in)`] }
  }
  const lowCost = findCarrier(carrier)?.kind === 'lcc'
  const inches = pick(`legroom|${key}`, lowCost ? [28, 29, 30] : [30, 31, 31, 32])
  const label = inches <= 29 ? 'Below average' : inches >= 32 ? 'Above average' : 'Average'
  return { legroom: `${inches} in`, notes: [`${label} legroom (${inches} in)`] }
}

const FREE_WIFI = new Set(['DL', 'B6', 'QR', 'AS', 'NZ', 'TK'])

function amenities(segment: FlownSegment): string[] {
  const { carrier, aircraft, number } = segment.flight
  const key = `${carrier}${number}`
  const lowCost = findCarrier(carrier)?.kind === 'lcc'
  const wide = WIDE.test(aircraft)
  const out: string[] = []
  if (FREE_WIFI.has(carrier)) out.push('Free Wi-Fi')
  else if (unit(`wifi|${key}`) < (lowCost ? 0.35 : 0.75)) out.push('Wi-Fi for a fee')
  if (wide) out.push('In-seat power & USB outlets')
  else if (!lowCost && !REGIONAL.test(aircraft) && unit(`power|${key}`) < 0.6) out.push('In-seat USB outlet')
  if (wide) out.push('On-demand video')
  else if (!lowCost && unit(`video|${key}`) < 0.6) out.push('Stream media to your device')
  return out
}

/** Alliance partners from either end of the flight that put their code on it. */
function alsoSoldBy(segment: FlownSegment): string[] {
  const { carrier, from, to } = segment.flight
  // A scan of every carrier, for each listed flight: remembered per carrier and pair of countries.
  const key = `${carrier}|${from.countryCode}|${to.countryCode}`
  let names = codeshares.get(key)
  if (!names) {
    const alliance = findCarrier(carrier)?.alliance
    names = alliance
      ? CARRIERS.filter((c) => c.iata !== carrier && c.alliance === alliance && (c.homeCountry === from.countryCode || c.homeCountry === to.countryCode))
          .slice(0, 2)
          .map((c) => c.name)
      : []
    if (codeshares.size >= CODESHARES_MAX) codeshares.clear()
    codeshares.set(key, names)
  }
  return [...names] // each answer gets its own array
}

const codeshares = new Map<string, readonly string[]>()
const CODESHARES_MAX = 20_000

function airportTime(airport: Airport, utc: number) {
  return { name: airport.name, id: airport.iata, time: formatLocal(utc, airport.timeZone) }
}

function segmentJson(segment: FlownSegment, cabin: Cabin): SerpSegment {
  const { flight } = segment
  const seat = legroom(segment, cabin)
  const kg = Math.round(segmentGrams(segment, cabin) / 1000)
  const partners = alsoSoldBy(segment)
  const key = `${flight.carrier}${flight.number}|${flight.from.iata}`
  const json: SerpSegment = {
    departure_airport: airportTime(flight.from, segment.departureUtc),
    arrival_airport: airportTime(flight.to, segment.arrivalUtc),
    duration: flight.blockMinutes,
    airplane: flight.aircraft,
    airline: airlineName(flight.carrier),
    airline_logo: airlineLogoUrl(flight.carrier),
    travel_class: CABIN_NAMES[cabin],
    flight_number: `${flight.carrier} ${flight.number}`,
    legroom: seat.legroom,
    extensions: [...seat.notes, ...amenities(segment), `Carbon emissions estimate: ${kg} kg`],
  }
  // Optional fields in this order (assigned rather than spread in: listed flights are many).
  if (partners.length > 0) json.ticket_also_sold_by = partners
  if (localDate(segment.arrivalUtc, flight.to.timeZone) > segment.date) json.overnight = true
  if (unit(`delay|${key}`) < 0.1) json.often_delayed_by_over_30_min = true
  if (flight.operatedBy) json.plane_and_crew_by = flight.operatedBy
  return json
}

function fareNotes(option: LegOption, cabin: Cabin, roundTripOutbound: boolean): string[] {
  const lowCost = findCarrier(option.mainCarrier)?.kind === 'lcc'
  const notes: string[] = []
  if (cabin === 1) notes.push('Checked baggage for a fee')
  if (lowCost) notes.push('Seat selection for a fee')
  else notes.push(cabin >= 3 ? 'Free change, possible fare difference' : 'Change for a fee')
  if (roundTripOutbound) notes.push('Bag and fare conditions depend on the return flight')
  return notes
}

export interface ItineraryParts {
  option: LegOption
  cabin: Cabin
  type: 'One way' | 'Round trip' | 'Multi-city'
  grams: number
  typicalGrams: number
  roundTripOutbound?: boolean
}

export function itineraryJson(parts: ItineraryParts): SerpItinerary {
  const { option, type, grams, typicalGrams } = parts
  const cabin = soldCabin(option, parts.cabin)
  const layovers: SerpLayover[] = option.layovers.map((l) => ({
    duration: l.minutes,
    name: l.airport.name,
    id: l.airport.iata,
    ...(l.overnight ? { overnight: true } : {}),
  }))
  const carriers = new Set(option.segments.map((s) => s.flight.carrier))
  return {
    flights: option.segments.map((s) => segmentJson(s, cabin)),
    ...(layovers.length > 0 ? { layovers } : {}),
    total_duration: option.totalMinutes,
    carbon_emissions: {
      this_flight: grams,
      typical_for_this_route: typicalGrams,
      difference_percent: typicalGrams > 0 ? Math.round(((grams - typicalGrams) / typicalGrams) * 100) : 0,
    },
    type,
    airline_logo: carriers.size === 1 ? airlineLogoUrl(option.mainCarrier) : MIXED_AIRLINES_LOGO_URL,
    extensions: fareNotes(option, cabin, parts.roundTripOutbound ?? false),
  }
}

export function airportInfo(airport: Airport): SerpAirportInfo {
  return { airport: { id: airport.iata, name: airport.name }, city: airport.city, country: airport.country, country_code: airport.countryCode }
}
