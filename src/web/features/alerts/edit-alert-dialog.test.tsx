import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import AlertsPage from '../../routes/alerts.tsx'
import { DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { makeAlert, makeMe, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null })
})

describe('edit modal', () => {
  it('edits name, target, channels and frequency, then refetches the list and clears the editing id', async () => {
    const user = userEvent.setup()
    const alert = makeAlert()
    const api = serveAlertsApi({
      me: makeMe('premium'),
      alerts: [alert],
      answer: ({ method, body }) => (method === 'PATCH' ? Response.json({ alert: { ...alert, ...(body as object) } }) : undefined),
    })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: alert.name })
    await user.click(within(card).getByRole('button', { name: `Edit ${alert.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' })
    expect(within(dialog).getByLabelText('Alert name')).toHaveValue(alert.name)
    expect(within(dialog).getByLabelText('Target price (USD)')).toHaveValue(500)

    await user.clear(within(dialog).getByLabelText('Target price (USD)'))
    await user.type(within(dialog).getByLabelText('Target price (USD)'), '450')
    await user.click(within(dialog).getByRole('switch', { name: 'WhatsApp' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Every 12 hours' }))
    const lists = api.made('GET', '/api/alerts?').length
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).toEqual({
      name: alert.name,
      target_price: 450,
      notification_channels: { email: true, sms: false, whatsapp: true, push: false },
      check_frequency: '12h',
    })
    expect(useAlertStore.getState().editingId).toBeNull()
    await waitFor(() => expect(api.made('GET', '/api/alerts?').length).toBeGreaterThan(lists))
  })

  it('says "Failed to update alert" when the server refuses, and closing clears the editing id', async () => {
    const user = userEvent.setup()
    serveAlertsApi({ answer: ({ method }) => (method === 'PATCH' ? Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }) : undefined) })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: 'LHR → JFK Route Alert' })
    await user.click(within(card).getByRole('button', { name: /^Edit/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' })
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update alert')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(useAlertStore.getState().editingId).toBeNull()
  })
})
