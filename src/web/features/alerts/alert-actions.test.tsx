import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import AlertsPage from '../../routes/alerts.tsx'
import { DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { useToastStore } from '../../stores/toast-store.ts'
import { deferred, makeAlert, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null })
  useToastStore.setState({ toasts: [] })
})

const toastTitles = () => useToastStore.getState().toasts.map((toast) => toast.title)
const refused = () => Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 })

describe('pause and resume', () => {
  it('pauses at once, then rolls back with "Failed to pause alert" when the server refuses', async () => {
    const user = userEvent.setup()
    const patch = deferred()
    const api = serveAlertsApi({ answer: ({ method }) => (method === 'PATCH' ? patch.promise : undefined) })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: 'LHR → JFK Route Alert' })

    await user.click(within(card).getByRole('button', { name: 'Pause LHR → JFK Route Alert' }))
    expect(within(card).getByText('Paused')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Resume LHR → JFK Route Alert' })).toBeInTheDocument()
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).toEqual({ status: 'paused' })

    patch.release(refused())
    await waitFor(() => expect(within(card).getByText('Active')).toBeInTheDocument())
    expect(within(card).getByRole('button', { name: 'Pause LHR → JFK Route Alert' })).toBeInTheDocument()
    expect(toastTitles()).toContain('Failed to pause alert')
  })

  it('resumes a paused alert and keeps the server answer, refreshing the quota for the badge', async () => {
    const user = userEvent.setup()
    const paused = makeAlert({ status: 'paused' })
    const api = serveAlertsApi({
      alerts: [paused],
      answer: ({ method }) => (method === 'PATCH' ? Response.json({ alert: { ...paused, status: 'active', status_note: 'Checking again' } }) : undefined),
    })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: 'LHR → JFK Route Alert' })
    const quotaCalls = api.made('GET', '/api/alerts/quota').length
    await user.click(within(card).getByRole('button', { name: 'Resume LHR → JFK Route Alert' }))
    expect(await within(card).findByText('Checking again')).toBeInTheDocument()
    expect(within(card).getByText('Active')).toBeInTheDocument()
    expect(toastTitles()).toContain('Alert resumed')
    await waitFor(() => expect(api.made('GET', '/api/alerts/quota').length).toBeGreaterThan(quotaCalls))
  })

  it('says "Failed to resume alert" when resuming fails', async () => {
    const user = userEvent.setup()
    serveAlertsApi({ alerts: [makeAlert({ status: 'paused' })], answer: ({ method }) => (method === 'PATCH' ? refused() : undefined) })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: 'LHR → JFK Route Alert' })
    await user.click(within(card).getByRole('button', { name: /^Resume/ }))
    await waitFor(() => expect(toastTitles()).toContain('Failed to resume alert'))
    expect(within(card).getByText('Paused')).toBeInTheDocument()
  })
})

describe('delete', () => {
  it('asks first, removes at once, restores with "Failed to delete alert" on failure, then refreshes the quota', async () => {
    const user = userEvent.setup()
    const del = deferred()
    const api = serveAlertsApi({
      alerts: [makeAlert({ id: 'a1', name: 'First' }), makeAlert({ id: 'a2', name: 'Second' }), makeAlert({ id: 'a3', name: 'Third' })],
      answer: ({ method }) => (method === 'DELETE' ? del.promise : undefined),
    })
    renderAtAlerts(<AlertsPage />)
    const second = await screen.findByRole('article', { name: 'Second' })

    await user.click(within(second).getByRole('button', { name: 'Delete Second' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this alert?' })
    expect(api.made('DELETE', '/api/alerts')).toHaveLength(0)
    const quotaCalls = api.made('GET', '/api/alerts/quota').length
    await user.click(within(confirm).getByRole('button', { name: 'Delete alert' }))

    expect(screen.queryByRole('article', { name: 'Second' })).not.toBeInTheDocument()
    expect(api.made('DELETE', '/api/alerts/a2')).toHaveLength(1)
    // The focused card is gone; focus lands on the list's heading rather than the page body.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Alerts' })).toHaveFocus())

    del.release(refused())
    expect(await screen.findByRole('article', { name: 'Second' })).toBeInTheDocument()
    const names = within(screen.getByRole('list', { name: 'Alerts' }))
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading').textContent)
    expect(names).toEqual(['First', 'Second', 'Third'])
    expect(toastTitles()).toContain('Failed to delete alert')
    await waitFor(() => expect(api.made('GET', '/api/alerts/quota').length).toBeGreaterThan(quotaCalls))
  })

  it('keeps the alert when the confirmation is cancelled', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi()
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: 'LHR → JFK Route Alert' })
    await user.click(within(card).getByRole('button', { name: /^Delete/ }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('article', { name: 'LHR → JFK Route Alert' })).toBeInTheDocument()
    expect(api.made('DELETE', '/api/alerts')).toHaveLength(0)
  })
})
