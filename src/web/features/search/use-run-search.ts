import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { FieldErrors } from '#shared/errors.ts'
import type { SearchResponse } from '#shared/flights/model.ts'
import { SEARCH_MESSAGES, type SearchFilters, type SearchParams } from '#shared/flights/search-params.ts'
import { ApiError } from '../../lib/api-client.ts'
import { useSearchResultsStore } from '../../stores/search-results-store.ts'
import { useSearchStore } from '../../stores/search-store.ts'
import { searchFlights } from './api.ts'
import { encodeSearch, normalizeSearch, type FarePick } from '#shared/flights/search-url.ts'

/** Query-cache key of a search: its URL encoding, so Back to a search just made answers from the cache. */
export function flightSearchKey(encodedSearch: string) {
  return ['flight-search', encodedSearch] as const
}

/** How long a search answer is reused for Back/Forward without asking the server again. */
const SEARCH_REUSE_MS = 2 * 60_000

export type RunSearchOutcome =
  | { status: 'results'; response: SearchResponse }
  | { status: 'error'; message: string }
  /** 400 with field errors: the form shows them on its fields (keys like "from", "multiCitySegments.1.to"). */
  | { status: 'invalid'; fieldErrors: Record<string, string> }
  /** A newer search started before this one answered; its answer was dropped. */
  | { status: 'superseded' }

export interface RunSearchOptions {
  /** Ask the server again even if the cache holds a recent answer (the traveller pressed Search again). */
  fresh?: boolean
  /** A booking link's fare: chosen in this search's results as they arrive (use-selection-flow.ts). */
  pick?: FarePick
}

let latestRun = 0
let inFlightKey: string | null = null

/**
 * Runs a search and puts the answer in the results store: status "searching" while it runs, then
 * the outbound options as leg 0 (later legs, selections and booking options forgotten, a booking
 * link's fare to choose when given) and fresh post-search filters, or the spec's 'Failed to
 * retrieve search results'. Only the newest search
 * writes to the stores; an older one still in flight is cancelled.
 */
export async function runFlightSearch(
  queryClient: QueryClient,
  params: SearchParams,
  filters: SearchFilters,
  options: RunSearchOptions = {},
): Promise<RunSearchOutcome> {
  const request = normalizeSearch(params, filters)
  const key = encodeSearch(request.params, request.filters)
  const run = ++latestRun
  if (inFlightKey !== null && inFlightKey !== key) void queryClient.cancelQueries({ queryKey: flightSearchKey(inFlightKey) })
  inFlightKey = key

  const results = useSearchResultsStore.getState()
  results.clear()
  results.setStatus('searching')
  useSearchStore.getState().resetPostSearchFilters()

  try {
    const response = await queryClient.fetchQuery({
      queryKey: flightSearchKey(key),
      queryFn: ({ signal }) => searchFlights(request, signal),
      staleTime: options.fresh ? 0 : SEARCH_REUSE_MS,
      retry: false,
    })
    if (run !== latestRun) return { status: 'superseded' }
    inFlightKey = null
    const store = useSearchResultsStore.getState()
    store.unselectFrom(0)
    // Before the results, so the flow never shows the list it is about to choose from.
    store.setFarePick(options.pick?.length ? options.pick : null)
    store.setLegResults(0, response)
    store.setStatus('results')
    return { status: 'results', response }
  } catch (error) {
    if (run !== latestRun) return { status: 'superseded' }
    inFlightKey = null
    const store = useSearchResultsStore.getState()
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
      store.setStatus('idle')
      return { status: 'invalid', fieldErrors: formFieldErrors(error.fieldErrors) }
    }
    // A rate limit says when to come back; everything else (5xx, network, a missing endpoint) is the spec's message.
    const message = error instanceof ApiError && error.status === 429 ? error.message : SEARCH_MESSAGES.failed
    store.setSearchError(message)
    store.setStatus('error')
    return { status: 'error', message }
  }
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

/**
 * For the search page and the results: `runSearch(params, filters)` and where the current search
 * stands (`status`, `isSearching`; the same values live in useSearchResultsStore for any reader).
 */
export function useRunSearch() {
  const queryClient = useQueryClient()
  const status = useSearchResultsStore((state) => state.status)
  const runSearch = useCallback(
    (params: SearchParams, filters: SearchFilters, options?: RunSearchOptions) => runFlightSearch(queryClient, params, filters, options),
    [queryClient],
  )
  return { runSearch, status, isSearching: status === 'searching' }
}
