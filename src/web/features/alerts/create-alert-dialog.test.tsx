import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
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
import { makeAlert, makeMe, makeQuota, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'

const search = {
  params: { ...DEFAULT_SEARCH_PARAMS, tripType: 'one-way' as const, from: 'LHR', to: 'JFK', departureDate: '2026-12-10', returnDate: '' },
  filters: { ...DEFAULT_SEARCH_FILTERS },
}
const routeDraft = { search }

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null, createStep: 'configure', upgradeReasons: [], searchContext: null })
  useToastStore.setState({ toasts: [] })
  useAlertDraftStore.getState().setDraft(routeDraft)
})

/** Opens creation from the draft; `searchAnswer`: the drafted search's answer, still in the query cache from the search page. */
async function openDialog(searchAnswer?: SearchResponse) {
  const queryClient = createQueryClient()
  if (searchAnswer) queryClient.setQueryData(flightQueryKeys.search(encodeSearch(search.params, search.filters)), searchAnswer)
  renderAtAlerts(<AlertsPage />, '/alerts?create=1', queryClient)
  return screen.findByRole('dialog', { name: 'Track this route' })
}

describe('creation modal', () => {
  it('starts from the draft: default name, suggested target from the cheapest result, email on, the rest off, every 15 days', async () => {
    serveAlertsApi()
    const dialog = await openDialog(oneWayResults())

    expect(within(dialog).getByLabelText('Alert name')).toHaveValue('LHR → JFK Route Alert')
    // The cheapest result is $402; 95 % of it, rounded.
    expect(within(dialog).getByLabelText('Target price (USD)')).toHaveValue(382)
    expect(within(dialog).getByRole('switch', { name: 'Email' })).toBeChecked()
    for (const channel of ['WhatsApp', 'SMS', 'Push']) expect(within(dialog).getByRole('switch', { name: channel })).not.toBeChecked()
    expect(within(dialog).getByRole('radio', { name: 'Every 15 days' })).toBeChecked()
    const summary = within(dialog).getByRole('region', { name: 'Tracked search' })
    expect(summary).toHaveTextContent('LHR → JFK')
    expect(summary).toHaveTextContent('Dec 10')
    expect(summary).toHaveTextContent('1 adult')
    expect(summary).toHaveTextContent('Economy')
  })

  it("locks what a free plan lacks and says why: WhatsApp needs Premium, SMS and push Elite, faster checks too", async () => {
    serveAlertsApi({ me: makeMe('free') })
    const dialog = await openDialog()
    const whatsapp = within(dialog).getByRole('switch', { name: 'WhatsApp' })
    expect(whatsapp).toBeDisabled()
    expect(whatsapp).toHaveAccessibleDescription('WhatsApp notifications need the Premium plan. Upgrade')
    expect(within(dialog).getByRole('switch', { name: 'SMS' })).toHaveAccessibleDescription(/SMS notifications need the Elite plan/)
    expect(within(dialog).getByRole('switch', { name: 'Push' })).toBeDisabled()
    expect(within(dialog).getByRole('radio', { name: /Every 12 hours/ })).toBeDisabled()
    expect(within(dialog).getByRole('radio', { name: /Every 12 hours/ }).closest('label')).toHaveTextContent('Premium')
    expect(within(dialog).getAllByRole('link', { name: 'Upgrade' })[0]).toHaveAttribute('href', '/profile#subscription')
  })

  it('unlocks WhatsApp and 12-hour checks on Premium', async () => {
    serveAlertsApi({ me: makeMe('premium') })
    const dialog = await openDialog()
    expect(within(dialog).getByRole('switch', { name: 'WhatsApp' })).toBeEnabled()
    expect(within(dialog).getByRole('radio', { name: /Every 12 hours/ })).toBeEnabled()
    expect(within(dialog).getByRole('switch', { name: 'SMS' })).toBeDisabled()
  })

  it('lets Unlimited set its own interval, shows what it costs and where the account stands, and sends it', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi({
      me: makeMe('unlimited'),
      answer: ({ method, url }) => {
        if (url === '/api/alerts/reasonable-use') return Response.json({ checksPerDay: 2_310, allowance: 2_400 })
        return method === 'POST' ? Response.json({ success: true, alert: makeAlert({ check_frequency: '45m' }) }, { status: 201 }) : undefined
      },
    })
    const dialog = await openDialog()
    expect(within(dialog).getByRole('radio', { name: /Every hour/ })).toBeEnabled()
    expect(within(dialog).getByText('0.1 checks a day · about $0.02 a month in flight data')).toBeInTheDocument()

    const interval = within(dialog).getByRole('textbox', { name: 'Custom interval' })
    await user.clear(interval)
    await user.type(interval, '45')
    expect(within(dialog).getByRole('radio', { name: 'Custom interval' })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: /Every 15 days/ })).not.toBeChecked()
    expect(within(dialog).getByText('32 checks a day · about $9.60 a month in flight data')).toBeInTheDocument()
    expect(await within(dialog).findByText('With this alert: 2,342 of 2,400 price checks a day (reasonable use).')).toBeInTheDocument()

    // Faster than the allowance leaves room for: said before saving (the server refuses it anyway).
    await user.clear(interval)
    await user.type(interval, '15')
    expect(within(dialog).getByText('Over reasonable use: 2,406 of 2,400 price checks a day. Choose a slower frequency or pause an alert.')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'hours')
    expect(within(dialog).getByText('1.6 checks a day · about $0.48 a month in flight data')).toBeInTheDocument()

    await user.clear(interval)
    await user.type(interval, '45')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'minutes')
    await user.type(within(dialog).getByLabelText('Target price (USD)'), '400')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    await waitFor(() => expect(api.made('POST', '/api/alerts')).toHaveLength(1))
    expect(api.made('POST', '/api/alerts')[0]!.body).toMatchObject({ check_frequency: '45m' })
  })

  it('refuses a custom interval outside 15 minutes to 30 days before calling the API', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi({ me: makeMe('unlimited'), answer: ({ url }) => (url === '/api/alerts/reasonable-use' ? Response.json({ checksPerDay: 0, allowance: 2_400 }) : undefined) })
    const dialog = await openDialog()
    const interval = within(dialog).getByRole('textbox', { name: 'Custom interval' })
    await user.clear(interval)
    await user.type(interval, '10')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    expect(await within(dialog).findByText('Enter an interval from 15 minutes to 30 days, such as 45 minutes or 3 hours.')).toBeInTheDocument()
    expect(api.made('POST', '/api/alerts')).toHaveLength(0)
  })

  it('creates a flight alert with the tracked flights, then closes, clears the draft and refetches list and quota', async () => {
    const user = userEvent.setup()
    const flight = oneWayResults().other[0]!
    useAlertDraftStore.getState().setDraft({ search, flight })
    const api = serveAlertsApi({ answer: ({ method }) => (method === 'POST' ? Response.json({ success: true, alert: makeAlert() }, { status: 201 }) : undefined) })
    renderAtAlerts(<AlertsPage />, '/alerts?create=1')
    const dialog = await screen.findByRole('dialog', { name: 'Track this flight' })
    expect(within(dialog).getByLabelText('Alert name')).toHaveValue('LHR → JFK Flight Alert')
    expect(within(dialog).getByLabelText('Target price (USD)')).toHaveValue(473)
    expect(within(dialog).getByRole('region', { name: 'Tracked search' })).toHaveTextContent('EI 151 · LHR 07:05 → DUB 08:25 · Thu, Dec 10')
    const lists = api.made('GET', '/api/alerts?').length
    const quotas = api.made('GET', '/api/alerts/quota').length

    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const body = api.made('POST', '/api/alerts')[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({
      name: 'LHR → JFK Flight Alert',
      alertType: 'flight',
      target_price: 473,
      notification_channels: { email: true, sms: false, whatsapp: false, push: false },
      check_frequency: '15d',
      search_parameters: { departure_id: 'LHR', arrival_id: 'JFK', outbound_date: '2026-12-10', type: 2 },
    })
    expect(body.trackedFlights).toEqual([
      { marketing_airline: 'EI', marketing_flight_number: '151', departure_airport_id: 'LHR', arrival_airport_id: 'DUB', departure_local_time: '2026-12-10T07:05', arrival_local_time: '2026-12-10T08:25' },
      { marketing_airline: 'EI', marketing_flight_number: '105', departure_airport_id: 'DUB', arrival_airport_id: 'JFK', departure_local_time: '2026-12-10T10:30', arrival_local_time: '2026-12-10T13:05' },
    ])
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toContain('Alert created')
    expect(useAlertDraftStore.getState().draft).toBeNull()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/alerts$/)
    await waitFor(() => expect(api.made('GET', '/api/alerts?').length).toBeGreaterThan(lists))
    expect(api.made('GET', '/api/alerts/quota').length).toBeGreaterThan(quotas)
  })

  it('shows the upgrade prompt with the reasons of a 403, and goes back to the form with the values kept', async () => {
    const user = userEvent.setup()
    serveAlertsApi({
      answer: ({ method }) =>
        method === 'POST'
          ? Response.json({ success: false, error: { code: 'forbidden', message: 'Upgrade required', premiumReasons: ['quota_exceeded'] } }, { status: 403 })
          : undefined,
    })
    const dialog = await openDialog()
    await user.clear(within(dialog).getByLabelText('Alert name'))
    await user.type(within(dialog).getByLabelText('Alert name'), 'Mine')
    await user.type(within(dialog).getByLabelText('Target price (USD)'), '300')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))

    const prompt = await within(dialog).findByRole('alert')
    expect(prompt).toHaveTextContent('Alert quota exceeded')
    expect(within(prompt).getByRole('link', { name: /See Premium/ })).toHaveAttribute('href', '/profile#subscription')
    expect(useAlertStore.getState().createStep).toBe('upgrade')
    await user.click(within(prompt).getByRole('button', { name: 'Back to the alert' }))
    expect(within(dialog).getByLabelText('Alert name')).toHaveValue('Mine')
  })

  it('blocks creating once the quota is used up, naming the reason', async () => {
    serveAlertsApi({ quota: makeQuota({ used: 3, canCreateFreeAlert: false }) })
    const dialog = await openDialog()
    const prompt = await within(dialog).findByRole('alert')
    expect(prompt).toHaveTextContent('Alert quota exceeded')
    expect(within(dialog).queryByRole('button', { name: 'Create alert' })).not.toBeInTheDocument()
  })

  it('does not allow creating when the quota cannot be read', async () => {
    serveAlertsApi({ quota: Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }) })
    const dialog = await openDialog()
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Alert quota exceeded')
  })

  it('puts server field errors on their fields and other failures in "Failed to create alert"', async () => {
    const user = userEvent.setup()
    let answer = Response.json({ success: false, error: { code: 'validation_failed', message: 'Invalid', fieldErrors: { name: ['Name taken'] } } }, { status: 400 })
    serveAlertsApi({ answer: ({ method }) => (method === 'POST' ? answer : undefined) })
    const dialog = await openDialog()
    await user.type(within(dialog).getByLabelText('Target price (USD)'), '300')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    expect(await within(dialog).findByText('Name taken')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Alert name')).toHaveAttribute('aria-invalid', 'true')

    answer = Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 })
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create alert')
  })

  it('sends a retry of the same draft under the same Idempotency-Key, and a changed draft under a new one', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi({
      answer: ({ method }) => (method === 'POST' ? Response.json({ error: { code: 'unavailable', message: 'Service temporarily unavailable' } }, { status: 503 }) : undefined),
    })
    const dialog = await openDialog()
    await user.type(within(dialog).getByLabelText('Target price (USD)'), '300')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create alert')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    await waitFor(() => expect(api.made('POST', '/api/alerts')).toHaveLength(2))
    await user.type(within(dialog).getByLabelText('Target price (USD)'), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    await waitFor(() => expect(api.made('POST', '/api/alerts')).toHaveLength(3))

    const keys = api.made('POST', '/api/alerts').map((call) => call.headers.get('Idempotency-Key'))
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })

  it('validates with the shared messages before calling the API', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi()
    const dialog = await openDialog()
    await user.clear(within(dialog).getByLabelText('Alert name'))
    await user.click(within(dialog).getByRole('switch', { name: 'Email' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    expect(await within(dialog).findByText('Give the alert a name')).toBeInTheDocument()
    expect(within(dialog).getByText('Target price must be a positive amount')).toBeInTheDocument()
    expect(within(dialog).getByText('Choose at least one way to be notified')).toBeInTheDocument()
    expect(api.made('POST', '/api/alerts')).toHaveLength(0)
  })

  it('closing clears the draft, the step and the search context', async () => {
    const user = userEvent.setup()
    serveAlertsApi()
    useAlertStore.getState().beginCreate({ referencePrice: 400, currency: 'USD' })
    const dialog = await openDialog()
    expect(within(dialog).getByLabelText('Target price (USD)')).toHaveValue(380)
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(useAlertDraftStore.getState().draft).toBeNull()
    expect(useAlertStore.getState()).toMatchObject({ createStep: 'configure', searchContext: null, upgradeReasons: [] })
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/alerts$/)
  })

  it('explains and links to the search when opened without a draft', async () => {
    useAlertDraftStore.getState().clearDraft()
    serveAlertsApi()
    renderAtAlerts(<AlertsPage />, '/alerts?create=1')
    const dialog = await screen.findByRole('dialog', { name: 'Create an alert from a search' })
    expect(within(dialog).getByRole('link', { name: 'Search flights' })).toHaveAttribute('href', '/search')
  })

  it("lists what keeps a search from becoming an alert", async () => {
    useAlertDraftStore.getState().setDraft({ search: { ...search, params: { ...search.params, tripType: 'round-trip' } } })
    serveAlertsApi()
    const dialog = await openDialog()
    expect(within(dialog).getByText('Missing return date')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Create alert' })).toBeDisabled()
  })
})
