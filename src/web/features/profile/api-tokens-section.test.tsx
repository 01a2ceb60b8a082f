import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { API_TOKEN_MESSAGES, type ApiTokenView } from '#shared/api-tokens.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import { ApiTokensSection } from './api-tokens-section.tsx'

/** The profile's API tokens, the API answering from the test. */

const TOKEN = `fd_${'Ab3x'.repeat(10)}Q9z`
const existing: ApiTokenView = { id: 't1', name: 'Agency CRM', scopes: ['read'], prefix: 'fd_Zz9yX…', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null }

function serve() {
  let tokens = [existing]
  const calls: { method: string; url: string; body: unknown }[] = []
  stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
    if (url === '/api/me/api-tokens' && method === 'GET') return Response.json({ tokens })
    if (url === '/api/me/api-tokens' && method === 'POST') {
      const apiToken: ApiTokenView = { id: 't2', name: 'Booking bot', scopes: ['read', 'write'], prefix: `${TOKEN.slice(0, 9)}…`, createdAt: new Date().toISOString(), lastUsedAt: null }
      tokens = [...tokens, apiToken]
      return Response.json({ token: TOKEN, apiToken }, { status: 201 })
    }
    if (url === '/api/me/api-tokens/t1' && method === 'DELETE') {
      tokens = tokens.filter((token) => token.id !== 't1')
      return Response.json({ success: true })
    }
    return undefined
  })
  return calls
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('API tokens on the profile', () => {
  it('creates a read-and-write token, shows it once with a copy button, and lists it without the secret', async () => {
    const calls = serve()
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    renderWithProviders(<ApiTokensSection />)
    expect(await screen.findByText('Agency CRM')).toBeInTheDocument()
    expect(screen.getByText('Read only')).toBeInTheDocument()
    expect(screen.getByText('Never used')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Token name'), 'Booking bot')
    await user.click(screen.getByLabelText(/read and write/))
    await user.click(screen.getByRole('button', { name: 'Create token' }))
    expect(await screen.findByLabelText('New API token')).toHaveTextContent(TOKEN)
    expect(screen.getByText("“Booking bot” is ready. Copy it now: it won't be shown again.")).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ name: 'Booking bot', scopes: ['read', 'write'] })

    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith(TOKEN)
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'API tokens' })
    await waitFor(() => expect(within(list).getByText('Booking bot')).toBeInTheDocument())
    expect(list.textContent).not.toContain(TOKEN)
  })

  it('checks the name before calling the API', async () => {
    const calls = serve()
    const user = userEvent.setup()
    renderWithProviders(<ApiTokensSection />)
    await screen.findByText('Agency CRM')
    await user.click(screen.getByRole('button', { name: 'Create token' }))
    expect(await screen.findByText(API_TOKEN_MESSAGES.name)).toBeInTheDocument()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it('revokes a token after confirming', async () => {
    const calls = serve()
    const user = userEvent.setup()
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderWithProviders(<ApiTokensSection />)
    await user.click(await screen.findByRole('button', { name: 'Revoke Agency CRM' }))
    await waitFor(() => expect(screen.queryByText('Agency CRM')).not.toBeInTheDocument())
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/me/api-tokens/t1')).toBe(true)
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toContain('Token revoked')
  })
})
