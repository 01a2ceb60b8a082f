import { createMemoryRouter, RouterProvider } from 'react-router'
import type { AirportSuggestion, SearchResponse } from '#shared/flights/model.ts'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS } from '#shared/flights/search-params.ts'
import { renderWithProviders, stubApi } from '../../../../../tests/setup/render.tsx'
import SearchPage from '../../../routes/search.tsx'
import { useSearchSelectionStore } from '../../../stores/search-selection-store.ts'
import { defaultPostSearchFilters, useSearchStore } from '../../../stores/search-store.ts'

/** Test support for the search form: API fixtures, store reset and the page inside a memory router. */

export const LONDON: AirportSuggestion[] = [
  {
    kind: 'city',
    code: 'LHR,LGW,LCY',
    name: 'London (all airports)',
    city: 'London',
    country: 'United Kingdom',
    airports: [
      { code: 'LHR', name: 'London Heathrow Airport' },
      { code: 'LGW', name: 'London Gatwick Airport' },
      { code: 'LCY', name: 'London City Airport' },
    ],
  },
  { kind: 'airport', code: 'LHR', name: 'London Heathrow Airport', city: 'London', country: 'United Kingdom' },
  { kind: 'airport', code: 'LGW', name: 'London Gatwick Airport', city: 'London', country: 'United Kingdom' },
  { kind: 'airport', code: 'LCY', name: 'London City Airport', city: 'London', country: 'United Kingdom' },
  { kind: 'airport', code: 'YXU', name: 'London International Airport', city: 'London', country: 'Canada' },
]

export const AIRPORTS: Record<string, AirportSuggestion> = {
  JFK: { kind: 'airport', code: 'JFK', name: 'John F Kennedy International Airport', city: 'New York', country: 'United States' },
  LHR: LONDON[1]!,
  CDG: { kind: 'airport', code: 'CDG', name: 'Charles de Gaulle International Airport', city: 'Paris', country: 'France' },
}

export function searchResponse(patch: Partial<SearchResponse> = {}): SearchResponse {
  return {
    searchId: 's-1',
    legIndex: 0,
    legCount: 2,
    best: [],
    other: [],
    priceInsights: null,
    currency: 'USD',
    fetchedAt: '2026-11-20T10:00:00.000Z',
    fromCache: false,
    provider: 'simulated',
    ...patch,
  }
}

type SearchAnswer = (body: { params: unknown; filters: unknown }) => Response

/** Airports from the fixtures above; flight searches answered by `search` (200 with an empty result by default). */
export function stubSearchApi(search: SearchAnswer = () => Response.json(searchResponse())) {
  return stubApi((url, init) => {
    const parsed = new URL(url, 'http://localhost')
    if (parsed.pathname === '/api/airports') {
      const q = (parsed.searchParams.get('q') ?? '').toLowerCase()
      if (q.startsWith('lon')) return Response.json({ results: LONDON })
      const exact = AIRPORTS[q.toUpperCase()]
      return Response.json({ results: exact ? [exact] : [] })
    }
    if (parsed.pathname === '/api/flights/search') return search(JSON.parse(String(init?.body)) as { params: unknown; filters: unknown })
    return undefined
  })
}

export function resetSearchStores() {
  localStorage.clear()
  useSearchStore.setState({
    params: { ...DEFAULT_SEARCH_PARAMS, multiCitySegments: [] },
    filters: { ...DEFAULT_SEARCH_FILTERS, multiCityTimes: {} },
    postSearchFilters: [defaultPostSearchFilters(), defaultPostSearchFilters()],
    formVersion: 0,
  })
  useSearchSelectionStore.getState().clear()
}

export function renderSearchPage(path = '/search') {
  const router = createMemoryRouter([{ path: '/search', Component: SearchPage }], { initialEntries: [path] })
  const view = renderWithProviders(<RouterProvider router={router} />)
  return { router, ...view }
}

export function searchCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/flights/search'))
}
