import { CheckCircle2 } from 'lucide-react'
import type { Itinerary } from '#shared/flights/model.ts'
import { Button } from '../../../components/ui/button.tsx'
import { legName, type TripKind } from './leg-labels.ts'
import { formatLocalDate } from '../../../lib/flight-time.ts'
import { firstSegment, routeCodes } from './itinerary-text.ts'
import { ResultCard } from './result-card.tsx'

/** The flights chosen so far, each with "Change" to go back to that step. */
export function SelectedFlights({ flights, kind, onChange }: { flights: Itinerary[]; kind: TripKind; onChange: (leg: number) => void }) {
  if (flights.length === 0) return null
  return (
    <section aria-labelledby="selected-flights-title" className="grid gap-2">
      <h2 id="selected-flights-title" className="sr-only">
        Chosen flights
      </h2>
      <ol className="grid gap-3">
        {flights.map((flight, leg) => {
          const name = legName(kind, leg)
          const departs = firstSegment(flight)?.departure.time
          return (
            <li key={`${leg}-${flight.id}`} className="grid gap-1.5">
              <div className="flex items-center justify-between gap-2">
                <p className="flex items-center gap-2 text-sm">
                  <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
                  <span className="font-semibold">{name}</span>
                  <span className="text-muted-foreground">{[routeCodes(flight), departs ? formatLocalDate(departs) : ''].filter(Boolean).join(' · ')}</span>
                </p>
                <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onChange(leg)} aria-label={`Change ${name.toLowerCase()} flight`}>
                  Change
                </Button>
              </div>
              <ResultCard itinerary={flight} />
            </li>
          )
        })}
      </ol>
    </section>
  )
}
