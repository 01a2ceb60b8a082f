import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { DEFAULT_SEARCH_FILTERS, searchProblems, type SearchFilters, type SearchParams } from '#shared/flights/search-params.ts'
import { flexibleProblems, flexibleToDraft } from '#shared/flights/flexible-search.ts'
import { PATHS } from '#shared/routes.ts'
import { useNow } from '../../../hooks/use-now.ts'
import { useSearchSelectionStore } from '../../../stores/search-selection-store.ts'
import { formFlexible, useSearchStore, type FlexibleForm } from '../../../stores/search-store.ts'
import { beginSearch, todayIso, useFlightSearch } from '../use-flight-search.ts'
import { useFlexibleSearch } from '../use-flexible-search.ts'
import { decodeFlexible, decodePick, decodeSearch, encodeSearch, hasSearch, withoutPick } from '#shared/flights/search-url.ts'
import { createFieldRegistry } from './form-context.tsx'

/** Passenger problems are shown on (and focus) the passengers button. */
const PASSENGER_PATHS = new Set(['adults', 'children', 'infants_in_seat', 'infants_on_lap'])
/** Filters that live in the "More filters" panel. */
export const PANEL_FIELDS = new Set(Object.keys(DEFAULT_SEARCH_FILTERS).filter((key) => !PASSENGER_PATHS.has(key)))

/** Where an error path is shown and which registered field takes focus for it. */
export function fieldForPath(path: string): { field: string; place: 'form' | 'passengers' | 'panel' | 'summary' } {
  const head = path.split('.')[0]!
  if (PASSENGER_PATHS.has(head)) return { field: 'passengers', place: 'passengers' }
  if (PANEL_FIELDS.has(head)) return { field: head === 'excludeAirlines' ? 'includeAirlines' : head, place: 'panel' }
  if (path === 'multiCitySegments') return { field: 'addSegment', place: 'form' }
  if (/^multiCitySegments\.\d+\.(from|to|departureDate)$/.test(path)) return { field: path, place: 'form' }
  if (['from', 'to', 'departureDate', 'returnDate', 'travelClass', 'tripType', 'flexMonth', 'minNights', 'maxNights'].includes(path)) return { field: path, place: 'form' }
  return { field: 'summary', place: 'summary' }
}

/** The form's problems: exact dates as `searchProblems` checks them, or the flexible dates instead. */
export function formProblems(params: SearchParams, filters: SearchFilters, flexible: FlexibleForm, today: string) {
  if (flexible.on && params.tripType !== 'multi-city') return flexibleProblems(params, filters, flexible, today)
  return searchProblems(params, filters, today)
}

/**
 * The search page's controller: validation (client rules from `searchProblems`, then the server's
 * field errors on the URL's search), submit (push the search into the URL so Back restores it),
 * and the URL → form direction on load, Back and Forward. The URL's search is asked by the query
 * its readers observe (useFlightSearch); a search arriving here starts afresh: nothing chosen yet,
 * post-search filters reset, and a booking link's fare to choose.
 */
