import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import type { AuthSession, SessionSummary } from '../auth/api.ts'
import type { Me } from '../../lib/session.ts'
import type { LinkedAccount } from '#shared/api-contract.ts'
import type { SecondFactor } from '#shared/second-factors.ts'
import { ProfileSections } from './profile-sections.tsx'

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const me: Me = {
  user: { id: 'u1', email: 'ana@example.com', name: 'Ana Lima', emailVerified: true },
  profile: { role: 'free', subscription_tier: 'free' },
  emails: [
    { id: 'e2', email: 'ana.work@example.com', is_primary: false, is_verified: false, verified_at: null },
    { id: 'e1', email: 'ana@example.com', is_primary: true, is_verified: true, verified_at: '2026-03-05T10:00:00.000Z' },
  ],
}

/** A row of GET /api/me/sessions; `current` is the server's word for "this browser". */
const session = (id: string, userAgent: string, ipAddress: string, current = false): SessionSummary => ({
  id,
  current,
  expiresAt: '2099-01-01T00:00:00.000Z',
  createdAt: '2026-03-05T10:00:00.000Z',
  updatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ipAddress,
  userAgent,
})

function authSession(overrides: Partial<AuthSession['user']> = {}): AuthSession {
  return {
    session: { ...session('s1', CHROME_MAC, '203.0.113.7'), token: 'token-s1', userId: 'u1' },
    user: {
      id: 'u1',
      email: 'ana@example.com',
      name: 'Ana Lima',
      emailVerified: true,
      createdAt: '2026-01-10T09:00:00.000Z',
      updatedAt: '2026-01-10T09:00:00.000Z',
      firstName: 'Ana',
      lastName: 'Lima',
      twoFactorEnabled: false,
      ...overrides,
    },
  }
}

const APP_FACTOR: SecondFactor = { id: 'f-app', factorType: 'totp', friendlyName: 'Authenticator app', phoneHint: null, status: 'verified' }
const PHONE_FACTOR: SecondFactor = { id: 'f-phone', factorType: 'phone', friendlyName: 'Travel phone', phoneHint: '•••• 77', status: 'verified' }
const PASSWORD_METHOD: LinkedAccount = { id: 'acc-password', providerId: 'credential', createdAt: '2026-01-10T09:00:00.000Z' }
const GOOGLE_METHOD: LinkedAccount = { id: 'acc-google', providerId: 'google', createdAt: '2026-03-01T09:00:00.000Z' }

type Call = { method: string; path: string; body: unknown }
type Answer = (body: unknown) => Response

/** Serves the profile's reads; `posts` and `deletes` answer the writes a test cares about. Every call is recorded. */
function serve(
  options: {
    user?: Partial<AuthSession['user']>
    sessions?: SessionSummary[] | Response
    factors?: SecondFactor[]
    accounts?: LinkedAccount[]
    phone?: { phone: string | null; verified: boolean }
    posts?: Record<string, Answer>
    deletes?: Record<string, Answer>
  } = {},
) {
  const calls: Call[] = []
  const fetchMock = stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path: url, body })
    if (url === '/api/session') return Response.json(me)
    if (url === '/api/auth/get-session') return Response.json(authSession(options.user))
    if (method === 'GET' && url === '/api/me/sessions') {
      const sessions = options.sessions ?? [session('s2', SAFARI_IPHONE, '198.51.100.4'), session('s1', CHROME_MAC, '203.0.113.7', true)]
      return sessions instanceof Response ? sessions.clone() : Response.json({ sessions })
    }
    if (method === 'GET' && url === '/api/me/second-factors') {
      return Response.json({ factors: options.factors ?? (options.user?.twoFactorEnabled ? [APP_FACTOR] : []) })
    }
    if (url === '/api/auth/list-accounts') return Response.json(options.accounts ?? [PASSWORD_METHOD])
    if (url === '/api/auth-config') return Response.json({ socialProviders: { google: true, microsoft: true, apple: false } })
    if (method === 'GET' && url === '/api/me/phone') {
      const phone = options.phone ?? { phone: '+14155550177', verified: true }
      return Response.json({ ...phone, verifiedAt: phone.verified ? '2026-03-05T10:00:00.000Z' : null, pendingCode: null, resendInSeconds: 0 })
    }
    if (method === 'POST' && options.posts?.[url]) return options.posts[url](body)
    if (method === 'DELETE' && options.deletes?.[url]) return options.deletes[url](body)
    return undefined
  })
  return { calls, fetchMock, posted: (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path) }
}

