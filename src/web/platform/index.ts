import { App } from '@capacitor/app'
import { Capacitor } from '@capacitor/core'
import { Preferences } from '@capacitor/preferences'
import { PushNotifications } from '@capacitor/push-notifications'
import { StatusBar } from '@capacitor/status-bar'
import { api } from '../lib/api-client.ts'
import { enableBearerSession, onBearerSignIn } from '../lib/bearer-session.ts'
import { parseApiOrigin } from './api-origin.ts'
import { navigateInApp } from './in-app-navigation.ts'
import { verifyMagicLinkWithApi } from './magic-link.ts'
import { startNativePlatform as startWith, type NativePlatform, type NativePlatformDeps } from './native-platform.ts'

export type { NativePlatform, NativePlatformDeps }

/**
 * The native apps' entry (decision 037), imported only once `isNativeShell()` (detect.ts) said
 * yes, so none of Capacitor reaches the web bundle. Capacitor's plugins and the build's settings
 * stand behind every dependency; tests and callers may replace any of them.
 *
 * Build settings, read here once: VITE_API_ORIGIN (required: the FareDrop server) and
 * VITE_NATIVE_PUSH=true once the push credentials are in place (google-services.json for Android,
 * the Push Notifications capability for iOS): without google-services.json, Firebase would stop
 * the Android app at registration.
 */
export async function startNativePlatform(deps: Partial<NativePlatformDeps> = {}): Promise<NativePlatform> {
  const apiOrigin = deps.apiOrigin ?? parseApiOrigin(import.meta.env.VITE_API_ORIGIN)
  if (!apiOrigin) {
    throw new Error('This app was built without a usable VITE_API_ORIGIN (the https:// origin of the FareDrop server): see README, "Native apps".')
  }
  return startWith({
    platform: Capacitor.getPlatform() === 'ios' ? 'ios' : 'android',
    app: App,
    statusBar: StatusBar,
    push: import.meta.env.VITE_NATIVE_PUSH === 'true' ? PushNotifications : null,
    preferences: Preferences,
    enableBearerSession,
    navigate: (path) => navigateInApp(window, path),
    verifyMagicLink: verifyMagicLinkWithApi,
    registerPushDevice: (device) => api('POST /api/push/devices', { json: device }),
    onSignIn: onBearerSignIn,
    window,
    ...deps,
    apiOrigin,
  })
}
