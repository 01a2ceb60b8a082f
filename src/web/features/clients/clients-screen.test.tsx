import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CLIENT_MESSAGES, type ClientNoticeView, type ClientView } from '#shared/clients.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import { ClientsScreen } from './clients-screen.tsx'

/** /clients, the API answering from the test. */

const maria: ClientView = {
  id: 'c1',
  name: 'Maria Silva',
  email: 'maria@example.org',
  phone: '+14155550100',
  channels: ['email', 'sms'],
  emailStatus: 'confirmed',
  phoneStatus: 'pending',
  alertCount: 2,
  confirmationSentAt: '2026-11-27T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
}
const notice: ClientNoticeView = {
  id: 'n1',
  alertId: 'a1',
  alertName: 'Maria to Lisbon',
  clientId: 'c1',
  clientName: 'Maria Silva',
  channel: 'sms',
  status: 'skipped',
  attempts: 0,
  note: 'the client has not confirmed their phone number yet',
  price: 412,
  currency: 'USD',
  createdAt: '2026-11-27T11:00:00.000Z',
  sentAt: null,
}

function serve() {
  let clients = [maria]
  const calls: { method: string; url: string; body: unknown }[] = []
  stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined
    calls.push({ method, url, body })
    if (url === '/api/clients' && method === 'GET') return Response.json({ clients })
    if (url.startsWith('/api/clients/notices')) return Response.json({ notices: url.includes('client=none') ? [] : [notice] })
    if (url === '/api/clients' && method === 'POST') {
      if (body?.email === 'taken@example.org') {
        return Response.json({ error: { code: 'conflict', message: CLIENT_MESSAGES.duplicateEmail, fieldErrors: { email: [CLIENT_MESSAGES.duplicateEmail] } } }, { status: 409 })
      }
      const created: ClientView = { ...maria, id: 'c2', name: String(body?.name), email: String(body?.email), phone: null, channels: ['email'], emailStatus: 'pending', phoneStatus: 'none', alertCount: 0 }
      clients = [...clients, created]
      return Response.json({ client: created }, { status: 201 })
    }
    if (url === '/api/clients/c1/send-confirmation') return Response.json({ client: maria })
    if (url === '/api/clients/c1' && method === 'DELETE') {
      clients = clients.filter((client) => client.id !== 'c1')
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

describe('/clients', () => {
  it('lists clients with where each contact stands, links to their alerts and shows their notices with the reason one was held back', async () => {
    serve()
    renderWithProviders(
      <MemoryRouter>
        <ClientsScreen />
      </MemoryRouter>,
    )
    const list = await screen.findByRole('list', { name: 'Clients' })
    expect(within(list).getByText('Maria Silva')).toBeInTheDocument()
    expect(within(list).getByText('Confirmed')).toBeInTheDocument()
    expect(within(list).getByText('Waiting for confirmation')).toBeInTheDocument()
    expect(within(list).getByRole('link', { name: '2 alerts' })).toHaveAttribute('href', '/alerts?client=c1')
    const notices = await screen.findByRole('list', { name: 'Notices' })
    expect(within(notices).getByText('Skipped')).toBeInTheDocument()
    expect(within(notices).getByText(/Not sent: the client has not confirmed their phone number yet/)).toBeInTheDocument()
  })

  it('adds a client: the form checks with the shared rules, shows the server’s message at its field, then sends what was typed', async () => {
    const calls = serve()
    const user = userEvent.setup()
    renderWithProviders(
      <MemoryRouter>
        <ClientsScreen />
      </MemoryRouter>,
    )
    await user.click(await screen.findByRole('button', { name: 'Add client' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Add client' }))
    expect(await within(dialog).findByText(CLIENT_MESSAGES.name)).toBeInTheDocument()
    expect(within(dialog).getByText(CLIENT_MESSAGES.contact)).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Name'), 'João Costa')
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'taken@example.org')
    await user.click(within(dialog).getByRole('button', { name: 'Add client' }))
    expect(await within(dialog).findByText(CLIENT_MESSAGES.duplicateEmail)).toBeInTheDocument()

    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'Joao@Example.org')
    await user.click(within(dialog).getByRole('button', { name: 'Add client' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.filter((call) => call.method === 'POST' && call.url === '/api/clients').at(-1)!.body).toEqual({ name: 'João Costa', email: 'joao@example.org', phone: null, channels: ['email'] })
    expect(await within(screen.getByRole('list', { name: 'Clients' })).findByText('João Costa')).toBeInTheDocument()
  })

  it('asks a waiting client again, and deletes one only after saying their alerts go too', async () => {
    const calls = serve()
    const user = userEvent.setup()
    renderWithProviders(
      <MemoryRouter>
        <ClientsScreen />
      </MemoryRouter>,
    )
    await user.click(await screen.findByRole('button', { name: 'Ask Maria Silva to confirm again' }))
    await waitFor(() => expect(calls.some((call) => call.url === '/api/clients/c1/send-confirmation')).toBe(true))

    await user.click(screen.getByRole('button', { name: 'Delete Maria Silva' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText("Their 2 alerts and price history will be deleted too. This can't be undone.")).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Delete client' }))
    expect(await screen.findByText('No clients yet')).toBeInTheDocument()
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/clients/c1')).toBe(true)
  })
})
