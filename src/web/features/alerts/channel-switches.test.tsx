import { screen } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import type { PhoneState } from '#shared/phone-verification.ts'
import type { PlanId } from '#shared/plans.ts'
import type { AlertSettingsInput } from './alert-settings-schema.ts'
import { ChannelSwitches } from './channel-switches.tsx'

/** SMS and WhatsApp notices wait for a verified number (decision 015): the switches say so. */

function Switches({ plan }: { plan: PlanId }) {
  const form = useForm<AlertSettingsInput>({
    defaultValues: { name: 'x', target_price: 100, notification_channels: { email: true, sms: true, whatsapp: false, push: false }, check_frequency: '12h' },
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
