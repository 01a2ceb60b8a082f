import { AlertTriangle, ChevronDown, Moon, Sparkles } from 'lucide-react'
import { memo, useId, useState, type ReactNode } from 'react'
import type { Itinerary } from '#shared/flights/model.ts'
import { formatDuration } from '#shared/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../lib/cn.ts'
import { AirlineLogos } from './airline-logo.tsx'
import { dayOffsetLabel } from '../../../lib/flight-time.ts'
import { FlightDetails } from './flight-details.tsx'
import {
  airlineNames,
  airlinesOf,
  arrivalClock,
  arrivalDayOffset,
  departureClock,
  emissionsBadge,
  hasOvernight,
  isOftenDelayed,
  itinerarySummary,
  layoverSummary,
  legroomText,
  priceNote,
  priceText,
  routeCodes,
  stopsLabel,
} from './itinerary-text.ts'

export interface ResultCardProps {
  itinerary: Itinerary
  /** Called by "Select flight"; absent where the card only summarises (chosen flights). */
  onSelect?: (itinerary: Itinerary) => void
  /** The select button shows a spinner while this card's next step loads. */
  selecting?: boolean
  /** Disables every select button while a next step loads. */
  selectDisabled?: boolean
  /** Shows the price in green (the cheapest on the page). */
  cheapest?: boolean
  /** Shows a "Best" badge (merged lists keep the provider's best picks visible). */
  showBestBadge?: boolean
  /** Extra actions inside the expanded details ("Track this flight"). */
  detailActions?: ReactNode
}

/** One itinerary, Google Flights style: a dense summary row that expands into per-segment detail. */
export const ResultCard = memo(function ResultCard({ itinerary, onSelect, selecting = false, selectDisabled = false, cheapest = false, showBestBadge = false, detailActions }: ResultCardProps) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const titleId = useId()
  const airlines = airlinesOf(itinerary)
  const offset = dayOffsetLabel(arrivalDayOffset(itinerary))
  const emissions = emissionsBadge(itinerary)
  const legroom = legroomText(itinerary)
  const overnight = hasOvernight(itinerary)
  const delayed = isOftenDelayed(itinerary)
  const layovers = layoverSummary(itinerary)
  const note = priceNote(itinerary)
  const summary = itinerarySummary(itinerary)
  const badges = showBestBadge || overnight || delayed || legroom

  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-sm">
      <div className="flex flex-col gap-3 p-3 sm:p-4 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3 md:items-center">
          <AirlineLogos airlines={airlines} />
          <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 gap-y-1 md:grid-cols-[minmax(0,1.7fr)_minmax(0,0.9fr)_minmax(0,1.1fr)_minmax(0,0.9fr)_auto] md:items-center">
            <div className="min-w-0 md:order-1">
              <h4 id={titleId} className="text-base leading-tight font-semibold tabular-nums">
                <span className="sr-only">{`${airlineNames(itinerary)}, departs `}</span>
                {departureClock(itinerary)}
                <span aria-hidden="true"> – </span>
                <span className="sr-only"> arrives </span>
                {arrivalClock(itinerary)}
                {offset && (
                  <>
                    <sup aria-hidden="true" className="ml-0.5 text-xs font-semibold text-muted-foreground">
                      {offset.short}
                    </sup>
                    <span className="sr-only">{`, ${offset.spoken}`}</span>
                  </>
                )}
              </h4>
              <p className="truncate text-xs text-muted-foreground" aria-hidden="true">
                {airlineNames(itinerary)}
              </p>
            </div>

            <div className="text-right md:order-5">
              <p className={cn('text-lg leading-tight font-bold tabular-nums', itinerary.price === null && 'text-sm font-medium text-muted-foreground', cheapest && 'text-emerald-700 dark:text-emerald-400')}>
                {priceText(itinerary)}
              </p>
              {note && <p className="text-xs text-muted-foreground">{note}</p>}
            </div>

            <div className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm md:contents">
              <div className="md:order-2">
                <p className="font-medium">{formatDuration(itinerary.durationMinutes)}</p>
                <p className="hidden text-xs text-muted-foreground md:block">{routeCodes(itinerary)}</p>
              </div>
              <span aria-hidden="true" className="text-muted-foreground md:hidden">
                ·
              </span>
              <div className="md:order-3">
                <p className="font-medium">
                  {stopsLabel(itinerary.stops)}
                  {layovers && <span className="font-normal text-muted-foreground md:hidden">{` · ${layovers}`}</span>}
                </p>
                {layovers && (
                  <p className="hidden truncate text-xs text-muted-foreground md:block" aria-hidden="true">
                    {layovers}
                  </p>
                )}
              </div>
              {emissions && (
                <div className="md:order-4">
                  <span
                    title={emissions.description}
                    className={cn(
                      'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
                      emissions.tone === 'lower' && 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
                      emissions.tone === 'higher' && 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
                      emissions.tone === 'typical' && 'bg-muted text-muted-foreground',
                    )}
                  >
                    <span aria-hidden="true">{emissions.text}</span>
                    <span className="sr-only">{emissions.description}</span>
                  </span>
                </div>
              )}
            </div>
          </div>
        </div>

        <div className="flex items-center justify-between gap-2 md:justify-end">
          {badges ? (
            <ul className="flex flex-wrap gap-1.5 md:hidden" aria-label="Flight notes">
              <CardBadges best={showBestBadge} overnight={overnight} delayed={delayed} legroom={legroom} />
            </ul>
          ) : (
            <span className="md:hidden" />
          )}
          <div className="flex items-center gap-1">
            {onSelect && (
              <Button size="sm" loading={selecting} disabled={selectDisabled} onClick={() => onSelect(itinerary)} aria-label={`Select flight: ${summary}`}>
                Select flight
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`Flight details: ${summary}`}
              onClick={() => setOpen((value) => !value)}
            >
              <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>

      {badges && (
        <ul className="-mt-1 hidden flex-wrap gap-1.5 px-4 pb-3 pl-15 md:flex" aria-label="Flight notes">
          <CardBadges best={showBestBadge} overnight={overnight} delayed={delayed} legroom={legroom} />
        </ul>
      )}

      <div id={detailsId} hidden={!open} className="border-t px-3 py-4 sm:px-4">
        {open && (
          <>
            <FlightDetails itinerary={itinerary} />
            {detailActions && <div className="mt-4 flex flex-wrap justify-end gap-2 border-t pt-3">{detailActions}</div>}
          </>
        )}
      </div>
    </article>
  )
})

function CardBadges({ best, overnight, delayed, legroom }: { best: boolean; overnight: boolean; delayed: boolean; legroom: string | null }) {
  const chip = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium [&_svg]:size-3'
  return (
    <>
      {best && (
        <li className={cn(chip, 'bg-primary/10 text-primary')}>
          <Sparkles aria-hidden="true" />
          Best
        </li>
      )}
      {overnight && (
        <li className={cn(chip, 'bg-muted text-muted-foreground')}>
          <Moon aria-hidden="true" />
          Overnight
        </li>
      )}
      {delayed && (
        <li className={cn(chip, 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200')}>
          <AlertTriangle aria-hidden="true" />
          Often delayed 30+ min
        </li>
      )}
      {legroom && <li className={cn(chip, 'border text-muted-foreground')}>Legroom {legroom}</li>}
    </>
  )
}
