import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '#tests/setup/render.tsx'
import { fakePush, SUBSCRIPTION_JSON, VAPID_PUBLIC_KEY } from '../notifications/fake-push.ts'
import { releasePushSubscription } from '../notifications/push-follows-user.ts'
import { rememberReturnPath, returnPath } from './return-path.ts'
import { useSignOut } from './use-sign-out.ts'

/** Signing out takes this browser's push endpoint off the user's devices first, and never fails because of it. */

type Call = { method: string; url: string; body: unknown }

/** `removal` answers DELETE /api/push/subscriptions (it may hang or fail); every call is recorded in order. */
function serve(removal: () => Response | Promise<Response> = () => Response.json({ success: true })) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const method = init?.method ?? 'GET'
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
      if (url === '/api/push/subscriptions' && method === 'DELETE') return removal()
      if (url === '/api/auth/sign-out') return Response.json({ success: true })
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
    }),
  )
  return { calls, order: () => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`) }
}

function SignOutButton() {
  const signOut = useSignOut()
  return (
    <button type="button" onClick={() => void signOut()}>
      Sign out
    </button>
  )
}

function renderSignOut() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<SignOutButton />} />
        <Route path="/" element={<p>Landing page</p>} />
      </Routes>
    </MemoryRouter>,
  )
}

let push: ReturnType<typeof fakePush> | null = null
afterEach(() => {
  push?.restore()
  push = null
})

describe('signing out on a browser with push', () => {
  it("removes this browser's endpoint from the server before the session ends, and keeps the browser's subscription", async () => {
    push = fakePush({ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY })
    const api = serve()
    renderSignOut()
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Landing page')).toBeInTheDocument()
    expect(api.order()).toEqual(['DELETE /api/push/subscriptions', 'POST /api/auth/sign-out'])
    expect(api.calls[0]!.body).toEqual({ endpoint: SUBSCRIPTION_JSON.endpoint })
    // Kept for whoever signs in next and wants push (or this user's return): the server no longer sends to it.
    expect(push.subscription()?.unsubscribe).not.toHaveBeenCalled()
  })

  it('forgets the page a sign-in would have come back to, so the next person to sign in is not sent there', async () => {
    serve()
    rememberReturnPath('/search?from=JFK&to=LHR&track=1')
    renderSignOut()
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Landing page')).toBeInTheDocument()
    expect(returnPath()).toBeNull()
  })

  it('still signs out when the server could not be told, ending the subscription at the push service instead', async () => {
    push = fakePush({ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY })
    const subscription = push.subscription()!
    const api = serve(() => Response.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 }))
    renderSignOut()
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Landing page')).toBeInTheDocument()
    expect(api.order()).toEqual(['DELETE /api/push/subscriptions', 'POST /api/auth/sign-out'])
    expect(subscription.unsubscribe).toHaveBeenCalledOnce()
  })

  it("leaves a subscription registered for someone else alone (404: nothing of this user's to stop)", async () => {
    push = fakePush({ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY })
    const subscription = push.subscription()!
    serve(() => Response.json({ error: { code: 'not_found', message: 'You have no push subscription with that endpoint.' } }, { status: 404 }))
    renderSignOut()
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Landing page')).toBeInTheDocument()
    expect(subscription.unsubscribe).not.toHaveBeenCalled()
  })

  it('signs out as before on a browser without push or without a subscription', async () => {
    const api = serve()
    renderSignOut()
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Landing page')).toBeInTheDocument()
    expect(api.order()).toEqual(['POST /api/auth/sign-out'])

    push = fakePush({ permission: 'granted' })
    await expect(releasePushSubscription()).resolves.toBeUndefined()
    expect(api.order()).toEqual(['POST /api/auth/sign-out'])
  })

  it('gives up waiting for a server that does not answer, and ends the subscription', async () => {
    push = fakePush({ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY })
    const subscription = push.subscription()!
    serve(() => new Promise<Response>(() => {}))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await releasePushSubscription(20)
    expect(subscription.unsubscribe).toHaveBeenCalledOnce()
    expect(warn).not.toHaveBeenCalled()
  })

  it('never throws, even when the browser fails', async () => {
    push = fakePush({ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY })
    push.serviceWorker.getRegistration.mockRejectedValueOnce(new Error('storage error'))
    serve()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(releasePushSubscription()).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledOnce()
    await waitFor(() => expect(push!.subscription()).not.toBeNull())
  })
})
