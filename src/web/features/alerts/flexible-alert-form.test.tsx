import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS } from '#shared/flights/search-params.ts'
import { encodeSearch } from '#shared/flights/search-url.ts'
import { addIsoDays } from '#shared/flights/iso-days.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import { flightQueryKeys } from '../../lib/flight-query-keys.ts'
import { createQueryClient } from '../../lib/query-client.ts'
import AlertsPage from '../../routes/alerts.tsx'
import { useAlertDraftStore } from '../../stores/alert-draft-store.ts'
import { DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { useToastStore } from '../../stores/toast-store.ts'
import { oneWayResults } from '../search/results/fixtures.ts'
import { makeAlert, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'

/** Flexible dates in the create form and on the card (decision 055). */

const depart = addIsoDays(earliestTravelDate(new Date()), 20)
const search = {
  params: { ...DEFAULT_SEARCH_PARAMS, tripType: 'one-way' as const, from: 'LHR', to: 'JFK', departureDate: depart, returnDate: '' },
  filters: { ...DEFAULT_SEARCH_FILTERS },
}

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null, createStep: 'configure', upgradeReasons: [], searchContext: null })
  useToastStore.setState({ toasts: [] })
  useAlertDraftStore.getState().setDraft({ search })
})

async function openCreate() {
  const queryClient = createQueryClient()
  queryClient.setQueryData(flightQueryKeys.search(encodeSearch(search.params, search.filters)), oneWayResults())
  renderAtAlerts(<AlertsPage />, '/alerts?create=1', queryClient)
  return screen.findByRole('dialog', { name: 'Track this route' })
}

describe('a flexible-date alert', () => {
  it('takes a window of departure days, shows what checking it costs before saving, and sends it', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi({ answer: ({ method }) => (method === 'POST' ? Response.json({ success: true, alert: makeAlert() }, { status: 201 }) : undefined) })
    const dialog = await openCreate()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Any dates in a window' }))
    expect(within(dialog).getByLabelText('First departure')).toHaveValue(depart)
    expect(within(dialog).getByLabelText('Last departure')).toHaveValue(addIsoDays(depart, 13))
    // Two weeks of one-way departures at the default frequency (every 15 days): the cost shows before saving.
    expect(dialog).toHaveTextContent(/14 date pairs · \d+ searches a check · about \$[\d.]+ a month in flight data/)
    await user.click(within(dialog).getByRole('checkbox', { name: 'Weekends only' }))
    expect(dialog).toHaveTextContent(/4 date pairs · /)
    // And the bags the traveller takes: the target is for fare and bags.
    await user.selectOptions(within(dialog).getByLabelText('Checked bags'), '1')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    await waitFor(() => expect(api.made('POST', '/api/alerts')).toHaveLength(1))
    expect(api.made('POST', '/api/alerts')[0]!.body).toMatchObject({
      date_window: { depart_from: depart, depart_to: addIsoDays(depart, 13), weekends_only: true, nights: null },
      bags: { carry_on: 0, checked: 1 },
    })
  })

  it('refuses a window that starts in the past before calling the API', async () => {
    const user = userEvent.setup()
    const api = serveAlertsApi()
    const dialog = await openCreate()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Any dates in a window' }))
    const first = within(dialog).getByLabelText('First departure')
    await user.clear(first)
    await user.type(first, '2020-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }))
    expect(await within(dialog).findByText('The departure window cannot start before today')).toBeInTheDocument()
    expect(api.made('POST', '/api/alerts')).toHaveLength(0)
  })

  it('says on the card which window it watches and the dates its price comes from', async () => {
    serveAlertsApi({
      alerts: [
        makeAlert({
          date_window: { depart_from: '2030-03-01', depart_to: '2030-03-31', weekends_only: false, nights: { min: 5, max: 9 } },
          window_found: { departure_date: '2030-03-05', return_date: '2030-03-12' },
          bags: { carry_on: 1, checked: 1 },
        }),
      ],
    })
    renderAtAlerts(<AlertsPage />)
    const list = within(await screen.findByRole('article')).getByRole('list', { name: 'How it is checked' })
    expect(list).toHaveTextContent('Any day Mar 1 – Mar 31 · 5–9 nights · cheapest Mar 5 → Mar 12 (7 nights)')
    expect(list).toHaveTextContent('Prices include 1 carry-on and 1 checked bag per traveller')
  })
})
