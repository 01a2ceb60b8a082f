import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
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
