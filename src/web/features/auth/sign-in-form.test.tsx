import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_DISABLED_MESSAGE, MESSAGES } from '#shared/auth.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { useLockoutStore } from './lockout-store.ts'
import { SignInForm } from './sign-in-form.tsx'

/** Issue 12, finding 7: four quick tries met the server's rate limit and locked the form for 15 minutes. */

function serveSignIn(answer: () => Response) {
  stubApi((url, init) => {
    if (url === '/api/captcha/config') return Response.json({ provider: 'none' })
    if (url === '/api/auth/sign-in/email' && init?.method === 'POST') return answer()
    return undefined
  })
}

async function submitPassword() {
  const user = userEvent.setup()
  renderWithProviders(
    <MemoryRouter initialEntries={['/auth']}>
      <Routes>
        <Route path="/auth" element={<SignInForm />} />
      </Routes>
    </MemoryRouter>,
  )
  await user.type(screen.getByLabelText('Email'), 'ana@example.com')
  await user.type(screen.getByLabelText('Password'), 'a-strong-password')
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
}

/** Matches the element whose whole text (split over text nodes and spans) matches `pattern`. */
const textOf = (pattern: RegExp) => (_: string, element: Element | null) =>
  element !== null && pattern.test(element.textContent ?? '') && ![...element.children].some((child) => pattern.test(child.textContent ?? ''))

const tooMany = (message: string, retryAfter: number) =>
  Response.json({ error: { code: 'rate_limited', message } }, { status: 429, headers: { 'retry-after': String(retryAfter) } })

beforeEach(() => {
  useLockoutStore.getState().reset()
})

describe('a 429 on sign-in', () => {
  it('from the rate limit shows the real wait, not the 15-minute lock', async () => {
    serveSignIn(() => tooMany(MESSAGES.tooManyAttempts, 8))
    await submitPassword()
    // 8 s from the answer (7 if a second went by before the screen was read).
    expect(await screen.findByText(textOf(/^Please wait [78] s before trying again\.$/))).toBeInTheDocument()
    expect(screen.queryByText(MESSAGES.lockedOut)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled()
    expect(useLockoutStore.getState().lockedUntil).toBeNull()
  })

  it('from the address limit shows a long wait as minutes and seconds', async () => {
    serveSignIn(() => tooMany(MESSAGES.tooManyAttempts, 600))
    await submitPassword()
    expect(await screen.findByText(textOf(/^Please wait (10:0\d|9:5\d) before trying again\.$/))).toBeInTheDocument()
    expect(screen.queryByText(MESSAGES.lockedOut)).not.toBeInTheDocument()
  })

  it('from the account lock locks the form with the countdown the server gives', async () => {
    serveSignIn(() => tooMany(MESSAGES.lockedOut, 900))
    await submitPassword()
    expect(await screen.findByText(MESSAGES.lockedOut)).toBeInTheDocument()
    expect(screen.getByText(textOf(/^Try again in 1[45]:\d\d, or reset your password/))).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled()
  })
})

describe('a 403 on sign-in', () => {
  it('for an address not yet verified says a new link is on its way', async () => {
    serveSignIn(() => Response.json({ error: { code: 'forbidden', message: 'Email not verified', reason: 'EMAIL_NOT_VERIFIED' } }, { status: 403 }))
    await submitPassword()
    expect(await screen.findByText('Please verify your email address first. We have sent you a new verification link.')).toBeInTheDocument()
  })

  it('for an account an admin disabled says so, not that the email needs verifying', async () => {
    serveSignIn(() => Response.json({ error: { code: 'forbidden', message: ACCOUNT_DISABLED_MESSAGE, reason: 'ACCOUNT_DISABLED' } }, { status: 403 }))
    await submitPassword()
    expect(await screen.findByText(ACCOUNT_DISABLED_MESSAGE)).toBeInTheDocument()
    expect(screen.queryByText(/verify your email/)).not.toBeInTheDocument()
  })
})
