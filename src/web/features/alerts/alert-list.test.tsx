import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import AlertsPage from '../../routes/alerts.tsx'
import { ALERT_STORE_NAME, DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { makeAlert, makeQuota, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null })
})

const card = (name: string) => screen.getByRole('article', { name })

describe('/alerts list', () => {
  it('shows each alert with its status badge, route, dates, prices, drop percentage and checks', async () => {
    serveAlertsApi({
      alerts: [
        makeAlert({ id: 'a1', status: 'triggered', name: 'Lisbon in spring', return_date: '2030-03-12', search_parameters: { ...makeAlert().search_parameters, type: 1, return_date: '2030-03-12' } }),
        makeAlert({
          id: 'a2',
          status: 'paused',
          name: 'Grand tour',
          alert_category: 'premium',
          origin_airport: 'JFK',
          destination_airport: 'FCO',
          search_parameters: { ...makeAlert().search_parameters, type: 3, multi_city_json: '[]' },
          notification_channels: { email: true, sms: false, whatsapp: true, push: false },
          check_frequency: '12h',
          lowest_price: 530,
          status_note: 'Paused: your plan allows 3 alerts',
        }),
      ],
    })
    renderAtAlerts(<AlertsPage />)

    const lisbon = await screen.findByRole('article', { name: 'Lisbon in spring' })
    expect(within(lisbon).getByText('Price Alert!')).toBeInTheDocument()
    expect(within(lisbon).getByText('LHR → JFK · Mar 5 – Mar 12 · Route alert')).toBeInTheDocument()
    expect(within(lisbon).getByText('$500')).toBeInTheDocument()
    expect(within(lisbon).getByText('$470')).toBeInTheDocument()
    expect(within(lisbon).getByText('$440')).toBeInTheDocument()
    expect(within(lisbon).getByText('12% below target')).toBeInTheDocument()
    expect(within(lisbon).getByRole('img', { name: 'Price trend over 3 checks: $560 to $440, target $500' })).toBeInTheDocument()
    expect(within(lisbon).getByText('Email')).toBeInTheDocument()
    expect(within(lisbon).getByText('Every 15 days')).toBeInTheDocument()
    expect(within(lisbon).getByText('Not checked yet · No check scheduled')).toBeInTheDocument()
    expect(within(lisbon).getByRole('button', { name: 'Pause Lisbon in spring' })).toBeInTheDocument()

    const tour = card('Grand tour')
    expect(within(tour).getByText('Paused')).toBeInTheDocument()
    expect(within(tour).getByText('Premium')).toBeInTheDocument()
    expect(within(tour).getByText(/^Multi-city route/)).toBeInTheDocument()
    expect(within(tour).queryByText(/below target/)).not.toBeInTheDocument()
    expect(within(tour).getByText('Email, WhatsApp')).toBeInTheDocument()
    expect(within(tour).getByText('Every 12 hours')).toBeInTheDocument()
    expect(within(tour).getByText('Paused: your plan allows 3 alerts')).toBeInTheDocument()
    expect(within(tour).getByRole('button', { name: 'Resume Grand tour' })).toBeInTheDocument()
  })

  it('shows the quota in the header, and New alert goes to the search', async () => {
    serveAlertsApi({ quota: makeQuota({ used: 2, limit: 3 }) })
    renderAtAlerts(<AlertsPage />)
    expect(await screen.findByText('2 of 3 alerts')).toBeInTheDocument()
    expect(screen.getByRole('meter', { name: 'Alerts used' })).toHaveAttribute('aria-valuenow', '2')
    expect(screen.getByRole('link', { name: 'New alert' })).toHaveAttribute('href', '/search')
  })

  it('reads an expired departure as Expired and offers no edit', async () => {
    serveAlertsApi({ alerts: [makeAlert({ name: 'Old trip', departure_date: '2020-01-01' })] })
    renderAtAlerts(<AlertsPage />)
    const old = await screen.findByRole('article', { name: 'Old trip' })
    expect(within(old).getByText('Expired')).toBeInTheDocument()
    expect(within(old).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(within(old).queryByRole('button', { name: /Pause/ })).not.toBeInTheDocument()
  })

  it('asks the API with the filters and keeps them under alert-store', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi()
    renderAtAlerts(<AlertsPage />)
    await screen.findByRole('article', { name: 'LHR → JFK Route Alert' })
    expect(api.made('GET', '/api/alerts?')[0]!.url).toBe('/api/alerts?status=active&alertType=all&sortBy=created_at&sortOrder=desc')

    await user.selectOptions(screen.getByLabelText('Status'), 'paused')
    await user.selectOptions(screen.getByLabelText('Type'), 'flight')
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Target: lowest')
    await user.type(screen.getByLabelText('Search'), 'lis')

    await waitFor(() => expect(api.made('GET', '/api/alerts?').at(-1)!.url).toBe('/api/alerts?status=paused&alertType=flight&sortBy=target_price&sortOrder=asc&q=lis'))
    const saved = JSON.parse(localStorage.getItem(ALERT_STORE_NAME)!) as { state: { filters: unknown } }
    expect(saved.state.filters).toEqual({ status: 'paused', alertType: 'flight', sortBy: 'target_price', sortOrder: 'asc', searchQuery: 'lis', client: '' })

    await user.click(screen.getByRole('button', { name: 'Reset filters' }))
    expect(useAlertStore.getState().filters).toEqual(DEFAULT_ALERT_FILTERS)
  })

  it('explains alerts and links to the search when there are none', async () => {
    serveAlertsApi({ alerts: [], quota: makeQuota({ used: 0, active: 0 }) })
    renderAtAlerts(<AlertsPage />)
    expect(await screen.findByRole('heading', { name: 'No alerts yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Search flights' })).toHaveAttribute('href', '/search')
  })

  it('offers to clear filters that hide every alert', async () => {
    const user = userEvent.setup()
    useAlertStore.getState().setFilters({ alertType: 'flight' })
    serveAlertsApi({ alerts: [], answer: ({ url }) => (url.includes('status=all') ? Response.json({ alerts: [makeAlert({ status: 'paused' })] }) : undefined) })
    renderAtAlerts(<AlertsPage />)
    const box = (await screen.findByRole('heading', { name: 'No alerts match your filters' })).parentElement!
    expect(box).toHaveTextContent('Showing only: Active, Flight alerts.')
    await user.click(within(box).getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('article', { name: 'LHR → JFK Route Alert' })).toBeInTheDocument()
    expect(useAlertStore.getState().filters).toMatchObject({ status: 'all', alertType: 'all', searchQuery: '' })
  })

  it("says 'Failed to fetch alerts' and retries", async () => {
    const user = userEvent.setup()
    let fail = true
    serveAlertsApi({ answer: ({ url }) => (fail && url.startsWith('/api/alerts?') ? Response.json({ error: { code: 'bad_request', message: 'x' } }, { status: 400 }) : undefined) })
    renderAtAlerts(<AlertsPage />)
    const error = await screen.findByRole('alert')
    expect(error).toHaveTextContent('Failed to fetch alerts')
    fail = false
    await user.click(within(error).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('article', { name: 'LHR → JFK Route Alert' })).toBeInTheDocument()
  })
})
