import { Pencil } from 'lucide-react'
import { TRAVEL_CLASS_LABELS, type SearchFilters, type SearchParams } from '#shared/flights/search-params.ts'
import { formatShortDate } from '#shared/format.ts'
import { nightsText, shortMonthLabel, usesNights, type FlexibleDates } from '#shared/flights/flexible-search.ts'
import { Button } from '../../../components/ui/button.tsx'
import { passengerSummary } from './passengers-popover.tsx'

/**
 * The search in brief, for a phone after searching: the route ("JFK → LHR"; a multi-city trip names
 * every stop in order, "JFK → LHR → CDG") and the rest ("Jan 6 – Jan 13 · 1 adult · Economy"; a
 * flexible search: "Any dates in Mar · 5–9 nights · 1 adult · Economy", or "Weekends in Mar · …").
 */
export function searchSummary(
  params: SearchParams,
  filters: Pick<SearchFilters, 'infants_in_seat' | 'infants_on_lap'>,
  flexible: FlexibleDates | null = null,
): { route: string; details: string } {
  const passengers = passengerSummary(params.adults, params.children, filters.infants_in_seat + filters.infants_on_lap)
  let route: string
  let dates: string
  if (params.tripType === 'multi-city') {
    const segments = params.multiCitySegments
    route = segments.length > 0 ? [segments[0]!.from, ...segments.map((segment) => segment.to)].join(' → ') : 'Multi-city'
    const first = segments[0]?.departureDate
    const last = segments.at(-1)?.departureDate
    dates = first ? (last && last !== first ? `${formatShortDate(first)} – ${formatShortDate(last)}` : formatShortDate(first)) : ''
  } else if (flexible) {
    route = `${params.from} → ${params.to}`
    const month = flexible.month ? shortMonthLabel(flexible.month) : 'a month'
    dates = [
      flexible.kind === 'weekend' ? `Weekends in ${month}` : `Any dates in ${month}`,
      usesNights(params.tripType, flexible.kind) ? nightsText(flexible.minNights, flexible.maxNights) : '',
    ]
      .filter(Boolean)
      .join(' · ')
  } else {
    route = `${params.from} → ${params.to}`
    const back = params.tripType === 'round-trip' ? params.returnDate : null
    dates = params.departureDate ? (back ? `${formatShortDate(params.departureDate)} – ${formatShortDate(back)}` : formatShortDate(params.departureDate)) : ''
  }
  return { route, details: [dates, passengers, TRAVEL_CLASS_LABELS[params.travelClass]].filter(Boolean).join(' · ') }
}

/**
 * What a phone shows instead of the whole form once a search has run, so the results start above
 * the fold: the search in one line and a button that opens the form again.
 */
export function SearchSummary({ route, details, onEdit }: { route: string; details: string; onEdit: () => void }) {
  return (
    <section aria-label="Your search" className="flex items-center gap-3 rounded-2xl border bg-card py-2.5 pr-2.5 pl-4 text-card-foreground shadow-sm sm:hidden">
      <p className="grid min-w-0 flex-1 text-sm">
        <span className="truncate font-semibold">{route}</span>
        <span className="text-muted-foreground">{details}</span>
      </p>
      <Button type="button" variant="outline" onClick={onEdit} aria-label={`Edit search: ${route}, ${details}`}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
    </section>
  )
}
