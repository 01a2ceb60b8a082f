import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import AlertsPage from '../../routes/alerts.tsx'
import { DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { decodeSearch } from '#shared/flights/search-url.ts'
import { searchNowUrl } from './alert-detail-body.tsx'
import type { AlertNotificationRecord } from './api.ts'
import { makeAlert, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'

// jsdom has no layout, so Recharts would only warn about a 0×0 chart; the chart's text summary is what is tested.
vi.mock('./alert-price-chart.tsx', () => ({ default: () => <div data-testid="price-chart" /> }))

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null })
})

const roundTrip = makeAlert({
  id: 'rt',
  name: 'Lisbon',
  destination_airport: 'LIS',
  return_date: '2030-03-12',
  trackedFlights: [
    { marketing_airline: 'TP', marketing_flight_number: '1351', departure_airport_id: 'LHR', arrival_airport_id: 'LIS', departure_local_time: '2030-03-05T07:15', arrival_local_time: '2030-03-05T10:00' },
  ],
  alertType: 'flight',
  search_parameters: { ...makeAlert().search_parameters, arrival_id: 'LIS', type: 1, return_date: '2030-03-12', adults: 2, travel_class: 3, stops: 1 },
})

describe('alert detail', () => {
  it('opens from the card into ?alert=<id> with prices, history, the tracked search and notifications', async () => {
    const user = userEvent.setup()
    const notifications: AlertNotificationRecord[] = [
      { id: 'n1', channel: 'email', status: 'sent', attempts: 1, price: 440, createdAt: '2030-01-31T10:01:00.000Z', sentAt: '2030-01-31T10:02:00.000Z', nextAttemptAt: null, note: null, inDigest: false },
    ]
    serveAlertsApi({ alerts: [roundTrip], answer: ({ url }) => (url === '/api/alerts/rt/notifications' ? Response.json({ notifications }) : undefined) })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: 'Lisbon' })
    await user.click(within(card).getByRole('link', { name: 'Details of Lisbon' }))

    const sheet = await screen.findByRole('dialog', { name: 'Lisbon' })
    expect(screen.getByTestId('location')).toHaveTextContent('/alerts?alert=rt')
    expect(within(sheet).getByText('12% below target')).toBeInTheDocument()
    expect(await within(sheet).findByTestId('price-chart')).toBeInTheDocument()
    expect(within(sheet).getByText(/^3 checks since Jan 1: lowest \$440 \(Jan 31\), highest \$560 \(Jan 1\)\. It went below your \$500 target\./)).toBeInTheDocument()
    const summary = within(sheet).getByRole('region', { name: 'Tracked search' })
    expect(summary).toHaveTextContent('LHR → LIS')
    expect(summary).toHaveTextContent('Mar 5 – Mar 12')
    expect(summary).toHaveTextContent('2 adults')
    expect(summary).toHaveTextContent('Business')
    expect(summary).toHaveTextContent('Nonstop only')
    expect(summary).toHaveTextContent('TP 1351 · LHR 07:15 → LIS 10:00')
    expect(await within(sheet).findByText('Sent')).toBeInTheDocument()
    expect(within(sheet).getByText('Email · $440')).toBeInTheDocument()

    await user.click(within(sheet).getByRole('button', { name: 'Close details' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/alerts$/)
  })

  it('"Search now" opens the alert\'s search sorted by price', async () => {
    serveAlertsApi({ alerts: [roundTrip] })
    renderAtAlerts(<AlertsPage />, '/alerts?alert=rt')
    const sheet = await screen.findByRole('dialog', { name: 'Lisbon' })
    const href = within(sheet).getByRole('link', { name: 'Search now' }).getAttribute('href')!
    expect(href).toBe(searchNowUrl(roundTrip))
    expect(href.startsWith('/search?')).toBe(true)
    const { params, filters } = decodeSearch(href.split('?')[1]!)
    expect(filters.sortBy).toBe(2)
    expect(filters.stops).toBe(1)
    expect(params).toMatchObject({ tripType: 'round-trip', from: 'LHR', to: 'LIS', departureDate: '2030-03-05', returnDate: '2030-03-12', adults: 2, travelClass: 'business' })
  })

  it('says "No notifications yet" and offers edit for an editable alert', async () => {
    const user = userEvent.setup()
    serveAlertsApi({ alerts: [roundTrip] })
    renderAtAlerts(<AlertsPage />, '/alerts?alert=rt')
    const sheet = await screen.findByRole('dialog', { name: 'Lisbon' })
    expect(await within(sheet).findByText('No notifications yet')).toBeInTheDocument()
    await user.click(within(sheet).getByRole('button', { name: 'Edit alert' }))
    expect(await screen.findByRole('dialog', { name: 'Edit alert' })).toBeInTheDocument()
    expect(useAlertStore.getState().editingId).toBe('rt')
  })

  it("says so when the alert doesn't exist (or belongs to someone else)", async () => {
    serveAlertsApi({ alerts: [] })
    renderAtAlerts(<AlertsPage />, '/alerts?alert=nope')
    expect(await screen.findByRole('dialog', { name: 'Alert not found' })).toBeInTheDocument()
  })
})

describe('buy-or-wait forecast on an alert (decision 052)', () => {
  it('shows the forecast of the alert’s own trip where it helps', async () => {
    const user = userEvent.setup()
    const asked: string[] = []
    serveAlertsApi({
      alerts: [roundTrip],
      answer: ({ url }) => {
        if (!url.startsWith('/api/flights/forecast')) return undefined
        asked.push(url)
        return Response.json({ signal: 'drop', confidence: 0.62, horizon_days: 7, shown: true, accuracy: 0.58, reason: 'Likely to drop: above its recent prices' })
      },
    })
    renderAtAlerts(<AlertsPage />)
    await user.click(within(await screen.findByRole('article', { name: 'Lisbon' })).getByRole('link', { name: 'Details of Lisbon' }))
    const sheet = await screen.findByRole('dialog', { name: 'Lisbon' })
    expect(await within(sheet).findByTestId('fare-forecast')).toHaveTextContent(
      'Likely to drop over the next 7 days. Above its recent prices. Your alert will tell you when it does. Right 58 % of the time on trips like this',
    )
    const query = new URL(asked[0]!, 'http://localhost').searchParams
    expect(Object.fromEntries(query)).toMatchObject({ from: 'LHR', to: 'LIS', departureDate: '2030-03-05', returnDate: '2030-03-12', travelClass: 'business', adults: '2' })
  })
})
