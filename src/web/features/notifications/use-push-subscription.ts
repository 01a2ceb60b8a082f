import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '../../lib/api-client.ts'
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from './api.ts'
import { sameKey, urlBase64ToUint8Array } from './push-keys.ts'

/** public/sw.js: at the root, so its default scope covers every page. */
export const SERVICE_WORKER_URL = '/sw.js'

/**
 * checking: reading this browser's subscription; unsupported: no service workers or Push API (or
 * not a secure context); blocked: the user denied notifications; off / on: this device's subscription.
 */
export type PushStatus = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on'

export const PUSH_MESSAGES = {
  failed: "Couldn't turn on push notifications on this device. Please try again.",
  offFailed: "Couldn't turn off push notifications on this device. Please try again.",
} as const

export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

function initialStatus(): PushStatus {
  if (!isPushSupported()) return 'unsupported'
  return Notification.permission === 'denied' ? 'blocked' : 'checking'
}

async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * On when the browser holds a subscription made with the server's current key. One made with keys
 * the server no longer has (decision 014) gets 403s from the push service, so it counts as off and
 * turning push on replaces it.
 */
async function detect(): Promise<PushStatus> {
  const subscription = await browserSubscription()
  if (!subscription || Notification.permission !== 'granted') return 'off'
  try {
    return sameKey(subscription.options.applicationServerKey, urlBase64ToUint8Array(await fetchPushPublicKey())) ? 'on' : 'off'
  } catch {
    return 'on'
  }
}

async function subscribeThisDevice(): Promise<NotificationPermission> {
  // Asked first, straight from the click: some browsers (Safari) only prompt during the user's gesture.
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' })
  // subscribe() needs an active worker; `ready` waits for the one just registered.
  const registration = await navigator.serviceWorker.ready
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
 * Web Push on this device: its state, and turning it on (permission, service worker, subscription
 * saved on the server) or off (forgotten by the server, then unsubscribed in the browser).
 */
export function usePushSubscription() {
  const [status, setStatus] = useState<PushStatus>(initialStatus)
  const [permission, setPermission] = useState<NotificationPermission | null>(() => (isPushSupported() ? Notification.permission : null))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const checking = status === 'checking'

  useEffect(() => {
    if (!checking) return
    let live = true
    detect().then(
      (next) => live && setStatus(next),
      () => live && setStatus('off'),
    )
    return () => {
      live = false
    }
  }, [checking])

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
