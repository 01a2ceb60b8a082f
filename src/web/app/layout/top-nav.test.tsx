import { screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { makeMe, makeQuota } from '../../features/alerts/test-fixtures.tsx'
import { TopNav } from './top-nav.tsx'

function renderNav(quota: Response | null) {
  const fetchMock = stubApi((url) => {
    if (url === '/api/session') return quota ? Response.json(makeMe()) : undefined
    if (url === '/api/alerts/quota' && quota) return quota
    return undefined
  })
  renderWithProviders(
    <MemoryRouter initialEntries={['/search']}>
      <TopNav />
    </MemoryRouter>,
  )
  return fetchMock
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
    const fetchMock = renderNav(quota)
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/alerts/quota')).toBe(true))
    expect(await screen.findByRole('link', { name: 'Alerts' })).toBeInTheDocument()
  })

  it('does not ask for the quota when signed out', async () => {
    const fetchMock = renderNav(null)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/session', expect.anything()))
    expect(screen.queryByRole('link', { name: /Alerts/ })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/alerts/quota')).toBe(false)
  })
})
