import { AlertTriangle, Loader2, Search, SlidersHorizontal } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { cn } from '../../../lib/cn.ts'
import { Button } from '../../../components/ui/button.tsx'
import { formFlexible, useSearchStore } from '../../../stores/search-store.ts'
import { activeFilterCount } from './filter-count.ts'
import { FiltersSheet } from './filters-sheet.tsx'
import { SearchFormContext, type SearchFormContextValue } from './form-context.tsx'
import { MultiCitySegments } from './multi-city-segments.tsx'
import { PassengersPopover } from './passengers-popover.tsx'
import { DateField, RouteFields } from './route-fields.tsx'
import { DatesModeControl, FlexibleDateFields } from './flexible-date-fields.tsx'
import { SearchSummary, searchSummary } from './search-summary.tsx'
import { TravelClassSelect } from './travel-class-select.tsx'
import { TripTypeControl } from './trip-type-control.tsx'
import { useSearchForm } from './use-search-form.ts'

/**
 * The search form of /search: trip type, passengers and cabin; route and dates (or the multi-city
 * flights); More filters, Clear all and Search. Its state is the search store; submitting puts the
 * search in the URL, and the URL runs it (see useSearchForm).
 */
export function SearchForm() {
  const form = useSearchForm()
  const params = useSearchStore((state) => state.params)
  const filters = useSearchStore((state) => state.filters)
  const formVersion = useSearchStore((state) => state.formVersion)
  const setParams = useSearchStore((state) => state.setParams)
  const setTripType = useSearchStore((state) => state.setTripType)
  const setDepartureDate = useSearchStore((state) => state.setDepartureDate)
  const flexible = useSearchStore((state) => state.flexible)
  const searching = form.searching
  const [notice, setNotice] = useState('')
  const today = form.today
  const filterCount = activeFilterCount(params, filters)
  const { errorFor, registry } = form
  const context = useMemo<SearchFormContextValue>(() => ({ errorFor, fieldRef: registry.ref }), [errorFor, registry])

  // On a phone the form folds into a summary once its search has run, so the results start above
  // the fold; Edit opens it again for that search, and the next search folds it again.
  const [editingSearch, setEditingSearch] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const folded = form.searchShown && editingSearch !== form.shownSearch && Object.keys(form.errors).length === 0
  const summary = searchSummary(params, filters, formFlexible({ params, flexible }))

  const passengerError = errorFor('adults') ?? errorFor('children') ?? errorFor('infants_in_seat') ?? errorFor('infants_on_lap')
  const oneWay = params.tripType === 'one-way'

  const changeDeparture = (date: string) => {
    const hadReturn = useSearchStore.getState().params.returnDate
    setDepartureDate(date)
    if (hadReturn && !useSearchStore.getState().params.returnDate) setNotice('Return date cleared: it was before the new departure date.')
    else setNotice('')
  }

  return (
    <SearchFormContext.Provider value={context}>
      {folded && (
        <SearchSummary
          route={summary.route}
          details={summary.details}
          onEdit={() => {
            setEditingSearch(form.shownSearch)
            // The form takes the summary's place: focus moves there, not back to the top of the page.
            requestAnimationFrame(() => formRef.current?.focus())
          }}
        />
      )}
      <form
        ref={formRef}
        tabIndex={-1}
        noValidate
        aria-label="Flight search"
        onSubmit={(event) => {
          event.preventDefault()
          if (form.submit()) setEditingSearch(null)
        }}
        className={cn('rounded-2xl border bg-card p-4 text-card-foreground shadow-sm outline-none sm:p-5', folded && 'max-sm:hidden')}
      >
        {/* Phones: options, route, then the dates with their "Exact | Flexible" choice just above them;
            wide screens: that choice sits over the dates column, level with the options. */}
        <div className="grid items-start gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,21rem)]">
          <div className="mb-1 flex flex-wrap items-start gap-2 lg:col-start-1 lg:row-start-1">
            <TripTypeControl value={params.tripType} onChange={setTripType} fieldRef={registry.ref('tripType')} />
            <PassengersPopover error={passengerError} fieldRef={registry.ref('passengers')} />
            <TravelClassSelect value={params.travelClass} onChange={(travelClass) => setParams({ travelClass })} fieldRef={registry.ref('travelClass')} />
          </div>

          {params.tripType === 'multi-city' ? (
            <div className="min-w-0 lg:col-span-2">
              <MultiCitySegments today={today} formVersion={formVersion} />
            </div>
          ) : (
            <>
              <div className="min-w-0 lg:col-start-1 lg:row-start-2">
                <RouteFields
                  from={params.from}
                  to={params.to}
                  onChange={(patch) => setParams(patch)}
                  paths={{ from: 'from', to: 'to' }}
                  formVersion={formVersion}
                />
              </div>
              <div className="mt-1 lg:col-start-2 lg:row-start-1 lg:mt-0">
                <DatesModeControl today={today} />
              </div>
              {flexible.on ? (
                <div className="min-w-0 lg:col-start-2 lg:row-start-2">
                  <FlexibleDateFields tripType={params.tripType} today={today} />
                </div>
              ) : (
                <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3 lg:col-start-2 lg:row-start-2">
                  <DateField label="Departure" value={params.departureDate} onChange={changeDeparture} min={today} path="departureDate" />
                  <DateField
                    label="Return"
                    value={params.returnDate}
                    onChange={(returnDate) => {
                      setParams({ returnDate })
                      setNotice('')
                    }}
                    min={params.departureDate && params.departureDate > today ? params.departureDate : today}
                    disabled={oneWay}
                    hint={oneWay ? 'Not needed for one way' : undefined}
                    path="returnDate"
                  />
                </div>
              )}
            </>
          )}
        </div>

        <p role="status" className="mt-2 text-sm text-muted-foreground empty:hidden">
          {notice}
        </p>

        {form.otherErrors.length > 0 && (
          <div
            ref={registry.ref('summary')}
            tabIndex={-1}
            className="mt-4 flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive outline-none"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-medium">Check these filters:</p>
              <ul className="list-disc pl-4">
                {form.otherErrors.map((problem) => (
                  <li key={problem.path}>{problem.message}</li>
                ))}
              </ul>
              <Button type="button" variant="link" className="h-auto justify-self-start p-0 text-destructive underline" onClick={() => form.setFiltersOpen(true)}>
                Open filters
              </Button>
            </div>
          </div>
        )}

        <div className="mt-4 flex flex-wrap items-center gap-2 border-t pt-4">
          <Button type="button" variant="outline" onClick={() => form.setFiltersOpen(true)} aria-haspopup="dialog">
            <SlidersHorizontal aria-hidden="true" />
            More filters
            {filterCount > 0 && (
              <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                {filterCount}
                <span className="sr-only"> {filterCount === 1 ? 'filter' : 'filters'} set</span>
              </span>
            )}
          </Button>
          <Button type="button" variant="ghost" onClick={form.clearAll}>
            Clear all
          </Button>
          <Button type="submit" size="lg" className="ml-auto min-w-32" aria-busy={searching || undefined}>
            {searching ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
            Search
          </Button>
        </div>
      </form>
      <FiltersSheet
        formVersion={formVersion}
        open={form.filtersOpen}
        onOpenChange={form.setFiltersOpen}
        onClearAll={form.clearAll}
        activeCount={filterCount}
        takeFocusTarget={form.takePendingPanelFocus}
      />
    </SearchFormContext.Provider>
  )
}
