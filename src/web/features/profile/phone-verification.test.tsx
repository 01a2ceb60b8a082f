import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '#tests/setup/render.tsx'
import { PHONE_CODE_MESSAGES } from '#shared/phone-verification.ts'
import { useToastStore } from '../../stores/toast-store.ts'
import { apiError, CODE, servePhoneApi } from './phone-api-fake.ts'
import { PhoneSettings } from './phone-settings.tsx'

/** /profile's phone: saving a number, then typing the code texted to it (decision 015). */

function renderPhone() {
  renderWithProviders(
    <MemoryRouter>
      <PhoneSettings plan="elite" />
    </MemoryRouter>,
  )
  return screen
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.title)
const panel = (phone: string) => screen.findByRole('region', { name: `We sent a code to ${phone}` })

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
})

describe('verifying the phone number', () => {
  it('asks for the code texted to a newly saved number, then shows it Verified', async () => {
    const user = userEvent.setup()
    const api = servePhoneApi()
    const page = renderPhone()
    await user.type(await page.findByLabelText('Phone number'), '+1 415 555 0100')
    await user.click(page.getByRole('button', { name: 'Save number' }))

    const verification = await panel('+14155550100')
    expect(page.getByText('Not verified')).toBeInTheDocument()
    expect(page.getByText('SMS and WhatsApp notices start once this number is verified.')).toBeInTheDocument()
    const input = within(verification).getByLabelText('Verification code')
    expect(input).toHaveAttribute('autocomplete', 'one-time-code')
    expect(input).toHaveAttribute('inputmode', 'numeric')
    expect(within(verification).getByRole('button', { name: /^Resend code in (60|59)s$/ })).toBeDisabled()

    await user.type(input, CODE)
    await user.click(within(verification).getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(page.queryByRole('region', { name: /We sent a code/ })).not.toBeInTheDocument())
    expect(page.getByText('Verified')).toBeInTheDocument()
    expect(page.queryByText('Not verified')).not.toBeInTheDocument()
    expect(page.getByText('SMS and WhatsApp notices go to this number.')).toBeInTheDocument()
    expect(toasts()).toContain('Phone number verified')
    expect(api.writes('/api/me/phone/verify')).toEqual([{ method: 'POST', url: '/api/me/phone/verify', body: { code: CODE } }])
  })

  it('checks the code is six digits before asking the server, and shows what the server says about a wrong one', async () => {
    const user = userEvent.setup()
    const api = servePhoneApi({ phone: '+14155550100', pending: true })
    const page = renderPhone()
    const verification = await panel('+14155550100')
    const input = within(verification).getByLabelText('Verification code')

    await user.type(input, '12a')
    await user.click(within(verification).getByRole('button', { name: 'Verify' }))
    expect(await within(verification).findByText(PHONE_CODE_MESSAGES.format)).toBeInTheDocument()
    expect(api.writes('/api/me/phone/verify')).toEqual([])

    await user.clear(input)
    await user.type(input, '654321')
    await user.click(within(verification).getByRole('button', { name: 'Verify' }))
    expect(await within(verification).findByText(PHONE_CODE_MESSAGES.wrong(4))).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(page.getByText('Not verified')).toBeInTheDocument()
  })

  it('counts down before "Resend code", then sends a new one', async () => {
    const user = userEvent.setup()
    const api = servePhoneApi({ phone: '+14155550100', pending: true, resendInSeconds: 2 })
    renderPhone()
    const verification = await panel('+14155550100')
    expect(within(verification).getByRole('button', { name: /^Resend code in [12]s$/ })).toBeDisabled()

    const resend = await within(verification).findByRole('button', { name: 'Resend code' }, { timeout: 3000 })
    expect(resend).toBeEnabled()
    await user.click(resend)
    await waitFor(() => expect(api.writes('/api/me/phone/code')).toHaveLength(1))
    expect(await within(verification).findByRole('button', { name: /^Resend code in (60|59)s$/ })).toBeDisabled()
    expect(toasts()).toContain('Code sent')
  })

  it("says why a code can't be sent (too many, with the server's wait)", async () => {
    const user = userEvent.setup()
    const message = PHONE_CODE_MESSAGES.hourly(42)
    const api = servePhoneApi({
      phone: '+14155550100',
      pending: true,
      resend: () => {
        api.setState({ resendInSeconds: 2520 })
        return apiError(429, 'rate_limited', message)
      },
    })
    renderPhone()
    const verification = await panel('+14155550100')
    await user.click(within(verification).getByRole('button', { name: 'Resend code' }))
    expect(await within(verification).findByRole('alert')).toHaveTextContent(message)
    // The form re-reads the state: the server's wait counts down.
    await waitFor(() => expect(within(verification).getByRole('button', { name: /^Resend code in 25[12]\ds$/ })).toBeDisabled())
  })

  it('offers "Send code" for a number with no code waiting, and says when the tries ran out', async () => {
    const user = userEvent.setup()
    const api = servePhoneApi({
      phone: '+14155550100',
      pending: true,
      verify: () => {
        api.setState({ pendingCode: null })
        return apiError(429, 'rate_limited', PHONE_CODE_MESSAGES.tooManyWrong)
      },
    })
    const page = renderPhone()
    const verification = await panel('+14155550100')
    await user.type(within(verification).getByLabelText('Verification code'), '000000')
    await user.click(within(verification).getByRole('button', { name: 'Verify' }))

    const again = await page.findByRole('region', { name: 'Verify +14155550100' })
    expect(within(again).getByRole('alert')).toHaveTextContent(PHONE_CODE_MESSAGES.tooManyWrong)
    expect(within(again).queryByLabelText('Verification code')).not.toBeInTheDocument()
    await user.click(within(again).getByRole('button', { name: 'Send code' }))
    expect(await panel('+14155550100')).toBeInTheDocument()
    expect(page.queryByRole('alert')).not.toBeInTheDocument()
    expect(api.writes('/api/me/phone/code')).toHaveLength(1)
  })

  it('shows a verified number with its badge and no code to type', async () => {
    servePhoneApi({ phone: '+14155550100', verified: true })
    const page = renderPhone()
    expect(await page.findByText('Verified')).toBeInTheDocument()
    expect(page.queryByLabelText('Verification code')).not.toBeInTheDocument()
    expect(page.queryByRole('button', { name: /Send code|Resend code/ })).not.toBeInTheDocument()
  })

  it('keeps the number it had when the server could not text the new one, with the reason under the field', async () => {
    const user = userEvent.setup()
    servePhoneApi({
      phone: '+14155550100',
      verified: true,
      put: () => apiError(400, 'bad_request', PHONE_CODE_MESSAGES.undeliverable, { phone: [PHONE_CODE_MESSAGES.undeliverable] }),
    })
    const page = renderPhone()
    const input = await page.findByLabelText('Phone number')
    await waitFor(() => expect(input).toHaveValue('+14155550100'))
    await user.clear(input)
    await user.type(input, '+14155550199')
    await user.click(page.getByRole('button', { name: 'Save number' }))
    expect(await page.findByText(PHONE_CODE_MESSAGES.undeliverable)).toBeInTheDocument()
    expect(page.getByLabelText('Phone number')).toHaveValue('+14155550199')
    expect(page.getByText('Verified')).toBeInTheDocument()
  })
})
