import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '#tests/setup/fake-api.ts'
import { createQueryClient } from '../../lib/query-client.ts'
import { meQueryOptions } from '../../lib/session.ts'
import AlertsPage from '../../routes/alerts.tsx'
import { DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { readSavedAlertList, savedAtText } from './offline-alerts.ts'
import { makeAlert, makeMe, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null })
})

const ALERTS = [makeAlert({ id: 'a1', name: 'Lisbon in spring' }), makeAlert({ id: 'a2', name: 'Rome for Easter', status: 'paused', current_price: 612 })]

/** Loads /alerts online once, as the signed-in user did before losing the network; returns when the list was kept. */
async function visitOnline() {
  serveAlertsApi({ alerts: ALERTS })
  const view = renderAtAlerts(<AlertsPage />)
  await screen.findByRole('article', { name: 'Lisbon in spring' })
  await waitFor(() => expect(readSavedAlertList('u1')).not.toBeNull())
  view.unmount()
  return readSavedAlertList('u1')!
}

/** No network: every call fails before reaching a server, and the browser says it is offline. */
function goOffline() {
  stubApi(() => Promise.reject(new TypeError('Failed to fetch')))
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
}

/** The app opened offline: the session query shows the last viewer (features/pwa/offline-session.ts). */
function openOfflineAs(me = makeMe()) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(meQueryOptions.queryKey, me)
  return renderAtAlerts(<AlertsPage />, '/alerts', queryClient)
}

describe('/alerts offline', () => {
  it('keeps each list the server sends on the device, for the signed-in user, dated when it arrived', async () => {
    const before = Date.now()
    const saved = await visitOnline()
    expect(saved.value.alerts.map((alert) => alert.name)).toEqual(['Lisbon in spring', 'Rome for Easter'])
    expect(saved.value.filters).toEqual(DEFAULT_ALERT_FILTERS)
    expect(saved.savedAt).toBeGreaterThanOrEqual(before)
    expect(saved.savedAt).toBeLessThanOrEqual(Date.now())
  })

  it('shows the list last loaded, read-only, saying how old it is', async () => {
    const saved = await visitOnline()
    goOffline()
    openOfflineAs()

    expect(await screen.findByText(`You're offline. Showing your alerts as of ${savedAtText(saved.savedAt, Date.now())} — changes are off until you're back online.`)).toBeInTheDocument()
    const lisbon = screen.getByRole('article', { name: 'Lisbon in spring' })
    expect(within(lisbon).getByText('$470')).toBeInTheDocument()
    for (const name of ['Details of Lisbon in spring', 'Pause Lisbon in spring', 'Edit Lisbon in spring', 'Delete Lisbon in spring']) {
      expect(within(lisbon).getByRole('button', { name })).toBeDisabled()
    }
    expect(within(screen.getByRole('article', { name: 'Rome for Easter' })).getByRole('button', { name: 'Resume Rome for Easter' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'New alert' })).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeDisabled()
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeDisabled()
    // No quota: it would be a guess.
    expect(screen.queryByText(/on the Free plan/)).not.toBeInTheDocument()
  })

  it('shows the live list again once the network is back', async () => {
    await visitOnline()
    goOffline()
    openOfflineAs()
    await screen.findByText(/^You're offline\. Showing your alerts/)

    serveAlertsApi({ alerts: [makeAlert({ id: 'a1', name: 'Lisbon in spring', current_price: 455 })] })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))

    expect(await screen.findByText('$455')).toBeInTheDocument()
    expect(screen.queryByText(/You're offline/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pause Lisbon in spring' })).toBeEnabled()
  })

  it('says FareDrop cannot be reached when the network is up but the server is not', async () => {
    const saved = await visitOnline()
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')))
    openOfflineAs()
    expect(await screen.findByText(`FareDrop can't be reached. Showing your alerts as of ${savedAtText(saved.savedAt, Date.now())} — changes are off until you're back online.`)).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Rome for Easter' })).toBeInTheDocument()
  })

  it("never shows another user's list, and says the alerts come back with the network when nothing was saved", async () => {
    await visitOnline()
    goOffline()
    openOfflineAs({ ...makeMe(), user: { ...makeMe().user, id: 'u2', email: 'bo@example.com' } })
    expect(await screen.findByText("You're offline. Your alerts will show here once you're back online.")).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })
})

describe('savedAtText', () => {
  it('gives the time for a list from today, and the day too for an older one', () => {
    const now = new Date(2030, 2, 5, 18, 0).getTime()
    const time = (date: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, options).format(date)
    expect(savedAtText(new Date(2030, 2, 5, 14, 32).getTime(), now)).toBe(time(new Date(2030, 2, 5, 14, 32), { hour: 'numeric', minute: '2-digit' }))
    expect(savedAtText(new Date(2030, 2, 3, 9, 5).getTime(), now)).toBe(time(new Date(2030, 2, 3, 9, 5), { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }))
    expect(savedAtText(new Date(2030, 2, 3, 9, 5).getTime(), now)).toMatch(/Mar 3/)
  })
})
