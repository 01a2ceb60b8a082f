import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import AlertsPage from '../../routes/alerts.tsx'
import { DEFAULT_ALERT_FILTERS, useAlertStore } from '../../stores/alert-store.ts'
import { makeAlert, renderAtAlerts, serveAlertsApi } from '../alerts/test-fixtures.tsx'
import { fakePush, SUBSCRIPTION_JSON, VAPID_PUBLIC_KEY } from './fake-push.ts'

vi.mock('../alerts/alert-price-chart.tsx', () => ({ default: () => null }))

const pushAlert = makeAlert({ id: 'p1', name: 'Tokyo', notification_channels: { email: true, sms: false, whatsapp: false, push: true } })
const emailAlert = makeAlert({ id: 'e1', name: 'Lisbon' })

/** The alerts API plus the push endpoints the prompt's button uses. */
function serve(alerts = [pushAlert, emailAlert]) {
  return serveAlertsApi({
    alerts,
    answer: ({ url }) => {
      if (url === '/api/push/public-key') return Response.json({ publicKey: VAPID_PUBLIC_KEY })
      if (url === '/api/push/subscriptions') return Response.json({ success: true }, { status: 201 })
      return undefined
    },
  })
}

const prompt = () => screen.queryByRole('region', { name: 'Get push notifications on this device' })

let push: ReturnType<typeof fakePush> | null = null
beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, editingId: null, pushPromptDismissed: false })
})
afterEach(() => {
  push?.restore()
  push = null
})

describe('push prompt on /alerts', () => {
  it('offers push when an alert sends push and this browser was never asked, and turns it on', async () => {
    const user = userEvent.setup()
    push = fakePush()
    const api = serve()
    renderAtAlerts(<AlertsPage />)
    expect(await screen.findByRole('region', { name: 'Get push notifications on this device' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Turn on push notifications' }))
    await waitFor(() => expect(prompt()).not.toBeInTheDocument())
    expect(api.made('POST', '/api/push/subscriptions').map((call) => call.body)).toEqual([SUBSCRIPTION_JSON])
  })

  it('remembers a dismissal', async () => {
    const user = userEvent.setup()
    push = fakePush()
    serve()
    const first = renderAtAlerts(<AlertsPage />)
    await user.click(await screen.findByRole('button', { name: "Don't ask again" }))
    expect(prompt()).not.toBeInTheDocument()
    expect(useAlertStore.getState().pushPromptDismissed).toBe(true)

    first.unmount()
    renderAtAlerts(<AlertsPage />)
    expect(await screen.findByRole('article', { name: 'Tokyo' })).toBeInTheDocument()
    expect(prompt()).not.toBeInTheDocument()
    // Only the first visit looked at the browser.
    expect(push.serviceWorker.getRegistration).toHaveBeenCalledTimes(1)
  })

  it('stays away when no alert sends push, when this device is subscribed, or when the browser was asked already', async () => {
    push = fakePush()
    serve([emailAlert])
    const noPush = renderAtAlerts(<AlertsPage />)
    expect(await screen.findByRole('article', { name: 'Lisbon' })).toBeInTheDocument()
    expect(push.serviceWorker.getRegistration).not.toHaveBeenCalled()
    noPush.unmount()
    push.restore()

    for (const options of [{ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY }, { permission: 'denied' }, { permission: 'granted' }] as const) {
      push = fakePush(options)
      serve()
      const view = renderAtAlerts(<AlertsPage />)
      expect(await screen.findByRole('article', { name: 'Tokyo' })).toBeInTheDocument()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(prompt()).not.toBeInTheDocument()
      view.unmount()
      push.restore()
    }
    push = null
  })

  it('stays away in a browser without push support', async () => {
    serve()
    renderAtAlerts(<AlertsPage />)
    expect(await screen.findByRole('article', { name: 'Tokyo' })).toBeInTheDocument()
    expect(prompt()).not.toBeInTheDocument()
  })
})
