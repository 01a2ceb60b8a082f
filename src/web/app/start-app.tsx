import { setNonce } from 'get-nonce'
import { startTransition, type ComponentType } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { meQueryOptions } from '../lib/session.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { syncThemeWithDocument } from '../stores/theme-store.ts'
import { AppProviders } from './app-providers.tsx'
import { AppRoutes, providePage } from './router.tsx'
import '../index.css'

/**
 * Starts the web app. On a prerendered page (its HTML already in #root) it hydrates: the page's
 * module came with the entry (`page`), so the first render matches the HTML without waiting, and
 * the visitor is signed out (the server prerenders only for requests without a session cookie).
 * On any other page it renders from scratch.
 */
export function startApp(page?: ComponentType) {
  // Radix injects <style> elements (scroll locking); they need the page's CSP nonce.
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
  if (nonce) setNonce(nonce)

  syncThemeWithDocument()
  const queryClient = createQueryClient()
  // Its own chunk, after the first paint (the session watch, the service worker): nothing on a first
  // page waits for it, and no session can end before the page has made a call. A default export,
  // called as such, keeps the call short in this chunk, which every first visit loads.
  void import('./after-first-paint.ts').then((module) => module.default(queryClient))
  const container = document.getElementById('root')!
  // Navigations render at once (the page skeleton shows while a page's code loads), not as transitions.
  const app = (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  )
  if (page && container.firstElementChild) {
    providePage(window.location.pathname, page)
    queryClient.setQueryData(meQueryOptions.queryKey, null)
    // As a transition, hydration yields to the browser every few milliseconds instead of blocking it
    // in one long task; a click on a part not hydrated yet hydrates that part at once.
    startTransition(() => {
      hydrateRoot(container, app)
    })
  } else {
    createRoot(container).render(app)
  }
}
