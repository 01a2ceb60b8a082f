import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { stubApi } from '#tests/setup/render.tsx'
import { createQueryClient } from '../../lib/query-client.ts'
import { fakePush, OTHER_VAPID_KEY, SUBSCRIPTION_JSON, VAPID_PUBLIC_KEY } from './fake-push.ts'
import { urlBase64ToUint8Array } from './push-keys.ts'
import { PUSH_MESSAGES, usePushSubscription } from './use-push-subscription.ts'

type Call = { method: string; url: string; body: unknown }

// A new user per test: what signing in does to the browser's subscription runs once per user and page load.
let users = 0
const signedIn = () => ({ user: { id: `user-${++users}`, email: 'ana@example.com', name: 'Ana', emailVerified: true }, profile: { role: 'elite', subscription_tier: 'elite' }, emails: [] })

/**
 * The push endpoints for a signed-in user; `save` answers POST /api/push/subscriptions, `registered`
 * lists the endpoints the server holds for the user (this browser's, unless told otherwise).
 */
function servePushApi(
  save: () => Response = () => Response.json({ success: true }, { status: 201 }),
  options: { registered?: string[]; pushAlerts?: number } = {},
) {
  let registered = options.registered ?? [SUBSCRIPTION_JSON.endpoint]
  const pushAlerts = options.pushAlerts ?? 0
  const calls: Call[] = []
  const session = signedIn()
  stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
    if (url === '/api/session') return Response.json(session)
    if (url === '/api/push/public-key') return Response.json({ publicKey: VAPID_PUBLIC_KEY })
    if (url === '/api/push/subscriptions' && method === 'GET') {
      return Response.json({ subscriptions: registered.map((endpoint) => ({ endpoint, userAgent: null, createdAt: '2027-01-01T00:00:00Z' })), pushAlerts })
    }
    if (url === '/api/push/subscriptions' && method === 'POST') {
      const answer = save()
      if (answer.ok) registered = [...registered, SUBSCRIPTION_JSON.endpoint]
      return answer
    }
    if (url === '/api/push/subscriptions' && method === 'DELETE') {
      registered = registered.filter((endpoint) => endpoint !== SUBSCRIPTION_JSON.endpoint)
      return Response.json({ success: true })
    }
    return undefined
  })
  return { calls, writes: () => calls.filter((call) => call.method !== 'GET') }
}

/** The hook reads the signed-in user through TanStack Query. */
const renderPushHook = () => {
  const queryClient = createQueryClient()
  return renderHook(() => usePushSubscription(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> })
}

let push: ReturnType<typeof fakePush> | null = null
afterEach(() => {
  push?.restore()
  push = null
})

