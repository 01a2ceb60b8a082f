import { formatDistanceToNowStrict } from 'date-fns'
import { SlidersHorizontal } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import type { Itinerary, PriceInsights, SearchResponse } from '#shared/flights/model.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx'
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../../components/ui/sheet.tsx'
import { defaultPostSearchFilters, useSearchStore, type PostSearchFilters, type PostSearchSort } from '../../../stores/search-store.ts'
import { FiltersPanel } from './filters-panel.tsx'
import { DateGridButton } from './date-grid.tsx'
import { chooseTitle, legDate, legRoute, type TripKind } from './leg-labels.ts'
import { applyPostSearchFilters, DEFAULT_SORT, indexItineraries, SORT_OPTIONS } from './post-search-filters.ts'
import { PriceInsightsPanel } from './price-insights-panel.tsx'
import { ResultCard } from './result-card.tsx'
import { NoMatches } from './results-states.tsx'
import { SummaryTabs, type SummaryView } from './summary-tabs.tsx'
import { TrackFlightButton, TrackRouteButton } from './track-buttons.tsx'

/** Cards rendered per group before "Show more": keeps the DOM light with 300 results. */
export const PAGE_SIZE = 20

const GROUP_TITLES = { best: 'Best flights', other: 'Other flights', all: 'All flights' } as const

const SORT_OF_SUMMARY: Record<SummaryView, PostSearchSort> = { best: 'top', cheapest: 'price-low-high', fastest: 'duration' }
const SUMMARY_OF_SORT: Partial<Record<PostSearchSort, SummaryView>> = { top: 'best', 'price-low-high': 'cheapest', duration: 'fastest' }

export interface LegResultsProps {
  response: SearchResponse
  leg: number
  kind: TripKind
  /** The flights chosen for earlier legs (for "Track this flight" on a return). */
  chosenBefore: Itinerary[]
  insights: PriceInsights | null
  onSelect: (leg: number, itinerary: Itinerary) => void
}

