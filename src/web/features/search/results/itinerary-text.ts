import type { FlightSegment, Itinerary } from '#shared/flights/model.ts'
import { formatDuration, formatPrice } from '#shared/format.ts'
import { dayDifference, formatClock } from '../../../lib/flight-time.ts'

/** The words a result card and its summaries use, kept pure so they are easy to test. */

export function firstSegment(itinerary: Itinerary): FlightSegment | undefined {
  return itinerary.segments[0]
}

export function lastSegment(itinerary: Itinerary): FlightSegment | undefined {
  return itinerary.segments[itinerary.segments.length - 1]
}

/** "Nonstop", "1 stop", "2 stops". */
export function stopsLabel(stops: number): string {
  if (stops <= 0) return 'Nonstop'
  return stops === 1 ? '1 stop' : `${stops} stops`
}

/** The detail under the stops count: "2h 5m DUB" for one stop, "KEF, BOS" for more, null for nonstops. */
export function layoverSummary(itinerary: Itinerary): string | null {
  if (itinerary.layovers.length === 0) return null
  if (itinerary.layovers.length === 1) {
    const only = itinerary.layovers[0]!
    return `${formatDuration(only.durationMinutes)} ${only.airport}`
  }
  return itinerary.layovers.map((layover) => layover.airport).join(', ')
}

/** "Nonstop", "1 stop · 2h 5m DUB", "2 stops". */
export function stopsText(itinerary: Itinerary): string {
  const label = stopsLabel(itinerary.stops)
  return itinerary.layovers.length === 1 ? `${label} · ${layoverSummary(itinerary)}` : label
}

/** Distinct marketing airlines in flying order. */
export function airlinesOf(itinerary: Itinerary): Array<FlightSegment['airline']> {
  const seen = new Set<string>()
  const list: Array<FlightSegment['airline']> = []
  for (const segment of itinerary.segments) {
    const key = segment.airline.code ?? segment.airline.name
    if (seen.has(key)) continue
    seen.add(key)
    list.push(segment.airline)
  }
  return list
}

/** "British Airways", "Icelandair, Delta". */
export function airlineNames(itinerary: Itinerary): string {
  return airlinesOf(itinerary)
    .map((airline) => airline.name || airline.code || 'Unknown airline')
    .join(', ')
}

/** "LHR–JFK" (first departure to last arrival). */
export function routeCodes(itinerary: Itinerary): string {
  const first = firstSegment(itinerary)
  const last = lastSegment(itinerary)
  return first && last ? `${first.departure.airport}–${last.arrival.airport}` : ''
}

/** Calendar days between the first local departure and the last local arrival. */
export function arrivalDayOffset(itinerary: Itinerary): number {
  const first = firstSegment(itinerary)
  const last = lastSegment(itinerary)
  return first && last ? dayDifference(first.departure.time, last.arrival.time) : 0
}

export function departureClock(itinerary: Itinerary): string {
  return formatClock(firstSegment(itinerary)?.departure.time ?? '')
}

export function arrivalClock(itinerary: Itinerary): string {
  return formatClock(lastSegment(itinerary)?.arrival.time ?? '')
}

export const PRICE_UNAVAILABLE = 'Price unavailable'

export function priceText(itinerary: Pick<Itinerary, 'price' | 'currency'>): string {
  return itinerary.price === null ? PRICE_UNAVAILABLE : formatPrice(itinerary.price, itinerary.currency)
}

/** "round trip" / "trip total" when the price covers more than the leg shown, else null. */
export function priceNote(itinerary: Itinerary): string | null {
  if (!itinerary.priceIsTripTotal) return null
  return itinerary.type === 'Round trip' ? 'round trip' : 'trip total'
}

export interface EmissionsBadge {
  text: string
  tone: 'lower' | 'higher' | 'typical'
  /** The longer form for assistive technology and tooltips. */
  description: string
}

/** "-12% emissions" (green), "+20% emissions" (amber), "Avg emissions"; null when unknown. */
export function emissionsBadge(itinerary: Itinerary): EmissionsBadge | null {
  const percent = itinerary.emissions?.differencePercent
  if (percent === null || percent === undefined) return null
  const kg = itinerary.emissions?.grams ? `${Math.round(itinerary.emissions.grams / 1000)} kg CO2e` : null
  const typical = itinerary.emissions?.typicalGrams ? `typical ${Math.round(itinerary.emissions.typicalGrams / 1000)} kg` : null
  const detail = [kg, typical].filter(Boolean).join(', ')
  if (percent === 0) return { text: 'Avg emissions', tone: 'typical', description: `Typical emissions for this route${detail ? ` (${detail})` : ''}` }
  const sign = percent > 0 ? '+' : ''
  return {
    text: `${sign}${percent}% emissions`,
    tone: percent < 0 ? 'lower' : 'higher',
    description: `${Math.abs(percent)}% ${percent < 0 ? 'lower' : 'higher'} emissions than typical${detail ? ` (${detail})` : ''}`,
  }
}

/** Legroom as the card badge shows it: one value, or the tightest of several ("28–31 in" reads as the worst case). */
export function legroomText(itinerary: Itinerary): string | null {
  const values = itinerary.segments.map((segment) => segment.legroom).filter((value): value is string => Boolean(value))
  if (values.length === 0) return null
  const inches = values.map((value) => Number.parseFloat(value)).filter((n) => Number.isFinite(n))
  if (inches.length !== values.length) return values[0]!
  const min = Math.min(...inches)
  const max = Math.max(...inches)
  return min === max ? `${min} in` : `${min}–${max} in`
}

export function hasOvernight(itinerary: Itinerary): boolean {
  return itinerary.segments.some((segment) => segment.overnight) || itinerary.layovers.some((layover) => layover.overnight)
}

export function isOftenDelayed(itinerary: Itinerary): boolean {
  return itinerary.segments.some((segment) => segment.oftenDelayed)
}

/** "11:20–14:25+1 · British Airways · 7h 5m · Nonstop · $689": one line for summaries and labels. */
export function itinerarySummary(itinerary: Itinerary): string {
  const offset = arrivalDayOffset(itinerary)
  const days = offset === 0 ? '' : offset > 0 ? `+${offset}` : `${offset}`
  return [
    `${departureClock(itinerary)}–${arrivalClock(itinerary)}${days}`,
    airlineNames(itinerary),
    formatDuration(itinerary.durationMinutes),
    stopsText(itinerary),
    priceText(itinerary),
  ].join(' · ')
}

/** A signature of the flights themselves, equal for the same flights whatever id a response gave them. */
export function flightsSignature(itinerary: Itinerary): string {
  return itinerary.segments.map((segment) => `${segment.flightNumber}@${segment.departure.time}`).join('|')
}
