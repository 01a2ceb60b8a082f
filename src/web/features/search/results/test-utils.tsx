import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import type { SearchResponse } from '#shared/flights/model.ts'
import { decodeSearch, encodeSearch } from '#shared/flights/search-url.ts'
import { renderWithProviders } from '#tests/setup/render.tsx'
import { flightQueryKeys } from '../../../lib/flight-query-keys.ts'
import { createQueryClient } from '../../../lib/query-client.ts'


function Where() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>
}

/** The query-cache key of the search a query string holds ("trip=one-way&from=LHR&…"). */
export function searchKeyOf(query: string): string {
  const { params, filters } = decodeSearch(query)
  return encodeSearch(params, filters)
}

/**
 * Renders results UI at /search inside the app's providers, with the current location readable.
 * `search` is the query string the address holds; `answer`, the server's answer to it, already in
 * the query cache, as right after the traveller searched (`queryClient`: a cache from an earlier render).
 */
export function renderAtSearch(
  ui: ReactNode,
  { search = '', answer, queryClient = createQueryClient() }: { search?: string; answer?: SearchResponse; queryClient?: QueryClient } = {},
) {
  if (answer) queryClient.setQueryData(flightQueryKeys.search(searchKeyOf(search)), answer)
  return renderWithProviders(
    <MemoryRouter initialEntries={[search ? `/search?${search}` : '/search']}>
      <Routes>
        <Route path="/search" element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
    queryClient,
  )
}
