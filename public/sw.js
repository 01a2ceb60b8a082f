/*
 * FareDrop's service worker. It only shows price-alert push notices and opens them when clicked:
 * no fetch handler and no caching, so the app always loads from the network and a deploy never
 * leaves anyone on stale code. The server sends {title, body, url} (decision 014).
 */

const ICON = '/favicon.svg'
const FALLBACK_URL = '/alerts'

/** The push payload; anything unreadable still shows a notice (userVisibleOnly promises one). */
function readPayload(data) {
  try {
    const payload = data ? data.json() : {}
    return payload && typeof payload === 'object' ? payload : {}
  } catch {
    return { body: data ? data.text() : '' }
  }
}

/** Only web links are opened; anything else falls back to the alerts page. */
function safeUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : FALLBACK_URL, self.location.origin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : new URL(FALLBACK_URL, self.location.origin).href
  } catch {
    return new URL(FALLBACK_URL, self.location.origin).href
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data)
  event.waitUntil(
    self.registration.showNotification(typeof payload.title === 'string' && payload.title ? payload.title : 'FareDrop', {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: ICON,
      data: { url: safeUrl(payload.url) },
    }),
  )
})

/** A tab already showing the page, else any FareDrop tab taken there, else a new window. */
async function openNotice(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const exact = tabs.find((tab) => tab.url === url)
  if (exact) return exact.focus()
  const app = tabs.find((tab) => new URL(tab.url).origin === self.location.origin)
  if (app) {
    try {
      // navigate() only works on tabs this worker controls (loaded after it was installed).
      const moved = await app.navigate(url)
      if (moved) return moved.focus()
    } catch {
      // Not controlled: open a new window instead.
    }
  }
  return self.clients.openWindow(url)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openNotice(safeUrl(event.notification.data && event.notification.data.url)))
})