function renderProfile(entry = '/profile') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/profile" element={<ProfileSections />} />
        <Route path="/" element={<h1>Landing</h1>} />
      </Routes>
    </MemoryRouter>,
  )
}

const section = async (name: string) => within(await screen.findByRole('region', { name }))
const toasts = () => useToastStore.getState().toasts.map((t) => ({ title: t.title, variant: t.variant }))

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Account', () => {
  it('shows the names and saves an edit through update-user', async () => {
    const user = userEvent.setup()
    const api = serve({ posts: { '/api/auth/update-user': () => Response.json({ status: true }) } })
    renderProfile()
    const account = await section('Account')
    expect(account.getByText('Ana Lima')).toBeInTheDocument()
    expect(account.getByText('Jan 10, 2026')).toBeInTheDocument()

    await user.click(account.getByRole('button', { name: 'Edit name' }))
    await user.clear(account.getByLabelText('First name'))
    await user.click(account.getByRole('button', { name: 'Save changes' }))
    expect(await account.findByText('First name is required')).toBeInTheDocument()

    await user.type(account.getByLabelText('First name'), 'Bea')
    await user.clear(account.getByLabelText('Last name'))
    await user.type(account.getByLabelText('Last name'), 'Costa')
    await user.click(account.getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(api.posted('/api/auth/update-user')).toHaveLength(1))
    expect(api.posted('/api/auth/update-user')[0]!.body).toEqual({ name: 'Bea Costa', firstName: 'Bea', lastName: 'Costa' })
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Profile updated', variant: 'success' }))
  })

  it("says 'Failed to update profile' when the update fails", async () => {
    const user = userEvent.setup()
    serve({ posts: { '/api/auth/update-user': () => Response.json({ message: 'boom' }, { status: 500 }) } })
    renderProfile()
    const account = await section('Account')
    await user.click(account.getByRole('button', { name: 'Edit name' }))
    await user.click(account.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Failed to update profile', variant: 'error' }))
    expect(account.getByRole('form', { name: 'Edit name' })).toBeInTheDocument()
  })
})

describe('Email addresses', () => {
  it('lists the primary address first with Primary and Verified badges, and flags unverified ones', async () => {
    serve()
    renderProfile()
    const emails = await section('Email addresses')
    const items = emails.getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('ana@example.com')
    expect(items[0]).toHaveTextContent('Primary')
    expect(items[0]).toHaveTextContent('Verified on Mar 5, 2026')
    expect(within(items[0]!).getByText('Verified')).toBeInTheDocument()
    expect(items[1]).toHaveTextContent('ana.work@example.com')
    expect(within(items[1]!).getByText('Unverified')).toBeInTheDocument()
    expect(items[1]).not.toHaveTextContent('Primary')
  })
})

describe('Password', () => {
  it('checks the spec rules before calling the server', async () => {
    const user = userEvent.setup()
    const api = serve()
    renderProfile()
    const password = await section('Password')
    await user.type(password.getByLabelText('New password'), 'short')
    await user.type(password.getByLabelText('Confirm new password'), 'other')
    await user.click(password.getByRole('button', { name: 'Update password' }))
    expect(await password.findByText('Enter your current password')).toBeInTheDocument()
    expect(password.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(password.getByText("Passwords don't match")).toBeInTheDocument()
    expect(api.posted('/api/auth/change-password')).toHaveLength(0)
  })

  it('shows the server message for a wrong current password', async () => {
    const user = userEvent.setup()
    serve({
      posts: { '/api/auth/change-password': () => Response.json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, { status: 400 }) },
    })
    renderProfile()
    const password = await section('Password')
    await user.type(password.getByLabelText('Current password'), 'wrong-one')
    await user.type(password.getByLabelText('New password'), 'new-password')
    await user.type(password.getByLabelText('Confirm new password'), 'new-password')
    await user.click(password.getByRole('button', { name: 'Update password' }))
    expect(await password.findByText('Invalid password')).toBeInTheDocument()
    expect(password.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true')
  })

  it('changes the password, signing other sessions out', async () => {
    const user = userEvent.setup()
    const api = serve({ posts: { '/api/auth/change-password': () => Response.json({ token: 'new' }) } })
    renderProfile()
    const password = await section('Password')
    await user.type(password.getByLabelText('Current password'), 'old-password')
    await user.type(password.getByLabelText('New password'), 'new-password')
    await user.type(password.getByLabelText('Confirm new password'), 'new-password')
    await user.click(password.getByRole('button', { name: 'Update password' }))
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Password updated successfully!', variant: 'success' }))
    expect(api.posted('/api/auth/change-password')[0]!.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password',
      revokeOtherSessions: true,
    })
    expect(password.getByLabelText('Current password')).toHaveValue('')
  })
})

