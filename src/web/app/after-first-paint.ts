import type { QueryClient } from '@tanstack/react-query'
import { startPwa } from '../features/pwa/index.ts'
import { watchSession } from './session-watch.ts'

/**
 * What the app starts once the first page is painted, in a chunk of its own that start-app.tsx
 * loads (decision 019: nothing here may weigh on the landing page's first load): the watch for a
 * session that ends elsewhere, and the installable app (service worker, update prompt, offline
 * session). One dynamic import for all of it: each import() costs the first load bytes.
 */
export default function afterFirstPaint(queryClient: QueryClient): void {
  watchSession(queryClient)
  startPwa(queryClient)
}
