import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import { useLockoutStore } from './lockout-store.ts'
import { SignInForm } from './sign-in-form.tsx'

type Answer = (body: Record<string, unknown>) => Response

function serve(posts: Record<string, Answer>, methods?: { methods: string[]; phoneHint: string | null }) {
  const calls: { path: string; body: Record<string, unknown> }[] = []
  stubApi((url, init) => {
    if (url === '/api/captcha/config') return Response.json({ provider: 'none' })
    if (url === '/api/auth/second-factor/methods' && methods) return Response.json(methods)
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>
      calls.push({ path: url, body })
      return posts[url]?.(body)
    }
    return undefined
  })
  return { posted: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body) }
}

const twoFactorRedirect = () => Response.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
const invalid = (code: string, message: string) => Response.json({ code, message }, { status: 401 })

function renderSignIn(entry = '/auth', onStepChange?: (step: string) => void) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/auth" element={<SignInForm onStepChange={onStepChange} />} />
        <Route path="/alerts" element={<h1>Alerts page</h1>} />
      </Routes>
    </MemoryRouter>,
  )
}

async function submitPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ana@example.com')
  await user.type(screen.getByLabelText('Password'), 'a-strong-password')
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
  useLockoutStore.getState().reset()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sign-in with a second factor', () => {
  it('asks for the authenticator code after the password, then signs in like a password sign-in', async () => {
    const user = userEvent.setup()
    const api = serve({
      '/api/auth/sign-in/email': twoFactorRedirect,
      '/api/auth/two-factor/verify-totp': (body) => (body.code === '654321' ? Response.json({ token: 't' }) : invalid('INVALID_CODE', 'Invalid code')),
    })
    renderSignIn()
    await submitPassword(user)

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    const code = screen.getByLabelText('Authentication code')
    await waitFor(() => expect(code).toHaveFocus())

    await user.type(code, '12345')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument()
    expect(api.posted('/api/auth/two-factor/verify-totp')).toHaveLength(0)

    await user.type(code, '6')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Invalid code')).toBeInTheDocument()

    await user.clear(code)
    await user.type(code, '654321')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Alerts page' })).toBeInTheDocument()
    expect(api.posted('/api/auth/two-factor/verify-totp').at(-1)).toEqual({ code: '654321', trustDevice: false })
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Successfully signed in!')
    // A wrong code is not a wrong password: the password lockout stays clear.
    expect(useLockoutStore.getState().count).toBe(0)
  })

  it('accepts a backup code instead', async () => {
    const user = userEvent.setup()
    const api = serve({
      '/api/auth/sign-in/email': twoFactorRedirect,
      '/api/auth/two-factor/verify-backup-code': () => Response.json({ token: 't' }),
    })
    renderSignIn()
    await submitPassword(user)
    await user.click(await screen.findByRole('button', { name: 'Use a backup code instead' }))
    await user.type(screen.getByLabelText('Backup code'), ' AbCd1-EfGh2 ')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Alerts page' })).toBeInTheDocument()
    expect(api.posted('/api/auth/two-factor/verify-backup-code')).toEqual([{ code: 'AbCd1-EfGh2', trustDevice: false }])
    expect(screen.queryByText('Use your authenticator app instead')).not.toBeInTheDocument()
  })

  it('goes back to the password form when the challenge has expired', async () => {
    const user = userEvent.setup()
    serve({
      '/api/auth/sign-in/email': twoFactorRedirect,
      '/api/auth/two-factor/verify-totp': () => invalid('INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie'),
    })
    renderSignIn()
    await submitPassword(user)
    await user.type(await screen.findByLabelText('Authentication code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('This sign-in has expired. Please sign in again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('')
  })

  it('signs in directly when the account has no second factor', async () => {
    const user = userEvent.setup()
    serve({ '/api/auth/sign-in/email': () => Response.json({ redirect: false, token: 't' }) })
    renderSignIn()
    await submitPassword(user)
    expect(await screen.findByRole('heading', { name: 'Alerts page' })).toBeInTheDocument()
  })

  it('opens on the code step when a magic link or provider sign-in sends the browser to /auth?step=two-factor', async () => {
    const user = userEvent.setup()
    const onStepChange = vi.fn()
    serve({
      '/api/auth/two-factor/verify-totp': (body) =>
        body.code === '111111'
          ? invalid('TOTP_CODE_ALREADY_USED', 'This code has already been used. Wait for the next code from your authenticator app.')
          : Response.json({ token: 't' }),
    })
    renderSignIn('/auth?step=two-factor', onStepChange)

    const code = await screen.findByLabelText('Authentication code')
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    expect(onStepChange).toHaveBeenCalledWith('two-factor')

    await user.type(code, '111111')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('This code has already been used. Wait for the next code from your authenticator app.')).toBeInTheDocument()

    await user.clear(code)
    await user.type(code, '222222')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Alerts page' })).toBeInTheDocument()
  })

  it('goes back to the password form from that step', async () => {
    const user = userEvent.setup()
    const onStepChange = vi.fn()
    serve({})
    renderSignIn('/auth?step=two-factor', onStepChange)
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }))
    expect(await screen.findByLabelText('Password')).toBeInTheDocument()
    expect(onStepChange).toHaveBeenLastCalledWith('password')
  })

  it('offers a texted code when that is the account’s factor: texts it once and signs in with it', async () => {
    const user = userEvent.setup()
    const api = serve(
      {
        '/api/auth/sign-in/email': twoFactorRedirect,
        '/api/auth/two-factor/send-otp': () => Response.json({ status: true }),
        '/api/auth/two-factor/verify-otp': (body) => (body.code === '246810' ? Response.json({ token: 't' }) : invalid('INVALID_CODE', 'Invalid code')),
      },
      { methods: ['phone'], phoneHint: '•••• 77' },
    )
    renderSignIn()
    await submitPassword(user)
    expect(await screen.findByText('Enter the 6-digit code we texted to •••• 77.')).toBeInTheDocument()
    await waitFor(() => expect(api.posted('/api/auth/two-factor/send-otp')).toHaveLength(1))
    expect(screen.queryByRole('button', { name: 'Use a backup code instead' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled()

    await user.type(screen.getByLabelText('Texted code'), '111111')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Invalid code')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Texted code'))
    await user.type(screen.getByLabelText('Texted code'), '246810')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Alerts page' })).toBeInTheDocument()
    expect(api.posted('/api/auth/two-factor/verify-otp').at(-1)).toEqual({ code: '246810', trustDevice: false })
    expect(api.posted('/api/auth/two-factor/send-otp')).toHaveLength(1)
  })

  it('lets an account with every factor choose: app first, then a texted code or a backup code', async () => {
    const user = userEvent.setup()
    const api = serve(
      { '/api/auth/sign-in/email': twoFactorRedirect, '/api/auth/two-factor/send-otp': () => Response.json({ status: true }) },
      { methods: ['totp', 'phone', 'backup_code'], phoneHint: '•••• 05' },
    )
    renderSignIn()
    await submitPassword(user)
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument()
    expect(api.posted('/api/auth/two-factor/send-otp')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Text me a code instead' }))
    expect(await screen.findByText('Enter the 6-digit code we texted to •••• 05.')).toBeInTheDocument()
    await waitFor(() => expect(api.posted('/api/auth/two-factor/send-otp')).toHaveLength(1))
    expect(screen.getByRole('button', { name: 'Use your authenticator app instead' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Use a backup code instead' })).toBeInTheDocument()
  })
})