describe('Sessions', () => {
  it('lists devices readably, this one (as the server marks it) first', async () => {
    serve()
    renderProfile()
    const sessions = await section('Sessions')
    const items = await sessions.findAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Chrome on macOS')
    expect(items[0]).toHaveTextContent('This device')
    expect(items[0]).toHaveTextContent('203.0.113.7')
    expect(within(items[0]!).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument()
    expect(items[1]).toHaveTextContent('Safari on iPhone')
    expect(items[1]).toHaveTextContent('Last active 5 minutes ago')
    expect(items[1]).not.toHaveTextContent('This device')
  })

  it('signs one session out by its id, and all other sessions at once, through our session endpoints', async () => {
    const user = userEvent.setup()
    const api = serve({
      deletes: { '/api/me/sessions/s2': () => new Response(null, { status: 204 }) },
      posts: { '/api/me/sessions/revoke-others': () => Response.json({ revoked: 1 }) },
    })
    renderProfile()
    const sessions = await section('Sessions')
    await user.click(await sessions.findByRole('button', { name: 'Sign out Safari on iPhone session' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/me/sessions/s2']))
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Session signed out', variant: 'success' }))
    // The list is read again after a change.
    expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/api/me/sessions').length).toBeGreaterThan(1)

    await user.click(sessions.getByRole('button', { name: 'Sign out other sessions' }))
    await waitFor(() => expect(api.posted('/api/me/sessions/revoke-others')).toHaveLength(1))
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Signed out of all other sessions', variant: 'success' }))
  })

  it('says when a session could not be signed out', async () => {
    const user = userEvent.setup()
    serve({ deletes: { '/api/me/sessions/s2': () => Response.json({ error: { code: 'not_found', message: 'No such session.' } }, { status: 404 }) } })
    renderProfile()
    const sessions = await section('Sessions')
    await user.click(await sessions.findByRole('button', { name: 'Sign out Safari on iPhone session' }))
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Could not sign out that session', variant: 'error' }))
  })

  it('disables "Sign out other sessions" when this is the only one', async () => {
    serve({ sessions: [session('s1', CHROME_MAC, '203.0.113.7', true)] })
    renderProfile()
    const sessions = await section('Sessions')
    expect(await sessions.findAllByRole('listitem')).toHaveLength(1)
    expect(sessions.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled()
  })

  it('explains a list that failed to load and tries again', async () => {
    const user = userEvent.setup()
    // A 4xx, which the app doesn't retry by itself.
    const api = serve({ sessions: Response.json({ error: { code: 'rate_limited', message: 'Slow down.' } }, { status: 429 }) })
    renderProfile()
    const sessions = await section('Sessions')
    expect(await sessions.findByText(/Could not load your sessions\. Slow down\./)).toBeInTheDocument()
    const before = api.calls.filter((c) => c.path === '/api/me/sessions').length
    await user.click(sessions.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/me/sessions').length).toBe(before + 1))
  })
})

describe('Two-factor authentication', () => {
  const TOTP_URI = 'otpauth://totp/FareDrop:ana%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=FareDrop&digits=6&period=30'
  const CODES = ['AbCd1-EfGh2', 'IjKl3-MnOp4']

  it('sets up an authenticator: password, QR code and key, code, then the backup codes once', async () => {
    const user = userEvent.setup()
    const api = serve({
      posts: {
        '/api/auth/two-factor/enable': () => Response.json({ totpURI: TOTP_URI, backupCodes: CODES }),
        '/api/auth/two-factor/verify-totp': (body) =>
          (body as { code: string }).code === '123456'
            ? Response.json({ token: 't' })
            : Response.json({ code: 'INVALID_CODE', message: 'Invalid code' }, { status: 401 }),
      },
    })
    renderProfile()
    const twoFactor = await section('Two-factor authentication')
    expect(twoFactor.getByText('Disabled')).toBeInTheDocument()
    await user.click(await twoFactor.findByRole('button', { name: 'Enable' }))

    const dialog = within(await screen.findByRole('dialog', { name: 'Set up two-factor authentication' }))
    await user.type(dialog.getByLabelText('Password'), 'my-password')
    await user.click(dialog.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.posted('/api/auth/two-factor/enable')[0]!.body).toEqual({ password: 'my-password' })

    expect(await twoFactor.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    )
    expect(twoFactor.getByLabelText('Setup key')).toHaveTextContent('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ')

    await user.type(twoFactor.getByLabelText('Authentication code'), '000000')
    await user.click(twoFactor.getByRole('button', { name: 'Verify and enable' }))
    expect(await twoFactor.findByText(/^Invalid code\./)).toBeInTheDocument()

    await user.clear(twoFactor.getByLabelText('Authentication code'))
    await user.type(twoFactor.getByLabelText('Authentication code'), '123 456')
    await user.click(twoFactor.getByRole('button', { name: 'Verify and enable' }))
    const codes = await twoFactor.findByRole('list', { name: 'Backup codes' })
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES)
    expect(api.posted('/api/auth/two-factor/verify-totp').at(-1)!.body).toEqual({ code: '123456', trustDevice: false })
    expect(toasts()).toContainEqual({ title: 'Two-factor authentication enabled', variant: 'success' })

    await user.click(twoFactor.getByRole('button', { name: "I've saved my codes" }))
    expect(twoFactor.queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument()
  })

  it('shows a wrong password under the field', async () => {
    const user = userEvent.setup()
    serve({
      posts: { '/api/auth/two-factor/enable': () => Response.json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, { status: 400 }) },
    })
    renderProfile()
    await user.click(await (await section('Two-factor authentication')).findByRole('button', { name: 'Enable' }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.type(dialog.getByLabelText('Password'), 'wrong')
    await user.click(dialog.getByRole('button', { name: 'Continue' }))
    expect(await dialog.findByText('Invalid password')).toBeInTheDocument()
  })

  it('when enabled, regenerates backup codes and disables with the password', async () => {
    const user = userEvent.setup()
    const api = serve({
      user: { twoFactorEnabled: true },
      posts: {
        '/api/auth/two-factor/generate-backup-codes': () => Response.json({ status: true, backupCodes: CODES }),
        '/api/auth/two-factor/disable': () => Response.json({ status: true }),
      },
    })
    renderProfile()
    const twoFactor = await section('Two-factor authentication')
    expect(twoFactor.getByText('Enabled')).toBeInTheDocument()
    expect(await twoFactor.findByRole('list', { name: 'Second factors' })).toHaveTextContent('Authenticator app')
    expect(twoFactor.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument()
    expect(twoFactor.getByRole('button', { name: 'Add text message' })).toBeInTheDocument()

    await user.click(twoFactor.getByRole('button', { name: 'Regenerate backup codes' }))
    let dialog = within(await screen.findByRole('dialog', { name: 'Regenerate backup codes' }))
    await user.type(dialog.getByLabelText('Password'), 'my-password')
    await user.click(dialog.getByRole('button', { name: 'Regenerate codes' }))
    expect(await twoFactor.findByRole('list', { name: 'Backup codes' })).toHaveTextContent('AbCd1-EfGh2')
    expect(api.posted('/api/auth/two-factor/generate-backup-codes')[0]!.body).toEqual({ password: 'my-password' })
    await user.click(twoFactor.getByRole('button', { name: "I've saved my codes" }))

    await user.click(twoFactor.getByRole('button', { name: 'Turn off two-factor' }))
    dialog = within(await screen.findByRole('dialog', { name: 'Disable two-factor authentication' }))
    await user.type(dialog.getByLabelText('Password'), 'my-password')
    await user.click(dialog.getByRole('button', { name: 'Turn off two-factor' }))
    await waitFor(() => expect(api.posted('/api/auth/two-factor/disable')).toEqual([expect.objectContaining({ body: { password: 'my-password' } })]))
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Two-factor authentication disabled', variant: 'success' }))
  })
})

describe('Second factors', () => {
  it('adds text-message codes: a name, then the code texted to the verified phone', async () => {
    const user = userEvent.setup()
    let factors: SecondFactor[] = []
    const api = serve({
      posts: {
        '/api/me/second-factors': (body) => {
          factors = [{ ...PHONE_FACTOR, friendlyName: (body as { friendlyName: string }).friendlyName, status: 'unverified' }]
          return Response.json({ factor: factors[0] }, { status: 201 })
        },
        '/api/auth/two-factor/send-otp': () => Response.json({ status: true }),
        '/api/auth/two-factor/verify-otp': (body) => {
          if ((body as { code: string }).code !== '135790') return Response.json({ code: 'INVALID_CODE', message: 'Invalid code' }, { status: 401 })
          factors = [{ ...factors[0]!, status: 'verified' }]
          return Response.json({ token: 't' })
        },
      },
    })
    renderProfile()
    const twoFactor = await section('Two-factor authentication')
    await user.click(await twoFactor.findByRole('button', { name: 'Add text message' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add text message sign-in codes' }))
    expect(await dialog.findByText("When you sign in, we'll text a 6-digit code to +14155550177, your verified phone number.")).toBeInTheDocument()
    await user.clear(dialog.getByLabelText('Name'))
    await user.click(dialog.getByRole('button', { name: 'Text me a code' }))
    expect(await dialog.findByText('Give this method a name.')).toBeInTheDocument()
    await user.type(dialog.getByLabelText('Name'), 'Travel phone')
    await user.click(dialog.getByRole('button', { name: 'Text me a code' }))
    await waitFor(() => expect(api.posted('/api/auth/two-factor/send-otp')).toHaveLength(1))
    expect(api.posted('/api/me/second-factors')[0]!.body).toEqual({ factorType: 'phone', friendlyName: 'Travel phone' })

    await user.type(await dialog.findByLabelText('Texted code'), '000000')
    await user.click(dialog.getByRole('button', { name: 'Verify and add' }))
    expect(await dialog.findByText('Invalid code')).toBeInTheDocument()
    await user.clear(dialog.getByLabelText('Texted code'))
    await user.type(dialog.getByLabelText('Texted code'), '135790')
    await user.click(dialog.getByRole('button', { name: 'Verify and add' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(toasts()).toContainEqual({ title: 'Text message sign-in codes added', variant: 'success' })
  })

  it('asks to verify a phone first when there is none', async () => {
    const user = userEvent.setup()
    serve({ phone: { phone: null, verified: false } })
    renderProfile()
    await user.click(await (await section('Two-factor authentication')).findByRole('button', { name: 'Add text message' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add text message sign-in codes' }))
    expect(await dialog.findByText('Add and verify a phone number under Notifications first, then come back here.')).toBeInTheDocument()
    expect(dialog.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument()
  })

  it('lists each factor by name and removes one with the password', async () => {
    const user = userEvent.setup()
    const api = serve({
      user: { twoFactorEnabled: true },
      factors: [APP_FACTOR, PHONE_FACTOR],
      deletes: { '/api/me/second-factors/f-phone': () => Response.json({ factors: [APP_FACTOR] }) },
    })
    renderProfile()
    const twoFactor = await section('Two-factor authentication')
    const list = within(await twoFactor.findByRole('list', { name: 'Second factors' }))
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Authenticator appCodes from an authenticator app'),
      expect.stringContaining('Travel phoneCodes texted to •••• 77'),
    ])
    expect(twoFactor.queryByRole('button', { name: 'Add text message' })).not.toBeInTheDocument()
    await user.click(list.getByRole('button', { name: 'Remove Travel phone' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Travel phone?' }))
    await user.type(dialog.getByLabelText('Password'), 'my-password')
    await user.click(dialog.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/api/me/second-factors/f-phone', body: { password: 'my-password' } }]))
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Travel phone removed', variant: 'success' }))
  })
})

describe('Sign-in methods', () => {
  it('lists the password and each provider, connected or not', async () => {
    serve({ accounts: [PASSWORD_METHOD, GOOGLE_METHOD] })
    renderProfile()
    const methods = await section('Sign-in methods')
    const rows = (await methods.findByRole('list', { name: 'Sign-in methods' })).querySelectorAll('li')
    expect([...rows].map((row) => row.textContent)).toEqual([
      expect.stringContaining('Email and passwordSet'),
      expect.stringContaining('GoogleConnectedConnected Mar 1, 2026.'),
      expect.stringContaining('MicrosoftNot connected.'),
      expect.stringContaining('AppleNot available on this server.'),
    ])
    expect(methods.getByRole('button', { name: 'Disconnect Google' })).toBeEnabled()
    expect(methods.getByRole('button', { name: 'Connect Microsoft' })).toBeEnabled()
    expect(methods.getByRole('button', { name: 'Connect Apple' })).toBeDisabled()
  })

  it('never offers to disconnect the last way in', async () => {
    serve({ accounts: [GOOGLE_METHOD] })
    renderProfile()
    const methods = await section('Sign-in methods')
    expect(await methods.findByRole('button', { name: 'Disconnect Google' })).toBeDisabled()
    expect(methods.getByText('Connected Mar 1, 2026. Set a password or connect another provider before disconnecting it.')).toBeInTheDocument()
  })

  it('disconnects a provider', async () => {
    const user = userEvent.setup()
    const api = serve({ accounts: [PASSWORD_METHOD, GOOGLE_METHOD], posts: { '/api/auth/unlink-account': () => Response.json({ status: true }) } })
    renderProfile()
    await user.click(await (await section('Sign-in methods')).findByRole('button', { name: 'Disconnect Google' }))
    await waitFor(() => expect(api.posted('/api/auth/unlink-account')[0]?.body).toEqual({ accountId: 'acc-google' }))
    await waitFor(() => expect(toasts()).toContainEqual({ title: 'Google disconnected', variant: 'success' }))
  })

  it('explains a link the provider sent back refused', async () => {
    serve()
    renderProfile('/profile?link=google&error=account_already_linked_to_different_user')
    expect(await (await section('Sign-in methods')).findByText('That Google account is already connected to another FareDrop account.')).toBeInTheDocument()
  })
})

describe('Delete account', () => {
  it('needs the email typed and the password, then leaves for the landing page', async () => {
    const user = userEvent.setup()
    const api = serve({
      posts: {
        '/api/auth/delete-user': (body) =>
          (body as { password: string }).password === 'right-password'
            ? Response.json({ success: true, message: 'User deleted' })
            : Response.json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, { status: 400 }),
      },
    })
    const { queryClient } = renderProfile()
    await user.click((await section('Delete account')).getByRole('button', { name: 'Delete account' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }))
    const confirm = dialog.getByRole('button', { name: 'Delete my account' })
    expect(confirm).toBeDisabled()

    await user.type(dialog.getByLabelText('Type ana@example.com to confirm'), 'ana@example.co')
    expect(confirm).toBeDisabled()
    await user.type(dialog.getByLabelText('Type ana@example.com to confirm'), 'm')
    expect(confirm).toBeEnabled()

    await user.type(dialog.getByLabelText('Password'), 'wrong-password')
    await user.click(confirm)
    expect(await dialog.findByText('Invalid password')).toBeInTheDocument()

    await user.clear(dialog.getByLabelText('Password'))
    await user.type(dialog.getByLabelText('Password'), 'right-password')
    await user.click(confirm)
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument()
    expect(api.posted('/api/auth/delete-user').at(-1)!.body).toEqual({ password: 'right-password' })
    expect(queryClient.getQueryData(['me'])).toBeNull()
    expect(queryClient.getQueryData(['me', 'auth-session'])).toBeUndefined()
    expect(toasts()).toContainEqual({ title: 'Your account has been deleted', variant: 'success' })
  })
})
