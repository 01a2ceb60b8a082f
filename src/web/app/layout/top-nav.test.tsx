import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { makeMe, makeQuota } from '../../features/alerts/test-fixtures.tsx'
import { oneWayResults } from '../../features/search/results/fixtures.ts'
import { flightQueryKeys } from '../../lib/flight-query-keys.ts'
import { useSearchSelectionStore } from '../../stores/search-selection-store.ts'
import { TopNav } from './top-nav.tsx'

function Where() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>
}

function renderNav(quota: Response | null, path = '/search') {
  const fetchMock = stubApi((url) => {
    if (url === '/api/session') return quota ? Response.json(makeMe()) : undefined
    if (url === '/api/alerts/quota' && quota) return quota
    return undefined
  })
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <TopNav />
      <Where />
    </MemoryRouter>,
  )
  return { fetchMock, ...view }
}

describe('Alerts nav badge', () => {
  it('shows the number of active alerts, in the link name too', async () => {
    renderNav(Response.json(makeQuota({ used: 3, active: 2 })))
    const link = await screen.findByRole('link', { name: 'Alerts, 2 active' })
    expect(link).toHaveAttribute('href', '/alerts')
    expect(within(link).getByText('2')).toBeInTheDocument()
  })

  it.each([
    ['without active alerts', Response.json(makeQuota({ used: 1, active: 0 }))],
    ['when the quota fails', Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 })],
  ])('shows no badge %s', async (_case, quota) => {
    const { fetchMock } = renderNav(quota)
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/alerts/quota')).toBe(true))
    expect(await screen.findByRole('link', { name: 'Alerts' })).toBeInTheDocument()
  })

  it('does not ask for the quota when signed out', async () => {
    const { fetchMock } = renderNav(null)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/session', expect.anything()))
    expect(screen.queryByRole('link', { name: /Alerts/ })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/alerts/quota')).toBe(false)
  })
})

describe('Flights', () => {
  it("forgets the current search's results, the answers and the choices, then opens the search page", async () => {
    const search = 'trip=one-way&from=LHR&to=JFK&depart=2026-12-10&class=economy&adults=1'
    const { queryClient } = renderNav(Response.json(makeQuota()), `/search?${search}`)
    const answer = oneWayResults()
    queryClient.setQueryData(flightQueryKeys.search(search), answer)
    queryClient.setQueryData(flightQueryKeys.bookingOptions('tok-ba117.1'), { bookingOptions: [], baggagePrices: null })
    useSearchSelectionStore.getState().selectFlight(search, 0, answer.best[0]!)

    await userEvent.click(await screen.findByRole('link', { name: 'Flights' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/))
    expect(queryClient.getQueriesData({ queryKey: flightQueryKeys.all })).toEqual([])
    expect(useSearchSelectionStore.getState()).toMatchObject({ search: null, selectedFlights: [] })
  })
})
