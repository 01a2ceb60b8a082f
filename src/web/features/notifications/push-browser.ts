import { withTimeout } from '#shared/timeout.ts'

/**
 * This browser's side of Web Push: whether it can, and the subscription it holds. The subscription
 * outlives sign-ins (it belongs to the browser, not to a user), so whose notices it receives is
 * decided on the server: the user it was last registered for (decision 015).
 */

/** How long turning push on waits for the service worker to finish installing (a first visit precaches the app). */
const WORKER_READY_MS = 30_000

export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

export async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * The app's service worker, once active: push subscriptions belong to it. The app registers it on
 * every page load, after the first paint (features/pwa, decision 035): the one registration path,
 * which push only waits for. Throws when none was registered (a browser that refused it, `npm run
 * dev`) or it does not become active in time, instead of waiting forever.
 */
export async function activeServiceWorker(timeoutMs = WORKER_READY_MS): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration('/'))) throw new Error('no service worker is registered for this app')
  return withTimeout(() => navigator.serviceWorker.ready, timeoutMs)
}
