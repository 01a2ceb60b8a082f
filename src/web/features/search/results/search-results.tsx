import { useQuery } from '@tanstack/react-query'
import { Info } from 'lucide-react'
import { useCallback, useMemo, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import type { PriceInsights } from '#shared/flights/model.ts'
import { SEARCH_MESSAGES, type PriceInsightsQuery } from '#shared/flights/search-params.ts'
import { decodePick } from '#shared/flights/search-url.ts'
import { useSearchResultsStore } from '../../../stores/search-results-store.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { fetchPriceInsights } from '../api.ts'
import { useRunSearch } from '../use-run-search.ts'
import { BookingOptionsPanel } from './booking-options.tsx'
import { legName, tripKindOf } from './leg-labels.ts'
import { LegResults } from './leg-results.tsx'
import { priceNote, priceText } from './itinerary-text.ts'
import { EmptyResults, IdleState, SearchErrorState, SearchingState } from './results-states.tsx'
import { SelectedFlights } from './selected-flights.tsx'
import { TrackFlightButton, TrackRouteButton } from './track-buttons.tsx'
import { useSelectionFlow } from './use-selection-flow.ts'

/**
 * Everything below the search form: idle prompt, searching skeleton, the spec's error, and the
 * results flow (choose each leg, then booking options), with post-search filters per leg, price
 * insights and the "Track" hand-offs to alert creation. Reads the search-results store that the
 * form's useRunSearch fills.
 */
export function SearchResults() {
  const status = useSearchResultsStore((s) => s.status)
  const searchError = useSearchResultsStore((s) => s.searchError)
  const searchResults = useSearchResultsStore((s) => s.searchResults)
  const storedInsights = useSearchResultsStore((s) => s.priceInsights)
  const bookingOptions = useSearchResultsStore((s) => s.bookingOptions)
  const baggagePrices = useSearchResultsStore((s) => s.baggagePrices)
  const pickNote = useSearchResultsStore((s) => s.farePickNote)
  const location = useLocation()
  const { runSearch } = useRunSearch()
  const sectionRef = useRef<HTMLElement>(null)
  // A booking link lands on its fare: on a phone the form fills the screen, so bring the results up.
  const revealResults = useCallback(() => {
    const section = sectionRef.current
    if (!section || section.getBoundingClientRect().top < window.innerHeight - 160) return
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    section.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' })
  }, [])
  const flow = useSelectionFlow({ onPickDone: revealResults })
  const insights = usePriceInsights(status === 'results' ? searchResults[0]?.searchId : undefined, storedInsights)

  const retrySearch = () => {
    const { params, filters } = useSearchStore.getState()
    // A booking link whose search failed still chooses its fare once the retry answers.
    const pick = decodePick(location.search)
    void runSearch(params, filters, { fresh: true, ...(pick.length > 0 ? { pick } : {}) })
  }

  let body: ReactNode
  if (status === 'searching') {
    body = <SearchingState />
  } else if (status === 'error' || searchError) {
    body = <SearchErrorState message={searchError ?? SEARCH_MESSAGES.failed} onRetry={retrySearch} />
  } else if (searchResults.length === 0) {
    body = <IdleState />
  } else {
    const first = searchResults[0]!
    const kind = tripKindOf(first)
    const { phase, selected } = flow
    const currency = first.currency
    body = (
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
                  {`${priceText(selected.at(-1)!)}${priceNote(selected.at(-1)!) ? ` ${priceNote(selected.at(-1)!)}` : ''} · Choose where to book`}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <TrackRouteButton />
                <TrackFlightButton flights={selected} />
              </div>
            </div>
            <SelectedFlights flights={selected} kind={kind} onChange={flow.change} />
            <BookingOptionsPanel status={phase.status} options={bookingOptions} baggagePrices={baggagePrices} currency={currency} onRetry={flow.retry} />
          </section>
        )}
      </div>
    )
  }

  return (
    <section ref={sectionRef} aria-label="Search results" className="scroll-mt-20">
      {body}
    </section>
  )
}

/**
 * The insights that came with the search, else (once per search) GET /api/flights/price-insights
 * for the searched route. Failures are only logged (spec section 8).
 */
function usePriceInsights(searchId: string | undefined, stored: PriceInsights | null): PriceInsights | null {
  // The route as searched: read once per search, so editing the form afterwards changes nothing here.
  const query = useMemo<PriceInsightsQuery | null>(() => {
    if (!searchId) return null
    const { params, filters } = useSearchStore.getState()
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
  }, [searchId])
  const fallback = useQuery({
    queryKey: ['flights', 'price-insights', query],
    queryFn: async ({ signal }) => {
      try {
        return await fetchPriceInsights(query!, signal)
      } catch (error) {
        if ((error as Error).name !== 'AbortError') console.warn('Price insights failed', error)
        throw error
      }
    },
    enabled: stored === null && query !== null,
    retry: false,
    staleTime: 10 * 60_000,
  })
  return stored ?? fallback.data ?? null
}
