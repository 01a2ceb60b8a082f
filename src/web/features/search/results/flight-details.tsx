import { AlertTriangle, Clock, Leaf, Moon } from 'lucide-react'
import { Fragment } from 'react'
import type { FlightLayover, FlightSegment, Itinerary } from '#shared/flights/model.ts'
import { formatDuration } from '#shared/format.ts'
import { AirlineLogo } from './airline-logo.tsx'
import { dayDifference, formatClock, formatLocalDate } from '../../../lib/flight-time.ts'

/** The expanded part of a result card: every segment, the layovers between them and the fare notes. */
export function FlightDetails({ itinerary }: { itinerary: Itinerary }) {
  const { segments, layovers } = itinerary
  const emissions = itinerary.emissions
  return (
    <div className="grid gap-4">
      <ol className="grid gap-3" aria-label="Flight segments">
        {segments.map((segment, i) => (
          <Fragment key={`${segment.flightNumber}-${segment.departure.time}`}>
            <SegmentDetail segment={segment} />
            {i < segments.length - 1 && <LayoverDetail layover={layovers[i]} fallback={segment} next={segments[i + 1]!} />}
          </Fragment>
        ))}
      </ol>
      {(itinerary.fareNotes.length > 0 || emissions?.grams) && (
        <div className="grid gap-2 border-t pt-3 text-sm text-muted-foreground sm:grid-cols-2">
          {itinerary.fareNotes.length > 0 && (
            <div>
              <h4 className="mb-1 text-xs font-semibold tracking-wide text-foreground uppercase">Fare notes</h4>
              <ul className="grid gap-0.5">
                {itinerary.fareNotes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
          )}
          {emissions?.grams ? (
            <p className="flex items-start gap-1.5">
              <Leaf className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Emissions estimate: {Math.round(emissions.grams / 1000)} kg CO2e
                {emissions.typicalGrams ? ` (typical for this route: ${Math.round(emissions.typicalGrams / 1000)} kg)` : ''}
              </span>
            </p>
          ) : null}
        </div>
      )}
    </div>
  )
}

function SegmentDetail({ segment }: { segment: FlightSegment }) {
  const days = dayDifference(segment.departure.time, segment.arrival.time)
  const facts = [segment.cabin, segment.aircraft, segment.flightNumber, segment.legroom ? `Legroom ${segment.legroom}` : null].filter(Boolean)
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
      <AirlineLogo airline={segment.airline} decorative className="mt-0.5 size-6 text-[9px]" />
      <div className="grid gap-1">
        <p className="text-sm">
          <span className="font-semibold tabular-nums">{formatClock(segment.departure.time)}</span>
          <span className="text-muted-foreground"> · {formatLocalDate(segment.departure.time)} · </span>
          {segment.departure.name} ({segment.departure.airport})
        </p>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden="true" />
          Travel time: {formatDuration(segment.durationMinutes)}
        </p>
        <p className="text-sm">
          <span className="font-semibold tabular-nums">{formatClock(segment.arrival.time)}</span>
          {days !== 0 && <span className="font-medium text-muted-foreground">{days > 0 ? ` (+${days})` : ` (${days})`}</span>}
          <span className="text-muted-foreground"> · {formatLocalDate(segment.arrival.time)} · </span>
          {segment.arrival.name} ({segment.arrival.airport})
        </p>
        <p className="text-xs text-muted-foreground">
          {segment.airline.name}
          {facts.length > 0 && ` · ${facts.join(' · ')}`}
        </p>
        {segment.operatedBy && <p className="text-xs text-muted-foreground">{segment.operatedBy}</p>}
        {segment.alsoSoldBy.length > 0 && <p className="text-xs text-muted-foreground">Also sold by {segment.alsoSoldBy.join(', ')}</p>}
        {segment.oftenDelayed && (
          <p className="flex items-center gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300">
            <AlertTriangle className="size-3.5" aria-hidden="true" />
            Often delayed by 30+ min
          </p>
        )}
        {segment.overnight && (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Moon className="size-3.5" aria-hidden="true" />
            Overnight flight
          </p>
        )}
        {segment.amenities.length > 0 && (
          <ul className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground" aria-label={`Amenities on ${segment.flightNumber}`}>
            {segment.amenities.map((amenity) => (
              <li key={amenity}>{amenity}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  )
}

function LayoverDetail({ layover, fallback, next }: { layover: FlightLayover | undefined; fallback: FlightSegment; next: FlightSegment }) {
  // A provider may leave layovers out; the airport is then where the segments meet.
  const airport = layover?.airport ?? fallback.arrival.airport
  const name = layover?.name || fallback.arrival.name
  const changeAirports = next.departure.airport !== fallback.arrival.airport
  return (
    <li className="ml-9 rounded-md border border-dashed px-3 py-2 text-sm">
      <span className="font-medium">{layover ? `${formatDuration(layover.durationMinutes)} layover` : 'Layover'}</span>
      <span className="text-muted-foreground">
        {' '}
        · {name} ({airport})
      </span>
      {changeAirports && (
        <span className="block text-xs text-amber-800 dark:text-amber-300">
          Change of airport: you leave from {next.departure.name} ({next.departure.airport})
        </span>
      )}
      {layover?.overnight && (
        <span className="mt-1 flex items-center gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300">
          <Moon className="size-3.5" aria-hidden="true" />
          Overnight layover
        </span>
      )}
    </li>
  )
}
