import { screen } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import type { ClientView } from '#shared/clients.ts'
import type { PhoneState } from '#shared/phone-verification.ts'
import type { PlanId } from '#shared/plans.ts'
import type { AlertSettingsInput } from './alert-settings-schema.ts'
import { ChannelSwitches } from './channel-switches.tsx'

/** SMS and WhatsApp notices wait for a verified number (decision 015): the switches say so. */

function Switches({ plan, clientId = null }: { plan: PlanId; clientId?: string | null }) {
  const form = useForm<AlertSettingsInput>({
    defaultValues: {
      name: 'x',
      target_price: 100,
      notification_channels: { email: true, sms: true, whatsapp: false, push: false },
      check_frequency: '12h',
      client_id: clientId,
    },
  })
  return <ChannelSwitches control={form.control} plan={plan} />
}

function renderWithPhone(phone: Partial<PhoneState> | null, plan: PlanId = 'elite') {
  stubApi((url) =>
    url === '/api/me/phone' && phone
      ? Response.json({ phone: null, verified: false, verifiedAt: null, pendingCode: null, resendInSeconds: 0, ...phone } satisfies PhoneState)
      : undefined,
  )
  renderWithProviders(
    <MemoryRouter>
      <Switches plan={plan} />
    </MemoryRouter>,
  )
}

describe('channel switches and the phone number', () => {
  it('tell the user an unverified number needs verifying, with a link to the profile', async () => {
    renderWithPhone({ phone: '+14155550100', verified: false })
    const sms = await screen.findByRole('switch', { name: 'SMS' })
    expect(await screen.findAllByText(/Your phone number needs verifying before these notices are sent\./)).toHaveLength(2)
    expect(sms).toHaveAccessibleDescription('Your phone number needs verifying before these notices are sent. Verify it')
    expect(screen.getByRole('switch', { name: 'WhatsApp' })).toHaveAccessibleDescription(/needs verifying/)
    for (const link of screen.getAllByRole('link', { name: 'Verify it' })) expect(link).toHaveAttribute('href', '/profile#notifications')
    // Only the phone channels wait for it; the switches still work.
    expect(screen.getByRole('switch', { name: 'Email' })).not.toHaveAccessibleDescription()
    expect(sms).toBeEnabled()
  })

  it('ask for a number when there is none', async () => {
    renderWithPhone({ phone: null })
    expect(await screen.findAllByRole('link', { name: 'Add a number' })).toHaveLength(2)
  })

  it('say nothing for a verified number', async () => {
    renderWithPhone({ phone: '+14155550100', verified: true, verifiedAt: '2027-01-01T00:00:00Z' })
    await screen.findByRole('switch', { name: 'SMS' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText(/needs verifying|Add and verify/)).not.toBeInTheDocument()
  })

  it('leave a locked channel to its upgrade note', async () => {
    renderWithPhone({ phone: '+14155550100', verified: false }, 'premium')
    // WhatsApp is in Premium: it gets the phone note; SMS needs Elite: only its lock.
    expect(await screen.findByRole('link', { name: 'Verify it' })).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'SMS' })).toHaveAccessibleDescription(/SMS notifications need the Elite plan/)
  })
})

const ana: ClientView = {
  id: '0f9a3c1e-54b8-4d7e-9a51-2c7f0b6e8d11',
  name: 'Ana Silva',
  email: 'ana@example.com',
  phone: '+14155550123',
  channels: ['email', 'sms'],
  emailStatus: 'confirmed',
  phoneStatus: 'pending',
  alertCount: 1,
  confirmationSentAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
}

describe("channel switches on a client's alert (decision 043)", () => {
  function renderForClient(client: ClientView) {
    const fetchMock = stubApi((url) => {
      if (url === '/api/clients') return Response.json({ clients: [client] })
      if (url === '/api/me/phone') return Response.json({ phone: null, verified: false, verifiedAt: null, pendingCode: null, resendInSeconds: 0 } satisfies PhoneState)
      return undefined
    })
    renderWithProviders(
      <MemoryRouter>
        <Switches plan="unlimited" clientId={client.id} />
      </MemoryRouter>,
    )
    return fetchMock
  }

  it("speak of the client's contacts, not the advisor's phone", async () => {
    const fetchMock = renderForClient(ana)
    expect(await screen.findByRole('group', { name: 'Notify Ana Silva by' })).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Email' })).not.toHaveAccessibleDescription()
    expect(screen.getByRole('switch', { name: 'SMS' })).toHaveAccessibleDescription('Sent once Ana Silva confirms their phone number.')
    expect(screen.getByRole('switch', { name: 'WhatsApp' })).toHaveAccessibleDescription("Ana Silva doesn't take WhatsApp notices: change that on the Clients page.")
    expect(screen.getByRole('switch', { name: 'Push' })).toHaveAccessibleDescription("Clients don't get push notices; they get email, SMS or WhatsApp.")
    // The advisor's own number is beside the point: not asked for, not even fetched.
    expect(screen.queryByRole('link', { name: /Add a number|Verify it/ })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/me/phone')
  })

  it('say when the client has no address for a channel, or unsubscribed it', async () => {
    renderForClient({ ...ana, phone: null, phoneStatus: 'none', emailStatus: 'unsubscribed' })
    await screen.findByRole('group', { name: 'Notify Ana Silva by' })
    expect(screen.getByRole('switch', { name: 'SMS' })).toHaveAccessibleDescription('Ana Silva has no phone number: these notices are skipped until you add one.')
    expect(screen.getByRole('switch', { name: 'Email' })).toHaveAccessibleDescription('Ana Silva unsubscribed their email address: these notices are skipped.')
  })

  it("are the advisor's own again when the alert is for no client", async () => {
    stubApi((url) => (url === '/api/me/phone' ? Response.json({ phone: null, verified: false, verifiedAt: null, pendingCode: null, resendInSeconds: 0 } satisfies PhoneState) : undefined))
    renderWithProviders(
      <MemoryRouter>
        <Switches plan="unlimited" />
      </MemoryRouter>,
    )
    expect(await screen.findByRole('group', { name: 'Notify me by' })).toBeInTheDocument()
    expect(await screen.findAllByRole('link', { name: 'Add a number' })).toHaveLength(2)
  })
})
