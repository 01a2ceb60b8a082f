import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NOTIFICATION_MESSAGES } from '#shared/notifications.ts'
import type { PlanId } from '#shared/plans.ts'
import { renderWithProviders } from '#tests/setup/render.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import { fakePush, SUBSCRIPTION_JSON, VAPID_PUBLIC_KEY } from '../notifications/fake-push.ts'
import { NotificationsSection } from './notifications-section.tsx'
import { servePhoneApi } from './phone-api-fake.ts'

/** The phone (decision 015's server, phone-api-fake.ts), health and push endpoints. Every call is recorded. */
function serve(options: { phone?: string | null; verified?: boolean; pushDriver?: string; put?: (body: { phone: string }) => Response } = {}) {
  return servePhoneApi({
    phone: options.phone ?? null,
    verified: options.verified ?? true,
    ...(options.put ? { put: options.put } : {}),
    other: (url, method) => {
      if (url === '/api/health') return Response.json({ status: 'ok', drivers: { sms: 'outbox', whatsapp: 'outbox', push: options.pushDriver ?? 'webpush' } })
      if (url === '/api/push/public-key') return Response.json({ publicKey: VAPID_PUBLIC_KEY })
      if (url === '/api/push/subscriptions' && method === 'GET') return Response.json({ subscriptions: [], pushAlerts: 0 })
      if (url === '/api/push/subscriptions') return Response.json({ success: true }, { status: method === 'POST' ? 201 : 200 })
      return undefined
    },
  })
}

function renderSection(plan: PlanId = 'elite') {
  renderWithProviders(
    <MemoryRouter>
      <NotificationsSection plan={plan} />
    </MemoryRouter>,
  )
  return within(screen.getByRole('region', { name: 'Notifications' }))
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.title)

let push: ReturnType<typeof fakePush> | null = null
beforeEach(() => {
  useToastStore.setState({ toasts: [] })
})
afterEach(() => {
  push?.restore()
  push = null
})

describe('Notifications: phone', () => {
  it('checks the number with the shared E.164 message, then saves it with PUT', async () => {
    const user = userEvent.setup()
    const api = serve()
    const section = renderSection()
    const input = await section.findByLabelText('Phone number')

    await user.type(input, '0415 555 0100')
    await user.click(section.getByRole('button', { name: 'Save number' }))
    expect(await section.findByText(NOTIFICATION_MESSAGES.phone)).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(api.writes('/api/me/phone')).toEqual([])

    await user.clear(input)
    await user.type(input, '+1 (415) 555-0100')
    await user.click(section.getByRole('button', { name: 'Save number' }))
    await waitFor(() => expect(api.writes('/api/me/phone')).toEqual([{ method: 'PUT', url: '/api/me/phone', body: { phone: '+14155550100' } }]))
    await waitFor(() => expect(toasts()).toContain('Phone number saved'))
    expect(await section.findByRole('button', { name: 'Remove number' })).toBeInTheDocument()
    expect(section.getByLabelText('Phone number')).toHaveValue('+14155550100')
    // A new number is unverified until its code is typed (phone-verification.test.tsx).
    expect(section.getByRole('heading', { name: 'We sent a code to +14155550100' })).toBeInTheDocument()
  })

  it("shows the server's word on a number it refuses", async () => {
    const user = userEvent.setup()
    serve({ put: () => Response.json({ error: { code: 'validation_failed', message: 'Some fields are invalid.', fieldErrors: { phone: ['Not a number we can text.'] } } }, { status: 400 }) })
    const section = renderSection()
    await user.type(await section.findByLabelText('Phone number'), '+14155550100')
    await user.click(section.getByRole('button', { name: 'Save number' }))
    expect(await section.findByText('Not a number we can text.')).toBeInTheDocument()
  })

  it('removes a saved number with DELETE', async () => {
    const user = userEvent.setup()
    const api = serve({ phone: '+447700900123' })
    const section = renderSection()
    await waitFor(() => expect(section.getByLabelText('Phone number')).toHaveValue('+447700900123'))
    await user.click(section.getByRole('button', { name: 'Remove number' }))
    await waitFor(() => expect(api.writes('/api/me/phone')).toEqual([{ method: 'DELETE', url: '/api/me/phone', body: undefined }]))
    await waitFor(() => expect(section.getByLabelText('Phone number')).toHaveValue(''))
    expect(section.queryByRole('button', { name: 'Remove number' })).not.toBeInTheDocument()
    expect(toasts()).toContain('Phone number removed')
  })
})

describe('Notifications: plan', () => {
  const channels = (section: ReturnType<typeof renderSection>) =>
    [...section.getByRole('list', { name: 'Phone channels in your plan' }).children, ...section.getByRole('list', { name: 'Push in your plan' }).children].map(
      (item) => item.textContent,
    )

  it('locks WhatsApp below Premium and SMS and push below Elite, each with a link to pricing', () => {
    serve()
    const section = renderSection('free')
    expect(channels(section)).toEqual(['WhatsApp: Premium plan and up. Upgrade', 'SMS: Elite plan and up. Upgrade', 'Push notifications: Elite plan and up. Upgrade'])
    for (const link of section.getAllByRole('link', { name: 'Upgrade' })) expect(link).toHaveAttribute('href', '/profile#subscription')
  })

  it('includes WhatsApp from Premium and every channel from Elite', () => {
    serve()
    const premium = renderSection('premium')
    expect(channels(premium)).toEqual(['WhatsApp: included in your plan', 'SMS: Elite plan and up. Upgrade', 'Push notifications: Elite plan and up. Upgrade'])
  })

  it('shows every channel as included on Elite', () => {
    serve()
    const elite = renderSection('elite')
    expect(channels(elite)).toEqual(['WhatsApp: included in your plan', 'SMS: included in your plan', 'Push notifications: included in your plan'])
    expect(elite.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument()
  })
})

describe('Notifications: push on this device', () => {
  it("says when the browser can't receive push", async () => {
    serve()
    const section = renderSection()
    expect(await section.findByText("This browser can't receive push notifications.")).toBeInTheDocument()
    expect(section.queryByRole('button', { name: 'Turn on push notifications' })).not.toBeInTheDocument()
  })

  it('says when notifications are blocked in the browser', async () => {
    push = fakePush({ permission: 'denied' })
    serve()
    const section = renderSection()
    expect(await section.findByText(/Notifications are blocked for FareDrop in this browser/)).toBeInTheDocument()
  })

  it('mentions the local outbox, and turns push on and off for this device', async () => {
    const user = userEvent.setup()
    push = fakePush()
    const api = serve({ pushDriver: 'outbox' })
    const section = renderSection()
    expect(await section.findByText(/push notices go to its local outbox/)).toBeInTheDocument()

    await user.click(await section.findByRole('button', { name: 'Turn on push notifications' }))
    expect(await section.findByText('Push notifications are on for this device.')).toBeInTheDocument()
    expect(api.writes('/api/push/subscriptions')).toEqual([{ method: 'POST', url: '/api/push/subscriptions', body: SUBSCRIPTION_JSON }])
    expect(toasts()).toContain('Push notifications are on for this device')

    await user.click(section.getByRole('button', { name: 'Turn off' }))
    expect(await section.findByRole('button', { name: 'Turn on push notifications' })).toBeInTheDocument()
    expect(api.writes('/api/push/subscriptions').map((call) => call.method)).toEqual(['POST', 'DELETE'])
  })
})
