import { useQuery } from '@tanstack/react-query'
import { Info } from 'lucide-react'
import { useMemo } from 'react'
import { cheapestSellerPrice } from '#shared/flights/booking-order.ts'
import type { BookingOption, Itinerary, PriceInsights, SearchResponse } from '#shared/flights/model.ts'
import { formatPrice } from '#shared/format.ts'
import { SEARCH_MESSAGES, type PriceInsightsQuery } from '#shared/flights/search-params.ts'
import { useSearchSelectionStore } from '../../../stores/search-selection-store.ts'
import { priceInsightsQueryOptions, type CurrentSearch } from '../flight-queries.ts'
import { BookingOptionsPanel } from './booking-options.tsx'
import { legName, tripKindOf } from './leg-labels.ts'
import { LegResults } from './leg-results.tsx'
import { priceNote, priceText } from './itinerary-text.ts'
import { EmptyResults, SearchErrorState, SearchingState } from './results-states.tsx'
import { SelectedFlights } from './selected-flights.tsx'
import { TrackFlightButton, TrackRouteButton } from './track-buttons.tsx'
import { useSelectionFlow } from './use-selection-flow.ts'

export interface TripResultsProps {
  /** The URL's search. */
  search: CurrentSearch
  /** Its answer: the outbound options. */
  outbound: SearchResponse
  /** A booking link's fare was chosen or found gone. */
  onPickDone: () => void
}

/**
 * The results of a search: choose each leg (with post-search filters and price insights), then
 * the booking options, and the "Track" hand-offs to alert creation.
 */
export function TripResults({ search, outbound, onPickDone }: TripResultsProps) {
  const flow = useSelectionFlow({ search: search.key, outbound, onPickDone })
  const pickNote = useSearchSelectionStore((s) => (s.search === search.key ? s.farePickNote : null))
  const insights = usePriceInsights(search, outbound)
  const kind = tripKindOf(outbound)
  const { phase, selected } = flow
  const currency = outbound.currency

  return (
    <div className="grid gap-6">
      {pickNote && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {pickNote}
        </p>
      )}
      {phase.kind !== 'booking' && <SelectedFlights flights={selected} kind={kind} onChange={flow.change} />}
      {phase.kind === 'choose' && flow.pickPending && <SearchingState label="Finding your fare…" />}
      {phase.kind === 'choose' &&
        !flow.pickPending &&
        (phase.response.best.length + phase.response.other.length === 0 ? (
          <EmptyResults />
        ) : (
          <LegResults key={`${phase.leg}-${phase.response.searchId}`} response={phase.response} leg={phase.leg} kind={kind} chosenBefore={selected} insights={insights} onSelect={flow.select} />
        ))}
      {phase.kind === 'loading-next' && (
        <SearchingState
          label={flow.pickPending ? 'Finding your fare…' : kind === 'round-trip' ? 'Finding return flights…' : `Finding flights for ${legName(kind, phase.leg).toLowerCase()}…`}
        />
      )}
      {phase.kind === 'next-error' && <SearchErrorState message={SEARCH_MESSAGES.failed} onRetry={flow.retry} />}
      {phase.kind === 'booking' && (
        <section aria-labelledby="your-trip-title" className="grid gap-5">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="your-trip-title" className="text-xl font-semibold tracking-tight">
                Your trip
              </h2>
              <p className="text-sm text-muted-foreground">
                {tripHeadline(selected.at(-1)!, phase.status === 'ready' ? phase.options : null, currency)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <TrackRouteButton />
              <TrackFlightButton flights={selected} />
            </div>
          </div>
          <SelectedFlights flights={selected} kind={kind} onChange={flow.change} />
          <BookingOptionsPanel status={phase.status} options={phase.options} baggagePrices={phase.baggagePrices} currency={currency} onRetry={flow.retry} />
        </section>
      )}
    </div>
  )
}

/**
 * "$1,065 round trip · Choose where to book": the cheapest seller's price once the sellers are in
 * (the first row, issue 16), the chosen fare's price until then.
 */
function tripHeadline(last: Itinerary, options: BookingOption[] | null, currency: string): string {
  const cheapest = options ? cheapestSellerPrice(options) : null
  const price = cheapest === null ? priceText(last) : formatPrice(cheapest, currency)
  const note = priceNote(last)
  return `${price}${note ? ` ${note}` : ''} · Choose where to book`
}

/**
 * The insights that came with the search, else GET /api/flights/price-insights for the route as
 * searched (the URL's search, so editing the form afterwards changes nothing here). Failures are
 * only logged (spec section 8).
 */
function usePriceInsights(search: CurrentSearch, outbound: SearchResponse): PriceInsights | null {
  const query = useMemo<PriceInsightsQuery | null>(() => {
    const { params, filters } = search.request
    if (params.tripType === 'multi-city' || !params.from || !params.to || !params.departureDate) return null
    return {
      from: params.from,
      to: params.to,
      departureDate: params.departureDate,
      ...(params.tripType === 'round-trip' && params.returnDate ? { returnDate: params.returnDate } : {}),
      travelClass: params.travelClass,
      adults: params.adults,
      currency: filters.currency,
    }
  }, [search])
  const fallback = useQuery(priceInsightsQueryOptions(outbound.priceInsights ? null : query))
  return outbound.priceInsights ?? fallback.data ?? null
}
