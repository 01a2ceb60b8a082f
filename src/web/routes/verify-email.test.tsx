import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CAPTCHA_HEADER } from '#shared/captcha.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { makeMe } from '../features/alerts/test-fixtures.tsx'
import { rememberPendingPlan } from '../features/pricing/pending-plan.ts'
import VerifyEmailPage from './verify-email.tsx'

function renderVerify() {
  stubApi((url) => {
    if (url.startsWith('/api/auth/verify-email?token=')) return Response.json({ status: true })
    if (url === '/api/session') return Response.json(makeMe())
    return undefined
  })
  renderWithProviders(
    <MemoryRouter initialEntries={['/verify-email?token=t1']}>
      <VerifyEmailPage />
    </MemoryRouter>,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('after confirming the email', () => {
  it('offers the alerts', async () => {
    renderVerify()
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Alerts' })).toHaveAttribute('href', '/alerts')
  })

  it('offers the plan chosen before signing up instead', async () => {
    rememberPendingPlan('elite_monthly')
    renderVerify()
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue to your plan' })).toHaveAttribute('href', '/profile?plan=elite_monthly#subscription')
  })
})

describe('a link that expired or was used', () => {
  it('sends a new one for the email typed, with the challenge, and says so without telling whether the account exists', async () => {
    const fetchMock = stubApi((url) => {
      if (url.startsWith('/api/auth/verify-email?token=')) {
        return Response.json({ error: { code: 'bad_request', reason: 'INVALID_TOKEN', message: 'Invalid token' } }, { status: 400 })
      }
      if (url === '/api/captcha/config') return Response.json({ provider: 'none' })
      if (url === '/api/auth/resend') return Response.json({ status: true })
      return undefined
    })
    renderWithProviders(
      <MemoryRouter initialEntries={['/verify-email?token=used']}>
        <VerifyEmailPage />
      </MemoryRouter>,
    )
    expect(await screen.findByRole('heading', { name: "This link can't be used" })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByRole('status')).toHaveTextContent('If that address has an account waiting for confirmation, a new link is on its way.')
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/resend')!
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'ana@example.com', type: 'signup' })
    expect(new Headers(init!.headers).get(CAPTCHA_HEADER)).toBe('none')
  })
})
