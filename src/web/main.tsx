import { startApp } from './app/start-app.tsx'
import { isNativeShell } from './platform/detect.ts'

// The entry of every page that was not prerendered (prerendered pages start through their own
// entry, which brings the page's module along: scripts/vite-prerendered-pages.ts), and the only
// entry the Android and iOS apps load. In the apps the platform module comes first: the bearer
// session must be on before the app's first API call (decision 037). The web never loads it.
if (isNativeShell()) {
  void import('./platform/index.ts')
    .then(({ startNativePlatform }) => startNativePlatform())
    .catch((error: unknown) => console.error(error))
    .finally(() => startApp())
} else {
  startApp()
}
