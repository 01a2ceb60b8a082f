import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { holdInstallPrompt } from './install-prompt.ts'
import { keepSessionForOffline } from './offline-session.ts'
import { followThemeColor } from './theme-color.ts'
import { registerServiceWorker } from './update-prompt.ts'

/**
 * Inside the Android or iOS app: the global Capacitor's bridge defines, read as platform/detect.ts
 * reads it. Not imported from there: main.tsx imports that module too (decision 037), and a module
 * shared by this chunk and another becomes a chunk of its own, whose name the landing page's first
 * load would carry (decision 019).
 */
const inNativeShell = () => (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.() === true

/**
 * The installable, offline-capable app (decision 035), started once the first page is painted
 * (app/after-first-paint.ts): the session kept for offline use, the theme colour, the browser's
 * install offer held for the alerts page, and the service worker with its update prompt.
 */
export function startPwa(queryClient: QueryClient): void {
  // TanStack Query takes the network to be up until an `offline` event, which a page opened offline
  // never gets: its queries would fail three times each instead of waiting for the `online` event.
  if (!navigator.onLine) onlineManager.setOnline(false)
  keepSessionForOffline(queryClient)
  followThemeColor()
  holdInstallPrompt()
  // `npm run dev` builds no service worker (vite-plugin-pwa's dev mode is off): try offline with
  // `npm start`. The native apps have their files on the device and push of their own (decision 037).
  if (import.meta.env.DEV || inNativeShell()) return
  registerServiceWorker().catch((error: unknown) => console.warn('FareDrop works online only here: its service worker could not be registered.', error))
}
