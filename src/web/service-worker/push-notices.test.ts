import { describe, expect, it, vi } from 'vitest'
import { listenForPushNotices, type NoticeScope } from './push-notices.ts'

// Ported from the test of public/sw.js, the push-only worker this replaces: the behaviour is unchanged.

const ORIGIN = 'https://faredrop.test'

type Handler = (event: Record<string, unknown>) => void
type Tab = { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }

function tab(url: string, navigates = true): Tab {
  const tab: Tab = {
    url,
    focus: vi.fn(async () => tab),
    navigate: vi.fn(async (to: string) => {
      if (!navigates) throw new TypeError('not controlled')
      tab.url = to
      return tab
    }),
  }
  return tab
}

/** The push listeners on a stand-in for the worker's global scope. */
function loadWorker(tabs: Tab[] = []) {
  const handlers: Record<string, Handler> = {}
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => {
      handlers[type] = handler
    },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => tabs), openWindow: vi.fn(async () => null) },
  }
  listenForPushNotices(scope as unknown as NoticeScope)
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve()
    handlers[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => (done = promise) })
    await done
  }
  return { handlers, scope, dispatch }
}

const pushData = (body: string) => ({
  json: () => JSON.parse(body) as unknown,
  text: () => body,
})

const click = (url: string | undefined) => ({ notification: { data: { url }, close: vi.fn() } })

describe('push notices in the service worker', () => {
  it('listens to push and notificationclick', () => {
    expect(Object.keys(loadWorker().handlers).sort()).toEqual(['notificationclick', 'push'])
  })

  it('shows the pushed title and body with the app icon, keeping the link for the click', async () => {
    const worker = loadWorker()
    await worker.dispatch('push', { data: pushData(JSON.stringify({ title: 'LHR → JFK is $420', body: '16% under your target', url: `${ORIGIN}/alerts?alert=a1` })) })
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith('LHR → JFK is $420', {
      body: '16% under your target',
      icon: '/favicon.svg',
      data: { url: `${ORIGIN}/alerts?alert=a1` },
    })
  })

  it('still shows a notice for a payload that is not JSON, and never keeps a non-web link', async () => {
    const worker = loadWorker()
    await worker.dispatch('push', { data: pushData('Prices dropped') })
    expect(worker.scope.registration.showNotification).toHaveBeenLastCalledWith('FareDrop', { body: 'Prices dropped', icon: '/favicon.svg', data: { url: `${ORIGIN}/alerts` } })
    await worker.dispatch('push', { data: pushData(JSON.stringify({ title: 'x', url: 'javascript:alert(1)' })) })
    expect(worker.scope.registration.showNotification).toHaveBeenLastCalledWith('x', { body: '', icon: '/favicon.svg', data: { url: `${ORIGIN}/alerts` } })
    await worker.dispatch('push', { data: null })
    expect(worker.scope.registration.showNotification).toHaveBeenLastCalledWith('FareDrop', { body: '', icon: '/favicon.svg', data: { url: `${ORIGIN}/alerts` } })
  })

  it('on click focuses a tab already at the link, else takes a FareDrop tab there', async () => {
    const there = tab(`${ORIGIN}/alerts?alert=a1`)
    const worker = loadWorker([tab('https://elsewhere.test/'), there])
    const event = click(`${ORIGIN}/alerts?alert=a1`)
    await worker.dispatch('notificationclick', event)
    expect(event.notification.close).toHaveBeenCalled()
    expect(there.focus).toHaveBeenCalled()

    const app = tab(`${ORIGIN}/search`)
    const other = loadWorker([app])
    await other.dispatch('notificationclick', click(`${ORIGIN}/alerts?alert=a1`))
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/alerts?alert=a1`)
    expect(app.focus).toHaveBeenCalled()
    expect(other.scope.clients.openWindow).not.toHaveBeenCalled()
  })

  it('opens the link in a new window when no tab can show it', async () => {
    const uncontrolled = tab(`${ORIGIN}/search`, false)
    const worker = loadWorker([uncontrolled])
    await worker.dispatch('notificationclick', click(`${ORIGIN}/search?from=JFK`))
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/search?from=JFK`)
    const empty = loadWorker()
    await empty.dispatch('notificationclick', click(undefined))
    expect(empty.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/alerts`)
  })
})
