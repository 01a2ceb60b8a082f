import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useLocation } from 'react-router'
import type { FlexibleQuery } from '#shared/flights/fare-calendar.ts'
import { flexibleProblems, flexibleQuery, flexibleToDraft, type FlexibleDates } from '#shared/flights/flexible-search.ts'
import { decodeFlexible, decodeSearch, hasSearch, type SearchState } from '#shared/flights/search-url.ts'
import { ApiError } from '../../lib/api-client.ts'
import { flexibleDatesQueryOptions } from './flight-queries.ts'
import { searchErrorMessage, todayIso } from './use-flight-search.ts'

/** The URL's flexible-date search: the search it decodes to, its flexible dates and its API query. */
export interface CurrentFlexibleSearch {
  request: SearchState
  flexible: FlexibleDates
  query: FlexibleQuery
}

/**
 * The flexible-date search a query string holds, if it can be run: none for an exact-date search,
 * nor for one the form refuses (a shared link whose month has passed: the form shows why).
 */
export function currentFlexibleSearchOf(query: string, today: string): CurrentFlexibleSearch | null {
  if (!hasSearch(query)) return null
  const flexible = decodeFlexible(query)
  if (!flexible) return null
  const request = decodeSearch(query)
  if (flexibleProblems(request.params, request.filters, flexibleToDraft(flexible), today).length > 0) return null
  return { request, flexible, query: flexibleQuery(request.params, request.filters, flexible) }
}

/**
 * The URL's flexible-date search and where it stands, for the form (its Search button) and the
 * results alike, like useFlightSearch for exact dates: the URL owns the search, TanStack Query its
 * answer (GET /api/flights/flexible).
 */
export function useFlexibleSearch() {
  const location = useLocation()
  const search = useMemo(() => currentFlexibleSearchOf(location.search, todayIso()), [location.search])
  const query = useQuery(flexibleDatesQueryOptions(search?.query ?? null))
  const status = !search ? 'idle' : query.isFetching || query.isPending ? 'searching' : query.isError ? 'error' : 'results'
  // The server's refusal of the search (400) says what went wrong, as a rate limit does.
  const errorMessage = query.error instanceof ApiError && query.error.status === 400 ? query.error.message : searchErrorMessage(query.error)
  const { refetch } = query
  const rerun = useCallback(() => {
    if (search) void refetch()
  }, [search, refetch])
  return { search, status, results: status === 'results' ? query.data : undefined, errorMessage, rerun } as const
}
