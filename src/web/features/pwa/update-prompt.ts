import { useToastStore } from '../../stores/toast-store.ts'

/** Where the service worker is served (src/web/sw.ts, built by scripts/vite-pwa.ts): existing push subscriptions belong to it. */
export const SERVICE_WORKER_URL = '/sw.js'

/** How often an open tab asks for a new version (the browser also checks on every navigation). */
export const UPDATE_CHECK_MS = 60 * 60_000

export const UPDATE_MESSAGES = {
  title: 'Update available',
  description: 'A new version of FareDrop is ready.',
  action: 'Reload',
} as const

/**
 * The one place the service worker is registered (decision 035; push waits for it through
 * `navigator.serviceWorker.ready`). A new version installs in the background and waits: the page
 * offers "Update available — Reload", and only that click lets it take over, then reloads, so a
 * page never runs with code of two versions. A version already waiting when the page opens (a
 * deploy since the last visit) is offered at once. Returns the registration, or null where service
 * workers are unavailable or refused.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null
  // Undefined only where automation replaced register(), as Playwright's blocked workers do.
  const registration = (await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' })) as ServiceWorkerRegistration | undefined
  if (!registration) return null
  const offer = (worker: ServiceWorker) => {
    // The first install has no controller to replace: it takes the page without asking.
    if (navigator.serviceWorker.controller) offerUpdate(worker)
  }
  const offerOnceInstalled = (worker: ServiceWorker) =>
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker)
    })
  if (registration.waiting) offer(registration.waiting)
  // The browser checks for a new version on every navigation: it may be installing already.
  if (registration.installing) offerOnceInstalled(registration.installing)
  registration.addEventListener('updatefound', () => {
    if (registration.installing) offerOnceInstalled(registration.installing)
  })
  setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS)
  return registration
}

let offered: ServiceWorker | null = null

function offerUpdate(worker: ServiceWorker) {
  if (offered === worker) return
  offered = worker
  useToastStore.getState().show({
    title: UPDATE_MESSAGES.title,
    description: UPDATE_MESSAGES.description,
    variant: 'info',
    persistent: true,
    action: {
      label: UPDATE_MESSAGES.action,
      onClick: () => {
        // Another tab's click may have let it take over already: then only this page is old.
        if (worker.state === 'activating' || worker.state === 'activated') return window.location.reload()
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
        worker.postMessage({ type: 'SKIP_WAITING' })
      },
    },
  })
}
