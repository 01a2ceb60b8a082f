import { screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { AppRoutes } from '../app/router.tsx'

const TITLE = 'Get instant alerts when flight prices drop.'

describe('landing page', () => {
  it('shows the page once the session cannot be read, and keeps it while the session is retried', async () => {
    const fetchMock = stubApi((url) =>
      url.startsWith('/api/session') ? Response.json({ error: { code: 'unavailable', message: 'Database unavailable' } }, { status: 503 }) : undefined,
    )
    const { queryClient } = renderWithProviders(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>,
    )
    // The query retries twice (1 s, then 2 s) before it gives up.
    expect(await screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 10_000 })).toBeInTheDocument()
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 10_000 })
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument()
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument()
    // The first try with its retries, and at most one more round when the page's sections mounted.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/session')).length).toBeLessThanOrEqual(6)
  }, 30_000)
})
