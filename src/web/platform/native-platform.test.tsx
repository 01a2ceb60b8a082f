import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BrowserRouter, Route, Routes, useSearchParams } from 'react-router'
import { Button } from '../components/ui/button.tsx'
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '../components/ui/dialog.tsx'
import { ApiError } from '../lib/api-client.ts'
import { syncThemeWithDocument, useThemeStore } from '../stores/theme-store.ts'
import { useToastStore } from '../stores/toast-store.ts'
import { navigateInApp } from './in-app-navigation.ts'
import { MAGIC_LINK_FAILED, verifyMagicLinkWithApi } from './magic-link.ts'
import { startNativePlatform, type NativePlatform, type NativePlatformDeps } from './native-platform.ts'
import { REFRESH_TOKEN_KEY } from './refresh-token-store.ts'
import { fakeApp, fakeDeps, fakePush } from './test-fixtures.ts'

/**
 * The native side of the app, with Capacitor's plugins faked and the rest real: React Router's
 * BrowserRouter on jsdom's history, Radix dialogs, the theme store. What a user of the app would
 * notice: the page a link or notice opens, what the back button does, the status bar's text colour.
 */

function VerifyEmailPage() {
  const [params] = useSearchParams()
  return <h1>Verifying {params.get('token')}</h1>
}

function AlertsPage() {
  return (
    <>
      <h1>Alerts</h1>
      <Dialog>
        <DialogTrigger asChild>
          <Button>Edit alert</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Edit JFK → LHR</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  )
}

function SignInPage() {
  const [params] = useSearchParams()
  return <h1>{params.get('step') === 'two-factor' ? 'Enter your code' : 'Sign in'}</h1>
}

function TheApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<h1>Landing</h1>} />
        <Route path="/search" element={<h1>Search</h1>} />
        <Route path="/alerts" element={<AlertsPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/auth" element={<SignInPage />} />
        <Route path="/auth/callback" element={<h1>Completing sign-in</h1>} />
        <Route path="*" element={<h1>Not found</h1>} />
      </Routes>
    </BrowserRouter>
  )
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name })

let platform: NativePlatform | undefined
let startedAt: string
beforeEach(() => {
  startedAt = window.location.href
  window.history.replaceState(null, '', '/')
})
afterEach(async () => {
  await platform?.stop()
  platform = undefined
  document.documentElement.classList.remove('dark')
  // The web test files share one jsdom: leave its address as this file found it.
  window.history.replaceState(null, '', startedAt)
})

async function start<Overrides extends Partial<NativePlatformDeps> = Record<never, never>>(overrides: Overrides = {} as Overrides) {
  const deps = fakeDeps({ navigate: (path: string) => navigateInApp(window, path), ...overrides })
  render(<TheApp />)
  await act(async () => {
    // Every dependency is there (the fakes, then the test's own); the generic type can't tell.
    platform = await startNativePlatform(deps as NativePlatformDeps)
  })
  return deps
}

describe('the native platform: session', () => {
  it('turns the bearer session on first, for the configured server, with its refresh token kept in Preferences', async () => {
    const deps = await start({ apiOrigin: 'https://api.faredrop.app' })
    expect(deps.enableBearerSession).toHaveBeenCalledTimes(1)
    const [{ apiOrigin, store }] = deps.enableBearerSession.mock.calls[0]!
    expect(apiOrigin).toBe('https://api.faredrop.app')
    expect(await store.read()).toBeNull()
    await store.write('refresh-1')
    expect(deps.preferences.values.get(REFRESH_TOKEN_KEY)).toBe('refresh-1')
    expect(await store.read()).toBe('refresh-1')
    await store.write(null)
    expect(deps.preferences.values.has(REFRESH_TOKEN_KEY)).toBe(false)
    expect(await store.read()).toBeNull()
  })
})

