import { vi } from 'vitest'
import { urlBase64ToUint8Array } from './push-keys.ts'

/**
 * Test stand-ins for what jsdom lacks: navigator.serviceWorker, PushManager and Notification, with
 * a push service that hands out one subscription. Test-only (imports vitest).
 */

/** A real P-256 public key (web-push's documentation example), as the server would send it. */
export const VAPID_PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'
export const OTHER_VAPID_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'

/** What PushSubscription.toJSON() gives, in the shape the server's schema accepts. */
export const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.net/send/device-1',
  expirationTime: null,
  keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) },
}

/**
 * `registered`: whether the page has registered its service worker, as the app does on every page
 * load (features/pwa); false stands for a browser that refused it.
 */
export function fakePush(options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribedWith?: string; registered?: boolean } = {}) {
  let permission: NotificationPermission = options.permission ?? 'default'

  const makeSubscription = (key: Uint8Array) => {
    const subscription = {
      endpoint: SUBSCRIPTION_JSON.endpoint,
      options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
      toJSON: () => SUBSCRIPTION_JSON,
      unsubscribe: vi.fn(async () => {
        current = null
        return true
      }),
    }
    return subscription
  }
  let current: ReturnType<typeof makeSubscription> | null = options.subscribedWith ? makeSubscription(urlBase64ToUint8Array(options.subscribedWith)) : null

  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => (current = makeSubscription(applicationServerKey))),
  }
  const registration = { pushManager }
  let registered = options.registered ?? true
  const serviceWorker = {
    register: vi.fn(async () => {
      registered = true
      return registration
    }),
    getRegistration: vi.fn(async () => (registered ? registration : undefined)),
    ready: Promise.resolve(registration),
  }
  const FakeNotification = {
    get permission() {
      return permission
    },
    requestPermission: vi.fn(async () => (permission = options.answer ?? 'granted')),
  }

  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true })
  vi.stubGlobal('PushManager', class PushManager {})
  vi.stubGlobal('Notification', FakeNotification)

  return {
    serviceWorker,
    pushManager,
    Notification: FakeNotification,
    subscription: () => current,
    restore() {
      Reflect.deleteProperty(navigator, 'serviceWorker')
      vi.unstubAllGlobals()
    },
  }
}