/** One leg's options: heading, insights, Best / Cheapest / Fastest, sort, filters and the cards. */
export function LegResults({ response, leg, kind, chosenBefore, insights, onSelect }: LegResultsProps) {
  const stored = useSearchStore((s) => s.postSearchFilters[leg])
  const setPostSearchFilters = useSearchStore((s) => s.setPostSearchFilters)
  const resetPostSearchFilters = useSearchStore((s) => s.resetPostSearchFilters)
  const filters = useMemo(() => stored ?? defaultPostSearchFilters(), [stored])
  const [limits, setLimits] = useState<Record<string, number>>({})

  const index = useMemo(() => indexItineraries(response.best, response.other), [response])
  const view = useMemo(() => applyPostSearchFilters(index, filters), [index, filters])

  const change = useCallback((patch: Partial<PostSearchFilters>) => setPostSearchFilters(leg, patch), [leg, setPostSearchFilters])
  const reset = useCallback(() => resetPostSearchFilters(leg), [leg, resetPostSearchFilters])

  // Best / Cheapest / Fastest are shortcuts into the one sort control, never a second order.
  const activeSummary = SUMMARY_OF_SORT[filters.sortBy] ?? null
  const onSummary = (next: SummaryView) => change({ sortBy: SORT_OF_SUMMARY[next] })

  const all = useMemo(() => [...response.best, ...response.other], [response])
  const route = legRoute(all)
  const date = legDate(all)
  const title = chooseTitle(kind, leg, response.legCount)
  const titleId = `leg-${leg}-title`
  const cheapestId = view.summary.cheapest?.id
  const selectable = (it: Itinerary) => Boolean(it.departureToken || it.bookingToken)
  const filterPanelProps = { filters, facets: view.facets, currency: response.currency, onChange: change, onReset: reset, active: view.active }

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-xl font-semibold tracking-tight">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">
            {[route, date].filter(Boolean).join(' · ')}
            {response.fromCache && <CachedNote fetchedAt={response.fetchedAt} />}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {kind === 'round-trip' && <DateGridButton />}
          <TrackRouteButton />
        </div>
      </div>

      {insights && <PriceInsightsPanel insights={insights} currency={response.currency} />}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15.5rem_minmax(0,1fr)]">
        <aside aria-label="Filters" className="hidden lg:block">
          <div className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto pr-2 pb-4">
            <FiltersPanel {...filterPanelProps} />
          </div>
        </aside>

        <div className="grid min-w-0 grid-cols-1 content-start gap-3">
          <SummaryTabs summary={view.summary} active={activeSummary} onChange={onSummary} />

          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Showing <span className="font-medium text-foreground">{view.shown}</span> of {view.total} {view.total === 1 ? 'flight' : 'flights'}
              {view.active.length > 0 && (
                <>
                  {' · '}
                  <button type="button" className="text-primary underline-offset-2 hover:underline" onClick={reset}>
                    Clear filters
                  </button>
                </>
              )}
            </p>
            <div className="flex items-center gap-2">
              <Sheet>
                <SheetTrigger asChild>
                  <Button variant="outline" size="sm" className="lg:hidden">
                    <SlidersHorizontal aria-hidden="true" />
                    Filters
                    {view.active.length > 0 && <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{view.active.length}</span>}
                  </Button>
                </SheetTrigger>
                <SheetContent side="right" className="w-full max-w-sm gap-0 overflow-y-auto p-0">
                  <div className="sticky top-0 z-10 border-b bg-background px-5 py-4">
                    <SheetTitle>Filters</SheetTitle>
                    <SheetDescription className="sr-only">Narrow down the flights; changes apply at once.</SheetDescription>
                  </div>
                  <FiltersPanel {...filterPanelProps} hideTitle className="px-5 py-4" />
                  <div className="sticky bottom-0 mt-auto border-t bg-background px-5 py-3">
                    <SheetClose asChild>
                      <Button className="w-full">{`Show ${view.shown} ${view.shown === 1 ? 'flight' : 'flights'}`}</Button>
                    </SheetClose>
                  </div>
                </SheetContent>
              </Sheet>
              <SortSelect value={filters.sortBy} onChange={(sortBy) => change({ sortBy })} id={`sort-${leg}`} />
            </div>
          </div>

          {view.shown === 0 ? (
            <NoMatches total={view.total} active={view.active} onClear={reset} />
          ) : (
            view.groups.map((group) => {
              const limit = limits[group.key] ?? PAGE_SIZE
              const visible = group.itineraries.slice(0, limit)
              const more = group.itineraries.length - visible.length
              const headingId = `leg-${leg}-${group.key}`
              return (
                <section key={group.key} aria-labelledby={headingId} className="grid gap-2">
                  <h3 id={headingId} className="mt-1 text-sm font-semibold">
                    {GROUP_TITLES[group.key]}
                    {group.key === 'best' && <span className="ml-2 font-normal text-muted-foreground">Ranked on price and convenience</span>}
                    {group.key === 'all' && <span className="ml-2 font-normal text-muted-foreground">{sortDescription(filters.sortBy)}</span>}
                  </h3>
                  <ul className="grid gap-2">
                    {visible.map((itinerary) => (
                      <li key={itinerary.id}>
                        <ResultCard
                          itinerary={itinerary}
                          onSelect={selectable(itinerary) ? (it) => onSelect(leg, it) : undefined}
                          cheapest={itinerary.id === cheapestId}
                          showBestBadge={group.key === 'all' && itinerary.isBest}
                          detailActions={<TrackFlightButton flights={[...chosenBefore, itinerary]} />}
                        />
                      </li>
                    ))}
                  </ul>
                  {more > 0 && (
                    <Button variant="outline" className="justify-self-center" onClick={() => setLimits((l) => ({ ...l, [group.key]: limit + PAGE_SIZE * 2 }))}>
                      {`Show ${Math.min(more, PAGE_SIZE * 2)} more ${GROUP_TITLES[group.key].toLowerCase()}`}
                    </Button>
                  )}
                </section>
              )
            })
          )}
        </div>
      </div>
    </section>
  )
}

function sortDescription(sort: PostSearchSort): string {
  if (sort === DEFAULT_SORT) return 'Cheapest first'
  return `Sorted by ${SORT_OPTIONS.find((o) => o.value === sort)?.label.toLowerCase()}`
}

function SortSelect({ value, onChange, id }: { value: PostSearchSort; onChange: (value: PostSearchSort) => void; id: string }) {
  return (
    <div className="flex items-center gap-2">
      {/* On the narrowest phones (360 px) the words give way to the select; screen readers still hear them. */}
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted-foreground max-[23.5rem]:sr-only">
        Sort by
      </label>
      <Select value={value} onValueChange={(next) => onChange(next as PostSearchSort)}>
        <SelectTrigger id={id} size="sm" className="w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORT_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

function CachedNote({ fetchedAt }: { fetchedAt: string }) {
  const at = new Date(fetchedAt)
  if (Number.isNaN(at.getTime())) return null
  return <span>{` · Prices checked ${formatDistanceToNowStrict(at, { addSuffix: true })}`}</span>
}