export function useSearchForm() {
  const navigate = useNavigate()
  const location = useLocation()
  const flightSearch = useFlightSearch()
  const flexibleSearch = useFlexibleSearch()
  const params = useSearchStore((state) => state.params)
  const filters = useSearchStore((state) => state.filters)
  const flexible = useSearchStore((state) => state.flexible)
  const today = todayIso(useNow(true, 60_000))
  const [registry] = useState(createFieldRegistry)
  const [attempted, setAttempted] = useState(false)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [pendingPanelFocus, setPendingPanelFocus] = useState<string | null>(null)
  /** The URL's search whose problems the traveller has moved past (Clear all, or a new submit). */
  const [dismissedSearch, setDismissedSearch] = useState<string | null>(null)

  // A search arriving in the URL that can't be run (a shared link with a past date) shows its problems.
  const urlHasProblems = useMemo(() => {
    if (!hasSearch(location.search) || dismissedSearch === location.search) return false
    const decoded = decodeSearch(location.search)
    const flexibleDates = decodeFlexible(location.search)
    if (flexibleDates) return flexibleProblems(decoded.params, decoded.filters, flexibleToDraft(flexibleDates), today).length > 0
    return searchProblems(decoded.params, decoded.filters, today).length > 0
  }, [location.search, today, dismissedSearch])

  // The server's verdict is on the URL's search: editing the form drops it from the fields.
  const currentKey = encodeSearch(params, filters, formFlexible({ params, flexible }))
  const serverErrors = flightSearch.search?.key === currentKey ? flightSearch.fieldErrors : null
  const errors = useMemo(() => {
    const out: Record<string, string> = {}
    if (attempted || urlHasProblems) {
      for (const issue of formProblems(params, filters, flexible, today)) out[issue.path.join('.')] ??= issue.message
    }
    if (serverErrors) for (const [path, message] of Object.entries(serverErrors)) out[path] ??= message
    return out
  }, [attempted, urlHasProblems, params, filters, flexible, today, serverErrors])

  const focusFirst = useCallback(
    (paths: string[]) => {
      const first = paths[0]
      if (!first) return
      const { field, place } = fieldForPath(first)
      if (place === 'panel') {
        setPendingPanelFocus(field)
        setFiltersOpen(true)
        return
      }
      registry.get(field)?.focus()
    },
    [registry],
  )

  // Each refusal of the search by the server focuses its first field once, when it arrives.
  const focusServerErrors = useEffectEvent(() => focusFirst(Object.keys(flightSearch.fieldErrors ?? {})))
  useEffect(() => {
    // The refusal is an answer from outside React; a problem in a filter opens the panel at it (state).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (flightSearch.fieldErrorsAt > 0) focusServerErrors()
  }, [flightSearch.fieldErrorsAt])

  /** Runs the form's search; false when a problem in the form stopped it. */
  const submit = (): boolean => {
    const state = useSearchStore.getState()
    const problems = formProblems(state.params, state.filters, state.flexible, todayIso())
    setDismissedSearch(location.search)
    if (problems.length > 0) {
      setAttempted(true)
      focusFirst(problems.map((issue) => issue.path.join('.')))
      return false
    }
    setAttempted(false)
    const flexibleDates = formFlexible(state)
    const query = encodeSearch(state.params, state.filters, flexibleDates)
    // A booking link whose fare is still being chosen gives way to the traveller's own search: its
    // entry is replaced, so neither Back nor a refresh chooses that fare again.
    const plain = withoutPick(location.search)
    const linked = plain !== location.search
    if (`?${query}` === plain) {
      // The same search again: ask afresh (the URL already says it, so no new history entry).
      if (flexibleDates) flexibleSearch.rerun()
      else {
        beginSearch(query, null)
        flightSearch.rerun()
      }
      if (linked) void navigate({ pathname: location.pathname, search: plain, hash: location.hash }, { replace: true, preventScrollReset: true })
    } else {
      void navigate(`${PATHS.search}?${query}`, { replace: linked })
    }
    return true
  }

  /** The query string last handled, to tell a booking link's `pick` coming off from a new search. */
  const handledSearch = useRef<string | null>(null)

  const onUrlChange = useEffectEvent((search: string) => {
    const previous = handledSearch.current
    handledSearch.current = search
    // Only `pick` came off (applied, given up, or Back to the plain search): same search, nothing to run.
    if (previous !== null && previous !== search && withoutPick(previous) === search) {
      useSearchSelectionStore.getState().setFarePick(null)
      return
    }
    if (!hasSearch(search)) {
      useSearchSelectionStore.getState().clear()
      return
    }
    const decoded = decodeSearch(search)
    const flexibleDates = decodeFlexible(search)
    const store = useSearchStore.getState()
    if (encodeSearch(store.params, store.filters, formFlexible(store)) !== encodeSearch(decoded.params, decoded.filters, flexibleDates)) {
      store.loadSearch(decoded.params, decoded.filters, flexibleDates)
    }
    // A flexible search lists date pairs (useFlexibleSearch): no flights are chosen on it.
    if (flexibleDates) {
      useSearchSelectionStore.getState().clear()
      return
    }
    if (searchProblems(decoded.params, decoded.filters, todayIso()).length > 0) {
      useSearchSelectionStore.getState().clear()
      return
    }
    const pick = decodePick(search)
    beginSearch(encodeSearch(decoded.params, decoded.filters), pick.length > 0 ? pick : null)
    // A `pick` that names no valid flight is dropped like any bad value, from the address too.
    if (pick.length === 0 && withoutPick(search) !== search) void navigate({ pathname: PATHS.search, search: withoutPick(search) }, { replace: true, preventScrollReset: true })
  })

  useEffect(() => {
    onUrlChange(location.search)
  }, [location.search])

  const clearAll = () => {
    useSearchStore.getState().clearAll()
    setAttempted(false)
    setDismissedSearch(location.search)
  }

  const errorFor = useCallback((path: string) => errors[path], [errors])
  /** Problems that have no field in the main form: filter-panel fields and anything unexpected. */
  const otherErrors = Object.entries(errors)
    .filter(([path]) => ['panel', 'summary'].includes(fieldForPath(path).place))
    .map(([path, message]) => ({ path, message }))

  return {
    today,
    /** The address holds a search (its results show below the form). */
    searchShown: hasSearch(location.search),
    /** The address's search, to tell one search from the next. */
    shownSearch: location.search,
    registry,
    errors,
    errorFor,
    /** The URL's search is being asked (the Search button shows it). */
    searching: flightSearch.status === 'searching' || flexibleSearch.status === 'searching',
    otherErrors,
    submit,
    clearAll,
    filtersOpen,
    setFiltersOpen,
    /** The panel field to focus once the panel opens (set when a submit found a problem there). */
    takePendingPanelFocus: () => {
      const field = pendingPanelFocus
      setPendingPanelFocus(null)
      return field ? registry.get(field) : undefined
    },
  }
}
