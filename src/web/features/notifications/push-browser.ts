/**
 * This browser's side of Web Push: whether it can, and the subscription it holds. The subscription
 * outlives sign-ins (it belongs to the browser, not to a user), so whose notices it receives is
 * decided on the server: the user it was last registered for (decision 015).
 */

/** public/sw.js: at the root, so its default scope covers every page. */
export const SERVICE_WORKER_URL = '/sw.js'

export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

export async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}
