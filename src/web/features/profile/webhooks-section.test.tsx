import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WEBHOOK_MESSAGES, type WebhookDeliveryView, type WebhookEndpointView } from '#shared/webhooks.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import { WebhooksSection } from './webhooks-section.tsx'

/** The profile's webhooks section, the API answering from the test. */

const SECRET = `whsec_${'Ab3x'.repeat(10)}Q9z`
const ROTATED = `whsec_${'Zz9y'.repeat(10)}K2p`
const crm: WebhookEndpointView = {
  id: 'e1',
  url: 'https://crm.example.com/faredrop',
  description: 'Agency CRM',
  events: ['alert.triggered', 'alert.status_changed'],
  enabled: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
}
const failed: WebhookDeliveryView = {
  id: 'd1',
  endpointId: 'e1',
  eventId: 'ev-1',
  eventType: 'alert.triggered',
  status: 'pending',
  attempts: 2,
  responseStatus: 500,
  responseBody: 'upstream exploded',
  durationMs: 120,
  lastError: 'The endpoint answered 500.',
  nextAttemptAt: new Date(Date.now() + 20 * 60_000).toISOString(),
  lastAttemptAt: new Date().toISOString(),
  deliveredAt: null,
  createdAt: new Date(Date.now() - 30 * 60_000).toISOString(),
  payload: { id: 'ev-1', type: 'alert.triggered', created: 0, data: {} as never },
}

function serve() {
  let endpoints = [crm]
  const calls: { method: string; url: string; body: unknown }[] = []
  stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, url, body })
    if (url === '/api/me/webhooks' && method === 'GET') return Response.json({ endpoints })
    if (url === '/api/me/webhooks' && method === 'POST') {
      if (body.url.includes('10.0.0.1')) {
        return Response.json({ error: { code: 'validation_failed', message: 'Some fields are invalid.', fieldErrors: { url: [WEBHOOK_MESSAGES.privateAddress] } } }, { status: 400 })
      }
      const endpoint = { ...crm, id: 'e2', url: body.url, description: body.description, events: body.events }
      endpoints = [...endpoints, endpoint]
      return Response.json({ endpoint, secret: SECRET }, { status: 201 })
    }
    if (url === '/api/me/webhooks/e1' && method === 'PATCH') {
      endpoints = endpoints.map((e) => (e.id === 'e1' ? { ...e, ...body } : e))
      return Response.json({ endpoint: endpoints[0] })
    }
    if (url === '/api/me/webhooks/e1' && method === 'DELETE') {
      endpoints = endpoints.filter((e) => e.id !== 'e1')
      return Response.json({ success: true })
    }
    if (url === '/api/me/webhooks/e1/secret') return Response.json(method === 'GET' ? { secret: SECRET } : { endpoint: crm, secret: ROTATED })
    if (url === '/api/me/webhooks/e1/test') return Response.json({ delivery: { ...failed, id: 'd2', status: 'pending', attempts: 0 } }, { status: 202 })
    if (url === '/api/me/webhooks/e1/deliveries') return Response.json({ deliveries: [failed], hasMore: false })
    if (url === '/api/me/webhooks/deliveries/d1/resend') return Response.json({ delivery: { ...failed, id: 'd3', attempts: 0 } }, { status: 202 })
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

describe('webhooks on the profile', () => {
  it('adds an endpoint: the shared schema’s messages first, the server’s under its field, then the secret once with a copy button', async () => {
    const calls = serve()
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    renderWithProviders(<WebhooksSection />)
    expect(await screen.findByText('https://crm.example.com/faredrop')).toBeInTheDocument()

    await user.click(screen.getByLabelText(/Alert triggered/))
    await user.click(screen.getByLabelText(/Alert status changed/))
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect(await screen.findByText(WEBHOOK_MESSAGES.url)).toBeInTheDocument()
    expect(screen.getByText(WEBHOOK_MESSAGES.events)).toBeInTheDocument()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)

    // Pasted rather than typed, key by key: the same events for the form, in a fraction of the time.
    await user.click(screen.getByLabelText('Endpoint URL'))
    await user.paste('https://10.0.0.1/hook')
    await user.click(screen.getByLabelText(/Alert triggered/))
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect(await screen.findByText(WEBHOOK_MESSAGES.privateAddress)).toBeInTheDocument()
    expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true')

    await user.clear(screen.getByLabelText('Endpoint URL'))
    await user.paste('https://ops.example.com/hook')
    await user.click(screen.getByLabelText('Description (optional)'))
    await user.paste('Ops')
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent(SECRET)
    expect(calls.filter((call) => call.method === 'POST').at(-1)!.body).toEqual({ url: 'https://ops.example.com/hook', events: ['alert.triggered'], description: 'Ops' })
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith(SECRET)
    const list = screen.getByRole('list', { name: 'Webhook endpoints' })
    await waitFor(() => expect(within(list).getByText('https://ops.example.com/hook')).toBeInTheDocument())
    expect(list.textContent).not.toContain(SECRET)
  })

  it('reveals and rotates the secret, switches the endpoint off, and deletes it after confirming', async () => {
    const calls = serve()
    const user = userEvent.setup()
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderWithProviders(<WebhooksSection />)
    const more = async (item: string) => {
      await user.click(await screen.findByRole('button', { name: 'More actions for https://crm.example.com/faredrop' }))
      await user.click(await screen.findByRole('menuitem', { name: item }))
    }
    await more('Reveal secret')
    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent(SECRET)
    await more('Rotate secret…')
    await waitFor(() => expect(screen.getByLabelText('Signing secret')).toHaveTextContent(ROTATED))
    expect(screen.getByText(/the old one no longer signs deliveries/)).toBeInTheDocument()

    await user.click(screen.getByRole('switch', { name: 'Send events to https://crm.example.com/faredrop' }))
    await waitFor(() => expect(screen.getByRole('button', { name: /Send test event/ })).toBeDisabled())
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ enabled: false })

    await more('Delete endpoint…')
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument()
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('Its delivery log is deleted with it.'))
  })

  it('sends a test event, shows the delivery log with status, answer, attempts and bodies, and resends a delivery', async () => {
    const calls = serve()
    const user = userEvent.setup()
    renderWithProviders(<WebhooksSection />)
    await user.click(await screen.findByRole('button', { name: /Send test event/ }))
    const log = await screen.findByRole('list', { name: 'Deliveries to https://crm.example.com/faredrop' })
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/me/webhooks/e1/test')).toBe(true)
    expect(within(log).getByText('Retrying')).toBeInTheDocument()
    expect(within(log).getByText(/HTTP 500 · 120 ms · 2 attempts/)).toBeInTheDocument()
    expect(within(log).getByText(/next attempt in 20 minutes/)).toBeInTheDocument()
    expect(within(log).getByText('The endpoint answered 500.')).toBeInTheDocument()
    await user.click(within(log).getByText('Request and response'))
    expect(within(log).getByLabelText('Response body')).toHaveTextContent('upstream exploded')

    await user.click(within(log).getByRole('button', { name: 'Resend' }))
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.title)).toContain('Delivery queued again'))
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/me/webhooks/deliveries/d1/resend')).toBe(true)
  })
})
