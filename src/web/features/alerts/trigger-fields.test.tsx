import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { TRIGGER_MESSAGES } from '#shared/alerts/alert-trigger.ts'
import type { SearchResponse } from '#shared/flights/model.ts'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS } from '#shared/flights/search-params.ts'
import { encodeSearch } from '#shared/flights/search-url.ts'
import { flightQueryKeys } from '../../lib/flight-query-keys.ts'
import { createQueryClient } from '../../lib/query-client.ts'
import AlertsPage from '../../routes/alerts.tsx'
import { useAlertDraftStore } from '../../stores/alert-draft-store.ts'
import { DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { useToastStore } from '../../stores/toast-store.ts'
import { oneWayResults } from '../search/results/fixtures.ts'
import { makeAlert, makeMe, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'

const search = {
  params: { ...DEFAULT_SEARCH_PARAMS, tripType: 'one-way' as const, from: 'LHR', to: 'JFK', departureDate: '2026-12-10', returnDate: '' },
  filters: { ...DEFAULT_SEARCH_FILTERS },
}

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null, createStep: 'configure', upgradeReasons: [], searchContext: null })
  useToastStore.setState({ toasts: [] })
  useAlertDraftStore.getState().setDraft({ search })
})

async function openCreate(searchAnswer?: SearchResponse) {
  const queryClient = createQueryClient()
  if (searchAnswer) queryClient.setQueryData(flightQueryKeys.search(encodeSearch(search.params, search.filters)), searchAnswer)
  renderAtAlerts(<AlertsPage />, '/alerts?create=1', queryClient)
  return screen.findByRole('dialog', { name: 'Track this route' })
}

