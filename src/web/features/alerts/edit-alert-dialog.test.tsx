import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import AlertsPage from '../../routes/alerts.tsx'
import { DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { ALERT_MESSAGES, type Alert } from '#shared/alerts/alert.ts'
import { alertSearchesPerDay, combinationDatesText, DATE_WINDOW_MESSAGES, windowCost, windowCostText, type DateWindow } from '#shared/alerts/date-window.ts'
import { checksPerDay, formatChecks, REASONABLE_USE_MESSAGE } from '#shared/alerts/reasonable-use.ts'
import { addIsoDays } from '#shared/flights/iso-days.ts'
import { earliestTravelDate } from '#shared/flights/travel-date.ts'
import type { Answer } from '#tests/setup/fake-api.ts'
import { WINDOW_SEARCHES_COUNTED } from './edit-alert-dialog.tsx'
import { makeAlert, makeMe, renderAtAlerts, serveAlertsApi, type ApiCall } from './test-fixtures.tsx'

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

describe('edit modal: flexible dates and bags (decision 055)', () => {
  const today = earliestTravelDate(new Date())
  const day = (n: number) => addIsoDays(today, n)
  const roundTripParams = (outbound: string, back: string) => ({ ...makeAlert().search_parameters, type: 1 as const, outbound_date: outbound, return_date: back })
  const window = { depart_from: day(30), depart_to: day(43), weekends_only: false, nights: { min: 5, max: 9 } }
  const flexibleAlert = (over: Partial<Alert> = {}) =>
    makeAlert({
      name: 'Lisbon, any week',
      search_parameters: roundTripParams(day(30), day(37)),
      return_date: day(37),
      departure_date: window.depart_to,
      // As the API sends a stored window: jsonb's key order.
      date_window: { nights: { max: 9, min: 5 }, depart_to: window.depart_to, depart_from: window.depart_from, weekends_only: false },
      bags: { checked: 1, carry_on: 1 },
      ...over,
    })

  async function openEditor(alert: Alert, answer?: (call: ApiCall) => Answer, me = makeMe('premium')) {
    const user = userEvent.setup()
    const api = serveAlertsApi({
      me,
      alerts: [alert],
      answer: (call) => answer?.(call) ?? (call.method === 'PATCH' ? Response.json({ alert: { ...alert, ...(call.body as object) } }) : undefined),
    })
    renderAtAlerts(<AlertsPage />)
    const card = await screen.findByRole('article', { name: alert.name })
    await user.click(within(card).getByRole('button', { name: `Edit ${alert.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' })
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    return { user, api, dialog, save, group: () => within(dialog).getByRole('group', { name: 'Flexible dates' }) }
  }

  it('shows a flexible alert’s window and bags with the window’s cost, and sends only what changed', async () => {
    const { user, api, dialog, save, group } = await openEditor(flexibleAlert())
    // The card names no dates beside the route: departure_date is the window's last day (its window line says the days).
    expect(screen.getByRole('article', { name: 'Lisbon, any week', hidden: true })).toHaveTextContent('LHR → JFK · Route alert')
    expect(within(dialog).getByRole('checkbox', { name: 'Any dates in a window' })).toBeChecked()
    expect(within(dialog).getByLabelText('First departure')).toHaveValue(window.depart_from)
    expect(within(dialog).getByLabelText('Last departure')).toHaveValue(window.depart_to)
    expect(within(dialog).getByLabelText('Fewest nights')).toHaveValue('5')
    expect(within(dialog).getByLabelText('Most nights')).toHaveValue('9')
    expect(within(dialog).getByLabelText('Carry-on bags')).toHaveValue('1')
    expect(within(dialog).getByLabelText('Checked bags')).toHaveValue('1')
    const costOf = (w: DateWindow) => windowCostText(windowCost(w, 'serpapi', checksPerDay('15d'), { today }))
    expect(group()).toHaveTextContent(costOf(window))
    expect(within(dialog).queryByText(/start the alert afresh/)).not.toBeInTheDocument()

    // Weekend trips of 1 to 3 nights: the cost follows before saving.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Weekends only' }))
    await user.clear(within(dialog).getByLabelText('Fewest nights'))
    await user.type(within(dialog).getByLabelText('Fewest nights'), '1')
    await user.clear(within(dialog).getByLabelText('Most nights'))
    await user.type(within(dialog).getByLabelText('Most nights'), '3')
    const weekends = { ...window, weekends_only: true, nights: { min: 1, max: 3 } }
    expect(group()).toHaveTextContent(costOf(weekends))
    await user.selectOptions(within(dialog).getByLabelText('Checked bags'), '2 checked bags')
    expect(within(dialog).getByText('New dates or bags start the alert afresh: its price is checked again at once.')).toBeInTheDocument()
    await save()

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).toEqual({
      name: 'Lisbon, any week',
      target_price: 500,
      notification_channels: { email: true, sms: false, whatsapp: false, push: false },
      check_frequency: '15d',
      date_window: weekends,
      bags: { carry_on: 1, checked: 2 },
    })
  })

  it('sends neither when neither changed, even for a window that has begun', async () => {
    const begun = { ...window, depart_from: day(-3) }
    const { user, api, dialog, save } = await openEditor(flexibleAlert({ date_window: begun }))
    await user.clear(within(dialog).getByLabelText('Alert name'))
    await user.type(within(dialog).getByLabelText('Alert name'), 'Renamed')
    await save()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const body = api.made('PATCH', '/api/alerts/a1')[0]!.body as Record<string, unknown>
    expect(body.name).toBe('Renamed')
    expect(body).not.toHaveProperty('date_window')
    expect(body).not.toHaveProperty('bags')
  })

  it('shows the shared schema’s messages beside the window’s fields and sends nothing', async () => {
    const { user, api, dialog, save } = await openEditor(flexibleAlert())
    fireEvent.change(within(dialog).getByLabelText('Last departure'), { target: { value: day(20) } })
    await save()
    expect(await within(dialog).findByText(DATE_WINDOW_MESSAGES.order)).toBeInTheDocument()

    fireEvent.change(within(dialog).getByLabelText('Last departure'), { target: { value: window.depart_to } })
    await user.clear(within(dialog).getByLabelText('Fewest nights'))
    await user.type(within(dialog).getByLabelText('Fewest nights'), '12')
    await save()
    expect(await within(dialog).findByText(DATE_WINDOW_MESSAGES.nights)).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Fewest nights'))
    await user.type(within(dialog).getByLabelText('Fewest nights'), '5')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Weekends only' }))
    await save()
    expect(await within(dialog).findByText(DATE_WINDOW_MESSAGES.noDates)).toBeInTheDocument()

    await user.click(within(dialog).getByRole('checkbox', { name: 'Weekends only' }))
    fireEvent.change(within(dialog).getByLabelText('First departure'), { target: { value: day(-1) } })
    await save()
    expect(await within(dialog).findByText(DATE_WINDOW_MESSAGES.past)).toBeInTheDocument()
    expect(api.made('PATCH', '/api/alerts/a1')).toEqual([])
  })

  it('turns a window off back to the alert’s own dates, and clears the bags', async () => {
    const { user, api, dialog, save } = await openEditor(flexibleAlert())
    await user.click(within(dialog).getByRole('checkbox', { name: 'Any dates in a window' }))
    expect(within(dialog).getByText(`Without a window, the alert goes back to its own dates: ${combinationDatesText({ departureDate: day(30), returnDate: day(37) })}.`)).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Carry-on bags'), 'No carry-on bag')
    await user.selectOptions(within(dialog).getByLabelText('Checked bags'), 'No checked bag')
    await save()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).toMatchObject({ date_window: null, bags: null })
  })

  it('keeps the window when the alert’s own dates have passed, with the API’s message', async () => {
    const { user, api, dialog, save } = await openEditor(flexibleAlert({ search_parameters: roundTripParams(day(-3), day(4)), return_date: day(4) }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Any dates in a window' }))
    await save()
    expect(await within(dialog).findByText(ALERT_MESSAGES.pastDeparture)).toBeInTheDocument()
    expect(api.made('PATCH', '/api/alerts/a1')).toEqual([])
  })

  it('offers a fixed-date route alert the same switch as creation, closed, and bags; a flight alert neither', async () => {
    const fixed = makeAlert({ name: 'Fixed dates', bags: null })
    const { user, api, dialog, save, group } = await openEditor(fixed)
    expect(within(dialog).getByRole('checkbox', { name: 'Any dates in a window' })).not.toBeChecked()
    expect(within(dialog).queryByLabelText('First departure')).not.toBeInTheDocument()
    expect(within(dialog).getByLabelText('Carry-on bags')).toHaveValue('0')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Any dates in a window' }))
    // From the alert's own date, two weeks; one way, so no trip length.
    expect(within(dialog).getByLabelText('First departure')).toHaveValue('2030-03-05')
    expect(within(dialog).getByLabelText('Last departure')).toHaveValue('2030-03-18')
    expect(within(dialog).queryByLabelText('Fewest nights')).not.toBeInTheDocument()
    expect(group()).toHaveTextContent(/14 date pairs · \d+ searches? a check/)
    await save()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).toMatchObject({ date_window: { depart_from: '2030-03-05', depart_to: '2030-03-18', weekends_only: false, nights: null } })
    expect(api.made('PATCH', '/api/alerts/a1')[0]!.body).not.toHaveProperty('bags')
  })

  it('has no window or bags for a flight alert', async () => {
    const flight = await openEditor(makeAlert({ alertType: 'flight', name: 'AA 100' }))
    expect(within(flight.dialog).queryByRole('group', { name: 'Flexible dates' })).not.toBeInTheDocument()
    expect(within(flight.dialog).queryByRole('group', { name: 'Bags' })).not.toBeInTheDocument()
  })

  it('has only bags for a multi-city alert', async () => {
    const legs = [
      { departure_id: 'LHR', arrival_id: 'JFK', date: '2030-03-05' },
      { departure_id: 'JFK', arrival_id: 'SFO', date: '2030-03-09' },
    ]
    const multiCity = await openEditor(makeAlert({ name: 'Two cities', search_parameters: { ...makeAlert().search_parameters, type: 3, multi_city_json: JSON.stringify(legs) } }))
    expect(within(multiCity.dialog).queryByRole('group', { name: 'Flexible dates' })).not.toBeInTheDocument()
    expect(within(multiCity.dialog).getByRole('group', { name: 'Bags' })).toBeInTheDocument()
  })

  it('says a reasonable-use refusal on the frequency and, with a window, that its searches are what counted', async () => {
    const message = REASONABLE_USE_MESSAGE(2_688)
    const refusal = Response.json({ error: { code: 'validation_failed', message, fieldErrors: { check_frequency: [message] } } }, { status: 400 })
    const { user, dialog, save } = await openEditor(
      flexibleAlert({ check_frequency: '15m' }),
      ({ method, url }) => (method === 'PATCH' ? refusal.clone() : url === '/api/alerts/reasonable-use' ? Response.json({ checksPerDay: 2_300, allowance: 2_400 }) : undefined),
      makeMe('unlimited'),
    )
    // Before saving, the usage line counts the window's searches, the alert's own counted ones replaced.
    const counted = alertSearchesPerDay('15m', window, today)
    expect(await within(dialog).findByText(`With this alert: ${formatChecks(2_300)} of 2,400 price checks a day (reasonable use, each search of the window counted).`)).toBeInTheDocument()
    // Two months of departures, 1 to 30 nights: 1,860 date pairs.
    fireEvent.change(within(dialog).getByLabelText('Last departure'), { target: { value: day(91) } })
    await user.clear(within(dialog).getByLabelText('Fewest nights'))
    await user.type(within(dialog).getByLabelText('Fewest nights'), '1')
    await user.clear(within(dialog).getByLabelText('Most nights'))
    await user.type(within(dialog).getByLabelText('Most nights'), '30')
    const wider = 2_300 - counted + alertSearchesPerDay('15m', { ...window, depart_to: day(91), nights: { min: 1, max: 30 } }, today)
    expect(wider).toBeGreaterThan(2_400)
    expect(within(dialog).getByText(`Over reasonable use: ${formatChecks(wider)} of 2,400 price checks a day. Choose a slower frequency, a narrower window or pause an alert.`)).toBeInTheDocument()
    await save()
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(within(dialog).getByText(WINDOW_SEARCHES_COUNTED)).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Edit alert' })).toBeInTheDocument()
  })

  it('puts the server’s word on a window field beside that field', async () => {
    const refusal = Response.json(
      { error: { code: 'validation_failed', message: DATE_WINDOW_MESSAGES.past, fieldErrors: { 'date_window.depart_from': [DATE_WINDOW_MESSAGES.past] } } },
      { status: 400 },
    )
    const { user, dialog, save } = await openEditor(flexibleAlert(), ({ method }) => (method === 'PATCH' ? refusal.clone() : undefined))
    await user.clear(within(dialog).getByLabelText('Most nights'))
    await user.type(within(dialog).getByLabelText('Most nights'), '8')
    await save()
    const field = (await within(dialog).findByText(DATE_WINDOW_MESSAGES.past)).closest('div')!
    expect(within(field).getByLabelText('First departure')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('First departure')).toHaveFocus()
  })
})
