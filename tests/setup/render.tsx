import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { createQueryClient } from '../../src/web/lib/query-client.ts'

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined

/**
 * Stubs fetch for the web app's API calls: `handler` answers what a test cares about; the session
 * probe defaults to signed out and anything else to 404.
 */
export function stubApi(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url
    const answer = handler(url, init)
    if (answer) return answer
    if (url.startsWith('/api/session')) return Response.json({ user: null, profile: null, emails: [] })
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** Renders inside the app's providers with a fresh query cache (or `queryClient`, seeded by the test). */
export function renderWithProviders(ui: ReactNode, queryClient = createQueryClient()) {
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) }
}