describe('when an alert notifies (decision 051)', () => {
  it('creates a drop alert measured from today’s price, with its own step, and says the rule', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi({ answer: ({ method }) => (method === 'POST' ? Response.json({ success: true, alert: makeAlert() }, { status: 201 }) : undefined) })
    // The cheapest result is $402: today's price.
    const dialog = await openCreate(oneWayResults())
    const rules = within(dialog).getByRole('group', { name: 'When to notify' })
    expect(within(rules).getByRole('radio', { name: 'When the price is at or below my target' })).toBeChecked()

    await user.click(within(rules).getByRole('radio', { name: 'When it drops from today’s $402' }))
    // The target is the rule's own now.
    expect(within(dialog).queryByLabelText('Target price (USD)')).not.toBeInTheDocument()
    await user.type(within(rules).getByLabelText('Drop in percent'), '10')
    expect(rules).toHaveTextContent('$361.80 or less')
    await user.clear(within(rules).getByLabelText('Further drop before notifying again'))
    await user.type(within(rules).getByLabelText('Further drop before notifying again'), '20')
    await user.selectOptions(within(rules).getByLabelText('Step unit'), 'USD')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('POST', '/api/alerts')[0]!.body).toMatchObject({
      trigger: 'drop',
      drop_percent: 10,
      baseline_price: 402,
      renotify_step: { unit: 'amount', value: 20 },
    })
    expect(useToastStore.getState().toasts.map((toast) => toast.description)).toContain(
      'We\'ll tell you about “LHR → JFK Route Alert”: when it drops 10 % from $402 ($361.80 or less).',
    )
  })

  it('checks the rule before calling the API, with the shared messages', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi()
    const dialog = await openCreate(oneWayResults())
    const rules = within(dialog).getByRole('group', { name: 'When to notify' })
    await user.click(within(rules).getByRole('radio', { name: 'When it drops from today’s $402' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    expect(await within(rules).findByText(TRIGGER_MESSAGES.dropPercent)).toBeInTheDocument()
    await user.type(within(rules).getByLabelText('Drop in percent'), '95')
    await user.clear(within(rules).getByLabelText('Further drop before notifying again'))
    await user.type(within(rules).getByLabelText('Further drop before notifying again'), '0')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    expect(await within(rules).findByText(TRIGGER_MESSAGES.stepPercent)).toBeInTheDocument()
    expect(within(rules).getByText(TRIGGER_MESSAGES.dropPercent)).toBeInTheDocument()
    expect(api.made('POST', '/api/alerts')).toHaveLength(0)
  })

  it('offers drops and new lows only with a price to measure from', async () => {
    serveAlertsApi()
    // No search answer in the cache: no price today.
    const dialog = await openCreate()
    const rules = within(dialog).getByRole('group', { name: 'When to notify' })
    expect(within(rules).getByRole('radio', { name: 'When it drops from today’s price' })).toBeDisabled()
    expect(within(rules).getByRole('radio', { name: 'At each new lowest price' })).toBeDisabled()
    expect(rules).toHaveTextContent('Drops and new lows are measured from today’s price: set one from a search.')
  })

  it('switches an older alert to new lows from its price now, and sends the rule only when it changed', async () => {
    const user = userEvent.setup()
    const alert = makeAlert({ current_price: 480, baseline_price: null })
    const api = serveAlertsApi({
      me: makeMe('premium'),
      alerts: [alert],
      answer: ({ method, body }) => (method === 'PATCH' ? Response.json({ alert: { ...alert, ...(body as object) } }) : undefined),
    })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: alert.name })
    expect(card).toHaveTextContent('When it is $500 or less · Again after a further 5 % drop')
    await user.click(within(card).getByRole('button', { name: `Edit ${alert.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' })
    await user.click(within(dialog).getByRole('radio', { name: 'At each new lowest price under $480' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).toMatchObject({ trigger: 'new_low', drop_percent: null, baseline_price: 480 })
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).not.toHaveProperty('renotify_step')
  })

  it('measures a changed drop from the alert’s price now, not the price when it was set', async () => {
    const user = userEvent.setup()
    const alert = makeAlert({ trigger: 'drop', drop_percent: 10, baseline_price: 639, target_price: 575.1, current_price: 600 })
    const api = serveAlertsApi({
      me: makeMe('premium'),
      alerts: [alert],
      answer: ({ method, body }) => (method === 'PATCH' ? Response.json({ alert: { ...alert, ...(body as object) } }) : undefined),
    })
    renderAtAlerts(<AlertsPage />)
    await user.click(within(await screen.findByRole('article', { name: alert.name })).getByRole('button', { name: `Edit ${alert.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' })
    const rules = within(dialog).getByRole('group', { name: 'When to notify' })
    expect(within(rules).getByRole('radio', { name: 'When it drops from today’s $600' })).toBeChecked()
    await user.clear(within(rules).getByLabelText('Drop in percent'))
    await user.type(within(rules).getByLabelText('Drop in percent'), '15')
    expect(rules).toHaveTextContent('$510 or less')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).toMatchObject({ trigger: 'drop', drop_percent: 15, baseline_price: 600 })
  })

  it('says a drop rule on the card in plain words', async () => {
    serveAlertsApi({ alerts: [makeAlert({ trigger: 'drop', drop_percent: 10, baseline_price: 639, target_price: 575.1, renotify_step: { unit: 'amount', value: 25 } })] })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article')
    expect(within(card).getByRole('list', { name: 'How it is checked' })).toHaveTextContent('When it drops 10 % from $639 ($575.10 or less) · Again after a further $25 drop')
  })
})

describe('quiet hours (decision 051)', () => {
  it('holds notices at night in the browser’s time zone, and the card says so', async () => {
    const user = userEvent.setup()
    const created = makeAlert({ quiet_hours: { start: '23:00', end: '06:30', time_zone: 'America/New_York' } })
    const api = serveAlertsApi({ answer: ({ method }) => (method === 'POST' ? Response.json({ success: true, alert: created }, { status: 201 }) : undefined) })
    const dialog = await openCreate(oneWayResults())
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hold notices at night' }))
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(within(dialog).getByLabelText('From')).toHaveValue('22:00')
    expect(within(dialog).getByLabelText('to')).toHaveValue('07:00')
    expect(dialog).toHaveTextContent(`Your time (${zone.replace(/_/g, ' ')}). Notices found then arrive when it ends.`)
    await user.clear(within(dialog).getByLabelText('From'))
    await user.type(within(dialog).getByLabelText('From'), '23:00')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    await waitFor(() => expect(api.made('POST', '/api/alerts')).toHaveLength(1))
    expect(api.made('POST', '/api/alerts')[0]!.body).toMatchObject({ quiet_hours: { start: '23:00', end: '07:00', time_zone: zone } })
  })

  it('shows an alert’s quiet hours on its card', async () => {
    serveAlertsApi({ alerts: [makeAlert({ quiet_hours: { start: '23:00', end: '06:30', time_zone: 'America/New_York' } })] })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article')
    expect(within(card).getByRole('list', { name: 'How it is checked' })).toHaveTextContent('Notices wait from 23:00 to 06:30 (America/New York)')
  })
})

describe('daily digest (decision 054)', () => {
  it('sends one digest a day at the traveller’s hour instead of each notice, and turns quiet hours off', async () => {
    const user = userEvent.setup()
    const created = makeAlert({ digest: { hour: 7, time_zone: 'UTC' } })
    const api = serveAlertsApi({ answer: ({ method }) => (method === 'POST' ? Response.json({ success: true, alert: created }, { status: 201 }) : undefined) })
    const dialog = await openCreate(oneWayResults())
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hold notices at night' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send one daily digest instead' }))
    // One or the other: a digest already waits for its hour.
    expect(within(dialog).getByRole('checkbox', { name: 'Hold notices at night' })).not.toBeChecked()
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(within(dialog).getByLabelText('Every day at')).toHaveValue('8')
    expect(dialog).toHaveTextContent(`Your time (${zone.replace(/_/g, ' ')}). One message a day lists every drop this alert found since the last.`)
    await user.selectOptions(within(dialog).getByLabelText('Every day at'), '07:00')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    await waitFor(() => expect(api.made('POST', '/api/alerts')).toHaveLength(1))
    const body = api.made('POST', '/api/alerts')[0]!.body
    expect(body).toMatchObject({ digest: { hour: 7, time_zone: zone } })
    expect(body).not.toHaveProperty('quiet_hours')
  })

  it('switches an alert from quiet hours to a digest in one edit', async () => {
    const user = userEvent.setup()
    const alert = makeAlert({ quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Europe/Lisbon' } })
    const api = serveAlertsApi({
      me: makeMe('premium'),
      alerts: [alert],
      answer: ({ method, body }) => (method === 'PATCH' ? Response.json({ alert: { ...alert, ...(body as object) } }) : undefined),
    })
    renderAtAlerts(<AlertsPage />)
    await user.click(within(await screen.findByRole('article', { name: alert.name })).getByRole('button', { name: `Edit ${alert.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' })
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send one daily digest instead' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).toMatchObject({ quiet_hours: null, digest: { hour: 8, time_zone: 'Europe/Lisbon' } })
  })

  it('shows an alert’s digest on its card', async () => {
    serveAlertsApi({ alerts: [makeAlert({ digest: { hour: 19, time_zone: 'America/New_York' } })] })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article')
    expect(within(card).getByRole('list', { name: 'How it is checked' })).toHaveTextContent('One digest a day at 19:00 (America/New York)')
  })
})
