import type { PluginListenerHandle } from '@capacitor/core'
import type { PushNotificationsPlugin } from '@capacitor/push-notifications'

export type PushPlugin = Pick<PushNotificationsPlugin, 'addListener' | 'checkPermissions' | 'requestPermissions' | 'register'>

export interface NativePushDeps {
  push: PushPlugin
  /** The device's FCM (Android) or APNs (iOS) token, each time the system hands one out. */
  onToken: (token: string) => void
  /** A tapped notice: the link of its payload (`data.url`, the search it is about), or undefined. */
  openNotice: (url: unknown) => void
  warn: (message: string, detail?: unknown) => void
}

/**
 * Native push on the same notice model as Web Push (decision 014): the server sends
 * `{ title, body, url }`, the system shows title and body, and tapping the notice opens `url` in
 * the app. Asks for the permission once (Android 13+ and iOS show their prompt; later starts find
 * the answer), then registers with FCM or APNs, whose token `onToken` receives. Registering goes
 * on at every start, as both services advise: a token can change.
 */
export async function startNativePush(deps: NativePushDeps): Promise<PluginListenerHandle[]> {
  const { push } = deps
  // Listeners first: a notice tapped while the app was closed is held until someone listens.
  const handles = await Promise.all([
    push.addListener('registration', (token) => deps.onToken(token.value)),
    push.addListener('registrationError', (error) => deps.warn('push registration failed', error.error)),
    push.addListener('pushNotificationActionPerformed', (action) => deps.openNotice(noticeUrl(action.notification.data))),
  ])
  let { receive } = await push.checkPermissions()
  if (receive === 'prompt' || receive === 'prompt-with-rationale') ({ receive } = await push.requestPermissions())
  if (receive === 'granted') await push.register()
  return handles
}

/** FCM data and APNs custom keys both arrive as `notification.data`; only a string `url` counts. */
function noticeUrl(data: unknown): string | undefined {
  const url = data !== null && typeof data === 'object' ? (data as { url?: unknown }).url : undefined
  return typeof url === 'string' ? url : undefined
}
