import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import DevMailboxPage from './dev-mailbox.tsx'

const verification = {
  id: 'm2',
  channel: 'email',
  to: 'ana@example.com',
  subject: 'Confirm your email for FareDrop',
  text: 'Confirm email: https://faredrop.test/verify?token=abc',
  html: '<p>Confirm</p>',
  links: ['https://faredrop.test/verify?token=abc', 'https://faredrop.test/faq'],
  createdAt: '2025-03-05T10:00:00.000Z',
}
const signIn = {
  id: 'm1',
  channel: 'email',
  to: 'ben@example.com',
  subject: 'Your FareDrop sign-in link',
  text: 'Sign in: https://faredrop.test/magic?token=xyz',
  html: null,
  links: ['https://faredrop.test/magic?token=xyz'],
  createdAt: '2025-03-05T09:00:00.000Z',
}

const fetchMock = vi.fn<typeof fetch>()

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DevMailboxPage', () => {
  it('explains what the local mailbox is', async () => {
    fetchMock.mockResolvedValue(answer(200, { messages: [] }))
    render(<DevMailboxPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Local mailbox' })).toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent(
      'This is a local inbox for development: emails FareDrop would have sent are kept here instead. It opens only with the link the server printed when it started, or for admins, and it is switched off when SMTP is configured.',
    )
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith('/api/dev/outbox', expect.anything())
  })

  it('lists the messages and shows the newest one with its links and HTML', async () => {
    fetchMock.mockResolvedValue(answer(200, { messages: [verification, signIn] }))
    render(<DevMailboxPage />)

    const list = within(await screen.findByRole('region', { name: 'Messages' }))
    expect(list.getByText('ana@example.com')).toBeInTheDocument()
    expect(list.getByText('Your FareDrop sign-in link')).toBeInTheDocument()
    expect(list.getAllByText('Email')).toHaveLength(2)

    const view = within(screen.getByRole('region', { name: 'Selected message' }))
    expect(view.getByRole('link', { name: 'https://faredrop.test/verify?token=abc' })).toHaveAttribute(
      'href',
      'https://faredrop.test/verify?token=abc',
    )
    expect(view.getByRole('link', { name: 'https://faredrop.test/faq' })).toBeInTheDocument()
    const frame = view.getByTitle('Email: Confirm your email for FareDrop')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('sandbox', '')
    expect(frame).toHaveAttribute('src', '/api/dev/outbox/m2/html')
  })

  it('shows the plain text of a message without HTML when it is selected', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValue(answer(200, { messages: [verification, signIn] }))
    render(<DevMailboxPage />)

    await user.click(await screen.findByRole('button', { name: /ben@example\.com/ }))

    const view = within(screen.getByRole('region', { name: 'Selected message' }))
    expect(view.getByRole('link', { name: 'https://faredrop.test/magic?token=xyz' })).toBeInTheDocument()
    expect(view.getByText(signIn.text).tagName).toBe('PRE')
    expect(view.queryByTitle(/^Email:/)).not.toBeInTheDocument()
  })

  it('asks the server for one recipient when filtered', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValue(answer(200, { messages: [verification, signIn] }))
    render(<DevMailboxPage />)
    await screen.findByRole('region', { name: 'Messages' })

    fetchMock.mockResolvedValue(answer(200, { messages: [signIn] }))
    await user.type(screen.getByLabelText('Recipient'), ' Ben+1@example.com ')
    await user.click(screen.getByRole('button', { name: 'Filter' }))

    expect(fetchMock).toHaveBeenLastCalledWith('/api/dev/outbox?to=Ben%2B1%40example.com', expect.anything())
    const list = within(screen.getByRole('region', { name: 'Messages' }))
    await vi.waitFor(() => expect(list.queryByText('ana@example.com')).not.toBeInTheDocument())
    expect(list.getByText('ben@example.com')).toBeInTheDocument()
  })

  it('says the mailbox is not available when the server answers 404', async () => {
    fetchMock.mockResolvedValue(answer(404, { error: { code: 'not_found', message: 'There is no local outbox here.' } }))
    render(<DevMailboxPage />)
    expect(
      await screen.findByText(
        'The local mailbox is not available here. Open it with the link the server printed when it started (or sign in as an admin); with SMTP configured there is no local mailbox.',
      ),
    ).toBeInTheDocument()
  })

  it('trades the key of the printed link for the outbox cookie before reading, and drops it from the address bar', async () => {
    window.history.replaceState(null, '', '/dev/mailbox?to=x#key=the-outbox-key')
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/dev/outbox-key' ? new Response(null, { status: 204 }) : answer(200, { messages: [signIn] })))
    render(<DevMailboxPage />)
    expect(await screen.findAllByText('ben@example.com')).not.toHaveLength(0)
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/dev/outbox-key', '/api/dev/outbox'])
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: JSON.stringify({ key: 'the-outbox-key' }) })
    expect(window.location.hash).toBe('')
    expect(window.location.search).toBe('?to=x')
  })

  it('says so when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    render(<DevMailboxPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The local mailbox could not be loaded.')
  })
})