describe('the native platform: links into the app', () => {
  it('opens the page a link names, with its query, and Back returns to where the user was', async () => {
    const deps = await start()
    await heading('Landing')
    act(() => deps.app.emit('appUrlOpen', { url: 'https://faredrop.app/verify-email?token=tok-1' }))
    expect(await heading('Verifying tok-1')).toBeInTheDocument()
    act(() => deps.app.emit('appUrlOpen', { url: 'faredrop://alerts' }))
    await heading('Alerts')
    act(() => window.history.back())
    expect(await heading('Verifying tok-1')).toBeInTheDocument()
  })

  it('ignores links to other sites and to pages links may not open', async () => {
    const deps = await start()
    await heading('Landing')
    for (const url of ['https://evil.example/alerts', 'javascript:alert(1)', 'https://faredrop.app/admin', 'faredrop://%2F%2Fevil.example']) {
      act(() => deps.app.emit('appUrlOpen', { url }))
    }
    expect(await heading('Landing')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/')
    expect(deps.warn).toHaveBeenCalledTimes(4)
  })

  it('opens the link the app was started with, once, even when the system also sends it as an open event', async () => {
    const app = fakeApp('https://faredrop.app/alerts')
    await start({ app })
    await heading('Alerts')
    act(() => app.emit('appUrlOpen', { url: 'https://faredrop.app/alerts' }))
    act(() => window.history.back())
    expect(await heading('Landing')).toBeInTheDocument()
  })
})

describe('the native platform: magic links', () => {
  const LINK = 'https://faredrop.app/api/auth/magic-link/verify?token=magic-1&callbackURL=%2F'

  it('sends an emailed sign-in link to the server once, then completes the sign-in like any other', async () => {
    const app = fakeApp(LINK)
    const deps = await start({ app })
    act(() => app.emit('appUrlOpen', { url: LINK }))
    expect(await heading('Completing sign-in')).toBeInTheDocument()
    expect(deps.verifyMagicLink).toHaveBeenCalledTimes(1)
    expect(deps.verifyMagicLink.mock.calls[0]![0].toString()).toBe('token=magic-1&callbackURL=%2F')
  })

  it('does not send the launch link again when the app’s page reloads', async () => {
    const first = await start({ app: fakeApp(LINK) })
    await heading('Completing sign-in')
    await platform!.stop()
    const verifyMagicLink = vi.fn(async () => ({ status: true, url: '/' }))
    const again = fakeApp(LINK)
    await act(async () => {
      platform = await startNativePlatform({ ...first, app: again, verifyMagicLink } as NativePlatformDeps)
    })
    await waitFor(() => expect(again.getLaunchUrl).toHaveBeenCalled())
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(verifyMagicLink).not.toHaveBeenCalled()
  })

  it('goes to the code step for an account with two-factor on', async () => {
    const deps = await start({ verifyMagicLink: vi.fn(async () => ({ status: false, twoFactorRedirect: true })) })
    act(() => deps.app.emit('appUrlOpen', { url: LINK }))
    expect(await heading('Enter your code')).toBeInTheDocument()
  })

  it('a used or expired link shows the sign-in page and says why', async () => {
    const refused = new ApiError(400, 'INVALID_TOKEN', 'This link is invalid or has expired. Please ask for a new one.')
    const deps = await start({ verifyMagicLink: vi.fn(async () => Promise.reject(refused)) })
    act(() => deps.app.emit('appUrlOpen', { url: LINK }))
    expect(await heading('Sign in')).toBeInTheDocument()
    expect(useToastStore.getState().toasts).toMatchObject([
      { variant: 'error', title: MAGIC_LINK_FAILED, description: 'This link is invalid or has expired. Please ask for a new one.' },
    ])
  })

  it('reaches the endpoint as emailed through the api client, whose bearer mode takes the session from the answer', async () => {
    const fetch = vi.fn(async () => Response.json({ status: true, url: '/' }))
    vi.stubGlobal('fetch', fetch)
    expect(await verifyMagicLinkWithApi(new URLSearchParams('token=magic-1&callbackURL=%2F'))).toEqual({ status: true, url: '/' })
    expect(fetch).toHaveBeenCalledWith('/api/auth/magic-link/verify?token=magic-1&callbackURL=%2F', expect.objectContaining({ method: 'GET' }))
  })
})

describe('the native platform: Android back button', () => {
  it('closes an open dialog first, then goes back one step, then leaves the app from /search', async () => {
    const user = userEvent.setup()
    const deps = await start()
    act(() => navigateInApp(window, '/search'))
    act(() => navigateInApp(window, '/alerts'))
    await user.click(await screen.findByRole('button', { name: 'Edit alert' }))
    expect(screen.getByRole('dialog', { name: 'Edit JFK → LHR' })).toBeInTheDocument()

    act(() => deps.app.emit('backButton', { canGoBack: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // jsdom goes back in a later task: give it one, and the page must still be the alerts.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(window.location.pathname).toBe('/alerts')
    expect(screen.getByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument()

    act(() => deps.app.emit('backButton', { canGoBack: true }))
    expect(await heading('Search')).toBeInTheDocument()
    expect(deps.app.exitApp).not.toHaveBeenCalled()

    act(() => deps.app.emit('backButton', { canGoBack: true }))
    expect(deps.app.exitApp).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument()
  })

  it('leaves the app from a page it was opened on with nothing behind it', async () => {
    const deps = await start()
    act(() => navigateInApp(window, '/alerts'))
    await heading('Alerts')
    act(() => deps.app.emit('backButton', { canGoBack: false }))
    expect(deps.app.exitApp).toHaveBeenCalledTimes(1)
  })
})

describe('the native platform: status bar', () => {
  it('shows dark text on the light theme and light text on the dark one, as the user switches', async () => {
    const stopTheme = syncThemeWithDocument()
    try {
      const deps = await start({ platform: 'ios' })
      expect(deps.statusBar.setStyle).toHaveBeenLastCalledWith({ style: 'LIGHT' })
      act(() => useThemeStore.getState().setTheme('dark'))
      await waitFor(() => expect(deps.statusBar.setStyle).toHaveBeenLastCalledWith({ style: 'DARK' }))
      act(() => useThemeStore.getState().setTheme('light'))
      await waitFor(() => expect(deps.statusBar.setStyle).toHaveBeenLastCalledWith({ style: 'LIGHT' }))
      expect(deps.statusBar.setStyle).toHaveBeenCalledTimes(3)
      // iOS draws the page behind its bar.
      expect(deps.statusBar.setBackgroundColor).not.toHaveBeenCalled()
    } finally {
      stopTheme()
    }
  })

  it('on Android also paints the bar with the page’s background', async () => {
    document.documentElement.classList.add('dark')
    const deps = await start({ platform: 'android' })
    expect(deps.statusBar.setStyle).toHaveBeenLastCalledWith({ style: 'DARK' })
    expect(deps.statusBar.setBackgroundColor).toHaveBeenLastCalledWith({ color: '#0a1018' })
  })
})

describe('the native platform: push notifications', () => {
  it('asks once, registers, and hands the device token over', async () => {
    const push = fakePush({ permission: 'prompt', answer: 'granted', token: 'fcm-token-1' })
    const onPushToken = vi.fn()
    await start({ push, onPushToken })
    await waitFor(() => expect(onPushToken).toHaveBeenCalledWith('fcm-token-1'))
    expect(push.requestPermissions).toHaveBeenCalledTimes(1)
    expect(push.register).toHaveBeenCalledTimes(1)
    expect(platform!.pushToken()).toBe('fcm-token-1')
  })

  it('registers again at each start without asking when the user already said yes', async () => {
    const push = fakePush({ permission: 'granted', token: 'apns-token' })
    await start({ push, platform: 'ios' })
    await waitFor(() => expect(platform!.pushToken()).toBe('apns-token'))
    expect(push.requestPermissions).not.toHaveBeenCalled()
  })

  it('does not register when the user says no', async () => {
    const push = fakePush({ permission: 'prompt', answer: 'denied' })
    await start({ push })
    await waitFor(() => expect(push.requestPermissions).toHaveBeenCalled())
    expect(push.register).not.toHaveBeenCalled()
  })

  it('a tapped notice opens the search it is about; one without a usable link opens the alerts', async () => {
    const push = fakePush({ permission: 'granted' })
    await start({ push })
    await waitFor(() => expect(push.listening('pushNotificationActionPerformed')).toBe(1))
    const tap = (data: unknown) => act(() => push.emit('pushNotificationActionPerformed', { actionId: 'tap', notification: { id: '1', data } }))

    tap({ url: 'https://faredrop.app/search?from=JFK&to=LHR' })
    expect(await heading('Search')).toBeInTheDocument()
    expect(window.location.search).toBe('?from=JFK&to=LHR')

    tap({ url: 'https://evil.example/search' })
    expect(await heading('Alerts')).toBeInTheDocument()

    act(() => navigateInApp(window, '/'))
    tap({})
    expect(await heading('Alerts')).toBeInTheDocument()
  })

  it('leaves push alone in a build without push set up', async () => {
    const deps = await start({ push: null })
    expect(deps.push).toBeNull()
    expect(platform!.pushToken()).toBeNull()
    expect(deps.registerPushDevice).not.toHaveBeenCalled()
  })

  it('registers the token with the server for the signed-in session, naming the platform', async () => {
    const push = fakePush({ permission: 'granted', token: 'a1b2'.repeat(16) })
    const deps = await start({ push, platform: 'ios' })
    await waitFor(() => expect(deps.registerPushDevice).toHaveBeenCalledWith({ platform: 'ios', token: 'a1b2'.repeat(16) }))
    expect(deps.warn).not.toHaveBeenCalled()
  })

  it('signed out at start: the token waits, and is registered right after the next sign-in', async () => {
    let signIn: () => void = () => {}
    const registerPushDevice = vi.fn(async () => {
      throw new ApiError(401, 'unauthorized', 'Please sign in to continue.')
    })
    const push = fakePush({ permission: 'granted', token: 'fcm-token-2' })
    const deps = await start({ push, registerPushDevice, onSignIn: (listener: () => void) => ((signIn = listener), () => {}) })
    await waitFor(() => expect(registerPushDevice).toHaveBeenCalledTimes(1))
    // Not being signed in is no problem worth a warning.
    expect(deps.warn).not.toHaveBeenCalled()

    registerPushDevice.mockResolvedValueOnce(undefined as never)
    signIn()
    await waitFor(() => expect(registerPushDevice).toHaveBeenCalledTimes(2))
    expect(registerPushDevice).toHaveBeenLastCalledWith({ platform: 'android', token: 'fcm-token-2' })
  })

  it('a sign-in before any token arrived registers nothing; a failed registration is reported, not thrown', async () => {
    let signIn: () => void = () => {}
    const push = fakePush({ permission: 'granted' })
    const registerPushDevice = vi.fn(async () => {
      throw new ApiError(503, 'unavailable', 'Service unavailable')
    })
    const deps = await start({ push, registerPushDevice, onSignIn: (listener: () => void) => ((signIn = listener), () => {}) })
    signIn()
    expect(registerPushDevice).not.toHaveBeenCalled()

    act(() => push.emit('registration', { value: 'fcm-token-3' }))
    await waitFor(() => expect(deps.warn).toHaveBeenCalledWith('could not register for push notices', expect.any(ApiError)))
  })
})
