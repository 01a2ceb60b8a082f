import { Plane } from 'lucide-react'
import type { ReactNode } from 'react'
import type { TrackedFlight } from '#shared/alerts/alert.ts'
import { STOPS_LABELS, type SearchFilters, type SearchParams } from '#shared/flights/search-params.ts'
import { formatRoute, formatShortDate } from '#shared/format.ts'
import { formatClock, formatLocalDate } from '../../lib/flight-time.ts'
import { datesText, passengersText, travelClassText } from './alert-labels.ts'

const TRIP_LABEL: Record<SearchParams['tripType'], string> = { 'round-trip': 'Round trip', 'one-way': 'One way', 'multi-city': 'Multi-city' }

/** "BA 117 · LHR 11:20 → JFK 14:25 · Thu, Dec 10". */
export function trackedFlightText(flight: TrackedFlight): string {
  return [
    `${flight.marketing_airline} ${flight.marketing_flight_number}`,
    `${flight.departure_airport_id} ${formatClock(flight.departure_local_time)} → ${flight.arrival_airport_id} ${formatClock(flight.arrival_local_time)}`,
    formatLocalDate(flight.departure_local_time),
  ].join(' · ')
}

/**
 * What an alert watches, in words: route (every leg for multi-city), dates, passengers, cabin, a
 * stops limit if any, and the exact flights of a flight alert. Used by the creation modal (from
 * the search hand-off) and the alert detail (from the alert's own parameters).
 */
export function TrackedSearchSummary({ params, filters, flights }: { params: SearchParams; filters: SearchFilters; flights: readonly TrackedFlight[] }) {
  const multiCity = params.tripType === 'multi-city'
  return (
    <section aria-label="Tracked search" className="grid gap-3 rounded-lg border bg-muted/40 p-3 text-sm sm:p-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Item label={TRIP_LABEL[params.tripType]} wide={multiCity}>
          {multiCity ? (
            <ol className="grid gap-0.5">
              {params.multiCitySegments.map((segment) => (
                <li key={segment.id}>{`${formatRoute(segment.from, segment.to)}${segment.departureDate ? ` · ${formatShortDate(segment.departureDate)}` : ''}`}</li>
              ))}
            </ol>
          ) : (
            formatRoute(params.from, params.to)
          )}
        </Item>
        {!multiCity && <Item label="Dates">{datesText(params.departureDate, params.tripType === 'round-trip' ? params.returnDate : null) || '—'}</Item>}
        <Item label="Passengers">{passengersText(params, filters)}</Item>
        <Item label="Cabin">{travelClassText(params)}</Item>
        {filters.stops !== 0 && <Item label="Stops">{STOPS_LABELS[filters.stops]}</Item>}
      </dl>
      {flights.length > 0 && (
        <div className="grid gap-1.5 border-t pt-3">
          <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Tracked flights</h4>
          <ul className="grid gap-1">
            {flights.map((flight) => (
              <li key={`${flight.marketing_airline}${flight.marketing_flight_number}-${flight.departure_local_time}`} className="flex items-start gap-2">
                <Plane className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="tabular-nums">{trackedFlightText(flight)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}

function Item({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  )
}
