import { lazy, useEffect, type ComponentType } from 'react'
import { matchPath, Route, Routes, useLocation } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx'
import { replayEarlyClicks } from '../lib/early-clicks.ts'
import { AppLayout } from './app-layout.tsx'

type PageModule = { default: ComponentType }

interface Page {
  /** Undefined for the catch-all not-found page. */
  path: string | undefined
  Component: ComponentType
  /** Makes this page render at once, without suspending: its module is already loaded. */
  provide: (Component: ComponentType) => void
  /** Loads the page's module so that it renders at once (the build's prerendering). */
  preload: () => Promise<void>
}

/**
 * A route whose page module loads on first visit (React.lazy: the layout's Suspense boundary shows
 * the page skeleton meanwhile). A prerendered page's module arrives with its entry instead
 * (start-app.tsx), and the prerendering loads it first, so both render it without suspending and
 * hydration finds what the server wrote.
 */
function page(path: string | undefined, load: () => Promise<PageModule>): Page {
  let loaded: ComponentType | null = null
  const preload = async () => {
    loaded ??= (await load()).default
  }
  const Lazy = lazy(async () => {
    await preload()
    return { default: loaded! }
  })
  function LazyPage() {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  return {
    path,
    Component: LazyPage,
    provide: (Component) => {
      loaded = Component
    },
    preload,
  }
}

export const pages: Page[] = [
  page(PATHS.landing, () => import('../routes/landing.tsx')),
  page(PATHS.home, () => import('../routes/landing.tsx')),
  page(PATHS.auth, () => import('../routes/auth.tsx')),
  page(PATHS.authCallback, () => import('../routes/auth-callback.tsx')),
  page(PATHS.search, () => import('../routes/search.tsx')),
  page(PATHS.alerts, () => import('../routes/alerts.tsx')),
  page(PATHS.clients, () => import('../routes/clients.tsx')),
  page(PATHS.profile, () => import('../routes/profile.tsx')),
  page(PATHS.admin, () => import('../routes/admin.tsx')),
  page(PATHS.adminDebug, () => import('../routes/admin-debug.tsx')),
  page(PATHS.designSystem, () => import('../routes/design-system.tsx')),
  page(PATHS.about, () => import('../routes/static/about.tsx')),
  page(PATHS.faq, () => import('../routes/static/faq.tsx')),
  page(PATHS.privacy, () => import('../routes/static/privacy.tsx')),
  page(PATHS.terms, () => import('../routes/static/terms.tsx')),
  page(PATHS.cookies, () => import('../routes/static/cookies.tsx')),
  page(PATHS.verifyEmail, () => import('../routes/verify-email.tsx')),
  page(PATHS.contact, () => import('../routes/static/contact.tsx')),
  page(PATHS.devMailbox, () => import('../routes/dev-mailbox.tsx')),
  page(PATHS.billingCheckout, () => import('../routes/billing/checkout.tsx')),
  page(PATHS.billingPortal, () => import('../routes/billing/portal.tsx')),
  page(undefined, () => import('../routes/not-found.tsx')),
]

const pageAt = (pathname: string) => pages.find((p) => p.path !== undefined && matchPath(p.path, pathname))

/** Hands the module of the page at `pathname` to its route, so the first render needs no download. */
export function providePage(pathname: string, Component: ComponentType) {
  pageAt(pathname)?.provide(Component)
}

/** Loads the module of the page at `pathname`, so that it renders without suspending. */
export async function preloadPage(pathname: string) {
  await pageAt(pathname)?.preload()
}

/** One page inside the layout, with the error screen every route has; a new address clears an error. */
function RoutePage({ page: { Component } }: { page: Page }) {
  const { pathname } = useLocation()
  // The page is on screen and working (on a prerendered page: hydrated, which happens after the
  // layout around it): now the clicks made while its scripts loaded can be done.
  useEffect(replayEarlyClicks, [])
  return (
    <RouteErrorBoundary key={pathname}>
      <Component />
    </RouteErrorBoundary>
  )
}

/** Every client route of the spec, inside the app's layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {pages.map((p) => (
          <Route key={p.path ?? '*'} path={p.path ?? '*'} element={<RoutePage page={p} />} />
        ))}
      </Route>
    </Routes>
  )
}
