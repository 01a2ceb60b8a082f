import { useQuery } from '@tanstack/react-query'
import { format } from 'date-fns'
import { useCallback, useMemo } from 'react'
import { useLocation } from 'react-router'
import type { FieldErrors } from '#shared/errors.ts'
import { SEARCH_MESSAGES, searchProblems } from '#shared/flights/search-params.ts'
import { decodeFlexible, decodeSearch, encodeSearch, hasSearch, type FarePick } from '#shared/flights/search-url.ts'
import { ApiError } from '../../lib/api-client.ts'
import { useSearchSelectionStore } from '../../stores/search-selection-store.ts'
import { useSearchStore } from '../../stores/search-store.ts'
import { flightSearchQueryOptions, type CurrentSearch } from './flight-queries.ts'

/** The traveller's calendar date, YYYY-MM-DD (min for the date fields, "past" for validation). */
export function todayIso(now: number | Date = Date.now()): string {
  return format(now, 'yyyy-MM-dd')
}

/** Spec section 4 "Search": idle, searching, with results, or with the error. */
export type SearchStatus = 'idle' | 'searching' | 'results' | 'error'

/**
 * The search a query string holds, if it can be run: none without a search, nor for one the form
 * refuses (a shared link with a past date: the form shows its problems instead). A flexible-date
 * search is not one: its date pairs are useFlexibleSearch's.
 */
export function currentSearchOf(query: string, today: string): CurrentSearch | null {
  if (!hasSearch(query) || decodeFlexible(query)) return null
  const request = decodeSearch(query)
  if (searchProblems(request.params, request.filters, today).length > 0) return null
  return { key: encodeSearch(request.params, request.filters), request }
}

/**
 * The API's field errors ("params.from", "params.multiCitySegments.1.to", "filters.bags") keyed
 * like the form's fields and `searchProblems` paths ("from", "multiCitySegments.1.to", "bags").
 */
export function formFieldErrors(fieldErrors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const field = key.replace(/^(params|filters)\./, '') || key
    const message = messages[0]
    if (message && !(field in out)) out[field] = message
  }
  return out
}

/** A 4xx with field errors: the search was refused field by field, shown on the form's fields. */
function refusedFields(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || !error.fieldErrors) return null
  const fields = formFieldErrors(error.fieldErrors)
  return Object.keys(fields).length > 0 ? fields : null
}

/** A search starts or is asked again: the choices and post-search filters made in the last answer are forgotten. */
export function beginSearch(key: string, pick: FarePick | null) {
  useSearchSelectionStore.getState().start(key, pick)
  useSearchStore.getState().resetPostSearchFilters()
}

/**
 * What a failed search says. Refusals that say when to come back speak for themselves: this
 * address's rate limit (429) and the provider budget all searches share (503 `search_busy`,
 * decision 050); everything else (another 5xx, the network, a missing endpoint) is the spec's
 * message.
 */
export function searchErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.code === 'search_busy')) return error.message
  return SEARCH_MESSAGES.failed
}

/**
 * The URL's search and where it stands, for the form and the results alike (decision 025): the
 * URL owns the search, TanStack Query its answer. A different search is a different query, so an
 * answer never lands on the wrong search, and a search no longer on screen is cancelled.
 */
export function useFlightSearch() {
  const location = useLocation()
  const search = useMemo(() => currentSearchOf(location.search, todayIso()), [location.search])
  const query = useQuery(flightSearchQueryOptions(search))
  const fieldErrors = useMemo(() => (search ? refusedFields(query.error) : null), [search, query.error])

  let status: SearchStatus
  if (!search) status = 'idle'
  else if (query.isFetching || query.isPending) status = 'searching'
  else if (query.isError) status = fieldErrors ? 'idle' : 'error'
  else status = 'results'

  const errorMessage = searchErrorMessage(query.error)
  const { refetch } = query
  /** Asks the server afresh, whatever the cache holds (Search pressed again, Try again). */
  const rerun = useCallback(() => {
    if (search) void refetch()
  }, [search, refetch])

  return {
    search,
    status,
    /** The outbound options (leg 0) while there are results. */
    response: status === 'results' ? query.data : undefined,
    errorMessage,
    /** The server's refusal of the URL's search, by form field (400 with field errors). */
    fieldErrors,
    /** When the current refusal arrived (0: none), so the form focuses each one once. */
    fieldErrorsAt: fieldErrors ? query.errorUpdatedAt : 0,
    rerun,
  }
}
