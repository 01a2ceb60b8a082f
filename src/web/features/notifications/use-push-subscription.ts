import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../lib/api-client.ts'
import { deletePushSubscription, fetchPushPublicKey, fetchPushSubscriptions, savePushSubscription } from './api.ts'
import { activeServiceWorker, browserSubscription, isPushSupported } from './push-browser.ts'
import { useAuth } from '../../hooks/use-auth.ts'
import { followSignedInUser } from './push-follows-user.ts'
import { sameKey, urlBase64ToUint8Array } from './push-keys.ts'

export { isPushSupported }

/**
 * checking: reading this browser's subscription; unsupported: no service workers or Push API (or
 * not a secure context); blocked: the user denied notifications; off / on: this device's subscription.
 */
export type PushStatus = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on'

export const PUSH_MESSAGES = {
  failed: "Couldn't turn on push notifications on this device. Please try again.",
  offFailed: "Couldn't turn off push notifications on this device. Please try again.",
} as const

function initialStatus(): PushStatus {
  if (!isPushSupported()) return 'unsupported'
  return Notification.permission === 'denied' ? 'blocked' : 'checking'
}

/**
 * On when the browser holds a subscription made with the server's current key and registered for
 * the signed-in user. One made with keys the server no longer has (decision 014) gets 403s from the
 * push service, so it counts as off and turning push on replaces it; one registered for someone
 * else (a shared browser, decision 015) counts as off too, and turning push on moves it here.
 * When the server can't be asked, what the browser holds is all there is to go by.
 */
async function detect(userId: string | null): Promise<PushStatus> {
  // The sign-in's own look at this browser's subscription (adopt or drop it) goes first.
  if (userId) await followSignedInUser(userId)
  const subscription = await browserSubscription()
  if (!subscription || Notification.permission !== 'granted') return 'off'
  try {
    const [publicKey, registered] = await Promise.all([fetchPushPublicKey(), fetchPushSubscriptions()])
    if (!sameKey(subscription.options.applicationServerKey, urlBase64ToUint8Array(publicKey))) return 'off'
    return registered.subscriptions.some((device) => device.endpoint === subscription.endpoint) ? 'on' : 'off'
  } catch {
    return 'on'
  }
}

async function subscribeThisDevice(): Promise<NotificationPermission> {
  // Asked first, straight from the click: some browsers (Safari) only prompt during the user's gesture.
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission
  // subscribe() needs an active worker: the one the app registered when the page loaded.
  const registration = await activeServiceWorker()
  const key = urlBase64ToUint8Array(await fetchPushPublicKey())
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  await savePushSubscription(subscription.toJSON())
  return permission
}

/**
 * Web Push on this device: its state, and turning it on (permission, the app's service worker, subscription
 * saved on the server) or off (forgotten by the server, then unsubscribed in the browser).
 */
export function usePushSubscription() {
  const [status, setStatus] = useState<PushStatus>(initialStatus)
  const [permission, setPermission] = useState<NotificationPermission | null>(() => (isPushSupported() ? Notification.permission : null))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const checking = status === 'checking'
  const auth = useAuth()
  const authKnown = auth.status !== 'loading'
  const userId = auth.user?.id ?? null

  useEffect(() => {
    if (!checking || !authKnown) return
    let live = true
    detect(userId).then(
      (next) => live && setStatus(next),
      () => live && setStatus('off'),
    )
    return () => {
      live = false
    }
  }, [checking, authKnown, userId])

  const run = useCallback(async (action: () => Promise<PushStatus>, failure: string) => {
    setBusy(true)
    setError(null)
    try {
      setStatus(await action())
      return true
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : failure)
      return false
    } finally {
      setBusy(false)
    }
  }, [])

  const subscribe = useCallback(
    () =>
      run(async () => {
        const answer = await subscribeThisDevice()
        setPermission(answer)
        return answer === 'granted' ? 'on' : answer === 'denied' ? 'blocked' : 'off'
      }, PUSH_MESSAGES.failed),
    [run],
  )

  const unsubscribe = useCallback(
    () =>
      run(async () => {
        const subscription = await browserSubscription()
        if (subscription) {
          // The server first: if that fails, the device stays on and what the page shows stays true.
          await deletePushSubscription(subscription.endpoint).catch((cause: unknown) => {
            if (!(cause instanceof ApiError && cause.status === 404)) throw cause
          })
          await subscription.unsubscribe()
        }
        return 'off'
      }, PUSH_MESSAGES.offFailed),
    [run],
  )

  return { status, permission, busy, error, subscribe, unsubscribe }
}
