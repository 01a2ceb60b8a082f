import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client.ts'
import { RouteErrorBoundary } from './route-error-boundary.tsx'

function Throws({ error }: { error: unknown }): never {
  throw error
}

function renderFailing(error: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  render(
    <MemoryRouter>
      <RouteErrorBoundary>
        <Throws error={error} />
      </RouteErrorBoundary>
    </MemoryRouter>,
  )
}

describe('RouteErrorBoundary', () => {
  it('shows the request id of a failed API call as a small reference support can look up', async () => {
    const requestId = '5f0c1d2e-9a8b-4c7d-8e6f-0a1b2c3d4e5f'
    renderFailing(new ApiError(500, 'internal', 'Something went wrong on our side.', undefined, undefined, { code: 'internal', requestId }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Server Error' })).toBeInTheDocument()
    const reference = screen.getByText(requestId)
    expect(reference).toHaveClass('select-all')
    expect(reference.parentElement).toHaveTextContent(`Reference: ${requestId}`)
    expect(reference.parentElement).toHaveClass('text-xs', 'text-muted-foreground')
  })

  it('shows no reference for errors without a request id', async () => {
    renderFailing(new ApiError(0, 'network', 'Could not reach FareDrop.'))
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(screen.queryByText(/Reference:/)).not.toBeInTheDocument()
  })

  it('shows no reference for a page that failed on its own', async () => {
    renderFailing(new Error('render bug'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeInTheDocument()
    expect(screen.queryByText(/Reference:/)).not.toBeInTheDocument()
  })
})
