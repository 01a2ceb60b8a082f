import { ApiError } from '../../lib/api-client.ts'
import { deletePushSubscription, fetchPushPublicKey, fetchPushSubscriptions, savePushSubscription } from './api.ts'
import { browserSubscription, isPushSupported } from './push-browser.ts'
import { sameKey, urlBase64ToUint8Array } from './push-keys.ts'
import { withTimeout } from '#shared/timeout.ts'

/**
 * Push follows whoever is signed in on this browser (decision 015). The browser's subscription
 * outlives sign-ins; the server sends a user's notices to the endpoints registered for that user,
 * and an endpoint belongs to whoever registered it last. So:
 * - signing out first removes the endpoint from the server (releasePushSubscription), and
 * - signing in looks at the subscription the browser holds (followSignedInUser): registered for
 *   this user already, nothing to do; else it is registered for them when they have alerts that
 *   send push, and otherwise ended in the browser, since it may still be someone else's.
 */

let followed: { userId: string; settled: Promise<void> } | null = null

/** At most once per user and page load; every caller gets the same promise, which never rejects. */
export function followSignedInUser(userId: string): Promise<void> {
  if (followed?.userId !== userId) followed = { userId, settled: adoptOrDrop().catch(() => undefined) }
  return followed.settled
}

async function adoptOrDrop(): Promise<void> {
  if (!isPushSupported() || Notification.permission !== 'granted') return
  const subscription = await browserSubscription()
  if (!subscription) return
  const [registered, publicKey] = await Promise.all([fetchPushSubscriptions(), fetchPushPublicKey()])
  if (registered.subscriptions.some((device) => device.endpoint === subscription.endpoint)) return
  // Made with a key the server no longer has: no notice can reach it, and "Turn on" replaces it.
  if (!sameKey(subscription.options.applicationServerKey, urlBase64ToUint8Array(publicKey))) return
  if (registered.pushAlerts > 0) await savePushSubscription(subscription.toJSON())
  else await subscription.unsubscribe()
}

const RELEASE_TIMEOUT_MS = 3000

/**
 * Before signing out, while the session still lets us: the server forgets this browser's endpoint,
 * so none of the user's notices reach it once someone else uses it. The browser keeps its
 * subscription for the next user who wants push (and for this one's return) to register. If the
 * server can't be told (offline, slow, session already gone), the subscription is ended at the push
 * service instead: the server's next push to it fails with 404/410 and deletes the row. Best
 * effort, bounded in time: never throws, so sign-out always goes on.
 */
export async function releasePushSubscription(timeoutMs = RELEASE_TIMEOUT_MS): Promise<void> {
  followed = null
  try {
    if (!isPushSupported()) return
    const subscription = await browserSubscription()
    if (!subscription) return
    try {
      await withTimeout((signal) => deletePushSubscription(subscription.endpoint, signal), timeoutMs)
    } catch (error) {
      // 404: not registered for this user (someone else's, or nobody's); nothing of theirs to stop.
      if (error instanceof ApiError && error.status === 404) return
      await subscription.unsubscribe()
    }
  } catch (error) {
    console.warn('Could not release push notifications on sign-out', error)
  }
}
