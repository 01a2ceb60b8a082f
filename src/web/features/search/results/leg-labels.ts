import type { Itinerary, SearchResponse } from '#shared/flights/model.ts'
import { firstSegment, lastSegment } from './itinerary-text.ts'
import { formatLocalDate } from '../../../lib/flight-time.ts'

export type TripKind = 'one-way' | 'round-trip' | 'multi-city'

/** What kind of trip the results are for, read from the results themselves (the form may have changed since). */
export function tripKindOf(response: SearchResponse | undefined): TripKind {
  if (!response || response.legCount <= 1) return 'one-way'
  const sample = response.best[0] ?? response.other[0]
  if (response.legCount > 2 || sample?.type === 'Multi-city') return 'multi-city'
  return 'round-trip'
}

/** The heading while choosing a leg. */
export function chooseTitle(kind: TripKind, leg: number, legCount: number): string {
  if (kind === 'one-way') return 'Choose your flight'
  if (kind === 'round-trip') return leg === 0 ? 'Choose your outbound flight' : 'Choose your return flight'
  return `Flight ${leg + 1} of ${legCount}`
}

/** A chosen leg's name: "Outbound", "Return", "Flight 2". */
export function legName(kind: TripKind, leg: number): string {
  if (kind === 'round-trip') return leg === 0 ? 'Outbound' : 'Return'
  if (kind === 'one-way') return 'Flight'
  return `Flight ${leg + 1}`
}

/** "LHR → JFK" for a leg's options ("LHR, LGW → JFK" when a city search mixes airports). */
export function legRoute(itineraries: readonly Itinerary[]): string {
  const from = new Set<string>()
  const to = new Set<string>()
  for (const it of itineraries) {
    const first = firstSegment(it)
    const last = lastSegment(it)
    if (first) from.add(first.departure.airport)
    if (last) to.add(last.arrival.airport)
  }
  if (from.size === 0 || to.size === 0) return ''
  const list = (set: Set<string>) => [...set].slice(0, 3).join(', ') + (set.size > 3 ? '…' : '')
  return `${list(from)} → ${list(to)}`
}

/** "Thu, Dec 10": the local departure date of a leg's options (the earliest one). */
export function legDate(itineraries: readonly Itinerary[]): string {
  let earliest: string | null = null
  for (const it of itineraries) {
    const time = firstSegment(it)?.departure.time
    if (time && (earliest === null || time < earliest)) earliest = time
  }
  return earliest ? formatLocalDate(earliest) : ''
}