describe('usePushSubscription', () => {
  it('reports a browser without service workers or the Push API as unsupported', () => {
    const { result } = renderPushHook()
    expect(result.current.status).toBe('unsupported')
    expect(result.current.permission).toBeNull()
  })

  it("turns push on: asks permission, uses the app's service worker, subscribes with the server key and posts the subscription", async () => {
    push = fakePush()
    const api = servePushApi()
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('off'))
    expect(result.current.permission).toBe('default')

    let ok = false
    await act(async () => {
      ok = await result.current.subscribe()
    })
    expect(ok).toBe(true)
    expect(push.Notification.requestPermission).toHaveBeenCalledOnce()
    // The app registered its worker when the page loaded (features/pwa): push registers none of its own.
    expect(push.serviceWorker.register).not.toHaveBeenCalled()
    expect(push.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(VAPID_PUBLIC_KEY) })
    expect(api.writes()).toEqual([{ method: 'POST', url: '/api/push/subscriptions', body: SUBSCRIPTION_JSON }])
    expect(result.current).toMatchObject({ status: 'on', permission: 'granted', error: null })
  })

  it('fails with a message, without waiting, when the browser has no service worker for the app', async () => {
    push = fakePush({ registered: false })
    const api = servePushApi()
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('off'))
    await act(() => result.current.subscribe())
    expect(result.current).toMatchObject({ status: 'off', error: PUSH_MESSAGES.failed })
    expect(push.pushManager.subscribe).not.toHaveBeenCalled()
    expect(api.writes()).toEqual([])
  })

  it('shows blocked when the user denies, and subscribes nothing', async () => {
    push = fakePush({ answer: 'denied' })
    const api = servePushApi()
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('off'))
    await act(() => result.current.subscribe())
    expect(result.current).toMatchObject({ status: 'blocked', permission: 'denied' })
    expect(push.pushManager.subscribe).not.toHaveBeenCalled()
    expect(api.writes()).toEqual([])
  })

  it('starts blocked when notifications were denied before', () => {
    push = fakePush({ permission: 'denied' })
    const { result } = renderPushHook()
    expect(result.current.status).toBe('blocked')
  })

  it('is on for a device already subscribed; turning off forgets it on the server, then in the browser', async () => {
    push = fakePush({ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY })
    const api = servePushApi()
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('on'))
    const subscription = push.subscription()!

    await act(() => result.current.unsubscribe())
    expect(api.writes()).toEqual([{ method: 'DELETE', url: '/api/push/subscriptions', body: { endpoint: SUBSCRIPTION_JSON.endpoint } }])
    expect(subscription.unsubscribe).toHaveBeenCalledOnce()
    expect(result.current.status).toBe('off')
  })

  it('treats a subscription made with an older server key as off, and replaces it when turned on', async () => {
    push = fakePush({ permission: 'granted', subscribedWith: OTHER_VAPID_KEY })
    servePushApi()
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('off'))
    const stale = push.subscription()!
    await act(() => result.current.subscribe())
    expect(stale.unsubscribe).toHaveBeenCalledOnce()
    expect(push.pushManager.subscribe).toHaveBeenCalledOnce()
    expect(result.current.status).toBe('on')
  })

  it('stays off with a message when the server refuses the subscription', async () => {
    push = fakePush()
    servePushApi(() => Response.json({ error: { code: 'validation_failed', message: 'Some fields are invalid.' } }, { status: 400 }))
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('off'))
    await act(() => result.current.subscribe())
    expect(result.current).toMatchObject({ status: 'off', error: 'Some fields are invalid.', busy: false })
  })

  it('says so when the browser fails to subscribe', async () => {
    push = fakePush()
    servePushApi()
    push.pushManager.subscribe.mockRejectedValueOnce(new DOMException('push service unreachable', 'AbortError'))
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('off'))
    await act(() => result.current.subscribe())
    expect(result.current).toMatchObject({ status: 'off', error: PUSH_MESSAGES.failed })
  })

  it('registers the subscription a shared browser holds for a user who signs in with push alerts', async () => {
    push = fakePush({ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY })
    // Registered for someone else (not in this user's list); this user has an alert that sends push.
    const api = servePushApi(undefined, { registered: [], pushAlerts: 1 })
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('on'))
    expect(api.writes()).toEqual([{ method: 'POST', url: '/api/push/subscriptions', body: SUBSCRIPTION_JSON }])
    // The same subscription, moved on the server: no new one in the browser.
    expect(push.pushManager.subscribe).not.toHaveBeenCalled()
    expect(push.subscription()?.unsubscribe).not.toHaveBeenCalled()
  })

  it("ends another user's subscription in the browser for a user without push alerts; turning on makes a new one", async () => {
    push = fakePush({ permission: 'granted', subscribedWith: VAPID_PUBLIC_KEY })
    const theirs = push.subscription()!
    const api = servePushApi(undefined, { registered: [], pushAlerts: 0 })
    const { result } = renderPushHook()
    await waitFor(() => expect(result.current.status).toBe('off'))
    expect(theirs.unsubscribe).toHaveBeenCalledOnce()
    expect(api.writes()).toEqual([])

    await act(() => result.current.subscribe())
    expect(push.pushManager.subscribe).toHaveBeenCalledOnce()
    expect(result.current.status).toBe('on')
  })
})
