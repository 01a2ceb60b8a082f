/**
 * The push side of FareDrop's service worker (src/web/sw.ts): a price-alert notice arrives as
 * {title, body, url} (decision 014) and is shown; clicking it opens its link. Moved unchanged from
 * the push-only worker that was public/sw.js (decision 035).
 */

const ICON = '/favicon.svg'
const FALLBACK_URL = '/alerts'

/** What of the worker's global scope the notices use (a stand-in in tests). */
export interface NoticeScope {
  location: { origin: string }
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>
  clients: Pick<Clients, 'matchAll' | 'openWindow'>
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}

interface PushPayload {
  title?: unknown
  body?: unknown
  url?: unknown
}

/** The push payload; anything unreadable still shows a notice (userVisibleOnly promises one). */
function readPayload(data: PushMessageData | null): PushPayload {
  try {
    const payload: unknown = data ? data.json() : {}
    return payload && typeof payload === 'object' ? (payload as PushPayload) : {}
  } catch {
    return { body: data ? data.text() : '' }
  }
}

/** Only web links are opened; anything else falls back to the alerts page. */
function safeUrl(value: unknown, origin: string): string {
  const fallback = new URL(FALLBACK_URL, origin).href
  try {
    const url = new URL(typeof value === 'string' ? value : FALLBACK_URL, origin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : fallback
  } catch {
    return fallback
  }
}

/** A tab already showing the page, else any FareDrop tab taken there, else a new window. */
async function openNotice(scope: NoticeScope, url: string): Promise<unknown> {
  const tabs = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly WindowClient[]
  const exact = tabs.find((tab) => tab.url === url)
  if (exact) return exact.focus()
  const app = tabs.find((tab) => new URL(tab.url).origin === scope.location.origin)
  if (app) {
    try {
      // navigate() only works on tabs this worker controls (loaded after it was installed).
      const moved = await app.navigate(url)
      if (moved) return moved.focus()
    } catch {
      // Not controlled: open a new window instead.
    }
  }
  return scope.clients.openWindow(url)
}

export function listenForPushNotices(scope: NoticeScope): void {
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event.data)
    event.waitUntil(
      scope.registration.showNotification(typeof payload.title === 'string' && payload.title ? payload.title : 'FareDrop', {
        body: typeof payload.body === 'string' ? payload.body : '',
        icon: ICON,
        data: { url: safeUrl(payload.url, scope.location.origin) },
      }),
    )
  })

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null | undefined
    event.waitUntil(openNotice(scope, safeUrl(data?.url, scope.location.origin)))
  })
}
