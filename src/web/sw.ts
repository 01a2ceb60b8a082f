/// <reference lib="webworker" />
/**
 * FareDrop's one service worker, served at /sw.js (built by vite-plugin-pwa's injectManifest from
 * this file; decision 035). It precaches the app shell and every chunk of this build, answers
 * navigations from the network and falls back to the shell offline, shows price-alert push
 * notices, and waits for the page's "Reload" before a new version takes over. It never answers
 * /api/* (no route matches it, so those requests go to the network as if it were not there).
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'
import { NOT_PAGES, SHELL_URL, withFreshNonce } from './service-worker/offline-shell.ts'
import { listenForPushNotices } from './service-worker/push-notices.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

listenForPushNotices(self)

// Registered before the precache's route, so that no navigation (not even to /index.html) is
// answered from the precache while the server can be reached: the server decides the HTML.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [
        {
          handlerDidError: async () => {
            const shell = await matchPrecache(SHELL_URL)
            return shell ? withFreshNonce(shell) : undefined
          },
        },
      ],
    }),
    { denylist: NOT_PAGES },
  ),
)

// Hashed files keep their URL; "/" must not be read as "/index.html" (the landing page is the
// server's to choose), nor "/about" as "/about.html".
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })
cleanupOutdatedCaches()

// A new version waits until the page's "Update available — Reload" asks it to take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The first install takes the open tabs at once (their code is this build's), so the page that
// installed it works offline without a reload. An update only activates after the reload above.
clientsClaim()
