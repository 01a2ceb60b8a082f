import { format } from 'date-fns'
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { DEFAULT_SEARCH_FILTERS, searchProblems, type SearchFilters, type SearchParams } from '#shared/flights/search-params.ts'
import { PATHS } from '#shared/routes.ts'
import { useNow } from '../../../hooks/use-now.ts'
import { clearSearchData, useSearchResultsStore } from '../../../stores/search-results-store.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { useRunSearch, type RunSearchOptions } from '../use-run-search.ts'
import { decodePick, decodeSearch, encodeSearch, hasSearch, withoutPick } from '#shared/flights/search-url.ts'
import { createFieldRegistry } from './form-context.tsx'

/** The traveller's calendar date, YYYY-MM-DD (min for the date fields, "past" for validation). */
export function todayIso(now: number | Date = Date.now()): string {
  return format(now, 'yyyy-MM-dd')
}

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
  if (['from', 'to', 'departureDate', 'returnDate', 'travelClass', 'tripType'].includes(path)) return { field: path, place: 'form' }
  return { field: 'summary', place: 'summary' }
}

/**
 * The search page's controller: validation (client rules from `searchProblems`, then the server's
 * field errors), submit (push the search into the URL so Back restores it), and the URL → store →
 * search direction on load, Back and Forward.
 */
export function useSearchForm() {
  const navigate = useNavigate()
  const location = useLocation()
  const { runSearch } = useRunSearch()
  const params = useSearchStore((state) => state.params)
  const filters = useSearchStore((state) => state.filters)
  const today = todayIso(useNow(true, 60_000))
  const [registry] = useState(createFieldRegistry)
  const [attempted, setAttempted] = useState(false)
  const [server, setServer] = useState<{ key: string; errors: Record<string, string> } | null>(null)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [pendingPanelFocus, setPendingPanelFocus] = useState<string | null>(null)
  /** The URL's search whose problems the traveller has moved past (Clear all, or a new submit). */
  const [dismissedSearch, setDismissedSearch] = useState<string | null>(null)

  // A search arriving in the URL that can't be run (a shared link with a past date) shows its problems.
  const urlHasProblems = useMemo(() => {
    if (!hasSearch(location.search) || dismissedSearch === location.search) return false
    const decoded = decodeSearch(location.search)
    return searchProblems(decoded.params, decoded.filters, today).length > 0
  }, [location.search, today, dismissedSearch])

  const currentKey = encodeSearch(params, filters)
  const errors = useMemo(() => {
    const out: Record<string, string> = {}
    if (attempted || urlHasProblems) {
      for (const issue of searchProblems(params, filters, today)) out[issue.path.join('.')] ??= issue.message
    }
    if (server && server.key === currentKey) for (const [path, message] of Object.entries(server.errors)) out[path] ??= message
    return out
  }, [attempted, urlHasProblems, params, filters, today, server, currentKey])

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

  const execute = useCallback(
    async (p: SearchParams, f: SearchFilters, options?: RunSearchOptions) => {
      const outcome = await runSearch(p, f, options)
      if (outcome.status === 'invalid') {
        setServer({ key: encodeSearch(p, f), errors: outcome.fieldErrors })
        focusFirst(Object.keys(outcome.fieldErrors))
      }
    },
    [runSearch, focusFirst],
  )

  const submit = () => {
    const state = useSearchStore.getState()
    const problems = searchProblems(state.params, state.filters, todayIso())
    setServer(null)
    setDismissedSearch(location.search)
    if (problems.length > 0) {
      setAttempted(true)
      focusFirst(problems.map((issue) => issue.path.join('.')))
      return
    }
    setAttempted(false)
    const query = encodeSearch(state.params, state.filters)
    // A booking link whose fare is still being chosen gives way to the traveller's own search: its
    // entry is replaced, so neither Back nor a refresh chooses that fare again.
    const plain = withoutPick(location.search)
    const linked = plain !== location.search
    if (`?${query}` === plain) {
      // The same search again: ask afresh (the URL already says it, so no new history entry).
      void execute(state.params, state.filters, { fresh: true })
      if (linked) void navigate({ pathname: location.pathname, search: plain, hash: location.hash }, { replace: true, preventScrollReset: true })
    } else {
      void navigate(`${PATHS.search}?${query}`, { replace: linked })
    }
  }

  /** The query string last handled, to tell a booking link's `pick` coming off from a new search. */
  const handledSearch = useRef<string | null>(null)

  const onUrlChange = useEffectEvent((search: string) => {
    const previous = handledSearch.current
    handledSearch.current = search
    // Only `pick` came off (applied, given up, or Back to the plain search): same search, nothing to run.
    if (previous !== null && previous !== search && withoutPick(previous) === search) {
      useSearchResultsStore.getState().setFarePick(null)
      return
    }
    if (!hasSearch(search)) {
      clearSearchData()
      return
    }
    const decoded = decodeSearch(search)
    const store = useSearchStore.getState()
    if (encodeSearch(store.params, store.filters) !== encodeSearch(decoded.params, decoded.filters)) {
      store.loadSearch(decoded.params, decoded.filters)
    }
    if (searchProblems(decoded.params, decoded.filters, todayIso()).length > 0) {
      clearSearchData()
      return
    }
    const pick = decodePick(search)
    void execute(decoded.params, decoded.filters, pick.length > 0 ? { pick } : undefined)
    // A `pick` that names no valid flight is dropped like any bad value, from the address too.
    if (pick.length === 0 && withoutPick(search) !== search) void navigate({ pathname: PATHS.search, search: withoutPick(search) }, { replace: true, preventScrollReset: true })
  })

  useEffect(() => {
    // The only React state set on this path is the server's field errors, after the search answers.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    onUrlChange(location.search)
  }, [location.search])

  const clearAll = () => {
    useSearchStore.getState().clearAll()
    setAttempted(false)
    setServer(null)
    setDismissedSearch(location.search)
  }

  const errorFor = useCallback((path: string) => errors[path], [errors])
  /** Problems that have no field in the main form: filter-panel fields and anything unexpected. */
  const otherErrors = Object.entries(errors)
    .filter(([path]) => ['panel', 'summary'].includes(fieldForPath(path).place))
    .map(([path, message]) => ({ path, message }))

  return {
    today,
    registry,
    errors,
    errorFor,
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
