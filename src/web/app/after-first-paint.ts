import type { QueryClient } from '@tanstack/react-query'
import { shieldPageFromScrollLock } from '../components/ui/page-under-overlay.tsx'
import { startPwa } from '../features/pwa/index.ts'
import { watchSession } from './session-watch.ts'

/**
 * What the app starts once the first page is painted, in a chunk of its own that start-app.tsx
 * loads (decision 019: nothing here may weigh on the landing page's first load): the watch for a
 * session that ends elsewhere, and the installable app (service worker, update prompt, offline
 * session), and the root's shield against a dialog's scroll lock (components/ui/page-under-overlay.tsx).
 * One dynamic import for all of it: each import() costs the first load bytes.
 */
export default function afterFirstPaint(queryClient: QueryClient): void {
  watchSession(queryClient)
  startPwa(queryClient)
  shieldPageFromScrollLock()
}
