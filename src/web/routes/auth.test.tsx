import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import AuthPage from './auth.tsx'

/** The sign-in page in a browser and inside the Android and iOS apps (Capacitor's bridge global). */
function renderSignIn() {
  stubApi((url) => {
    if (url === '/api/session') return Response.json(null, { status: 401 })
    if (url === '/api/auth-config') return Response.json({ socialProviders: { google: true, microsoft: true, apple: true } })
    if (url === '/api/captcha/config') return Response.json({ provider: 'none' })
    return undefined
  })
  renderWithProviders(
    <MemoryRouter initialEntries={['/auth']}>
      <AuthPage />
    </MemoryRouter>,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the sign-in page', () => {
  it('in a browser offers the providers and no note about them', async () => {
    renderSignIn()
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: /Google/ })).toBeInTheDocument()
    expect(screen.queryByText(/Signed up with Google, Microsoft or Apple/)).not.toBeInTheDocument()
  })

  it('in the app leaves the providers out and tells their users how to get in', async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true })
    renderSignIn()
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument()
    expect(screen.getByText('Signed up with Google, Microsoft or Apple? Enter your email below and choose “Send magic link”: the link opens this app.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeInTheDocument()
  })
})
