import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx'
import { AppLayout, AppLayoutSkeleton } from './app-layout.tsx'

/**
 * A route whose page module loads on first visit, with the error fallback every route has.
 * A module that fails to load (offline, or a deploy replaced the chunk) becomes a page that throws,
 * because React Router renders nothing for a route whose lazy() rejected; this way the route's
 * error screen shows, with its Refresh Page action.
 */
function page(path: string | undefined, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return {
    ...(path === undefined ? { path: '*' } : { path }),
    ErrorBoundary: RouteErrorBoundary,
    lazy: async () => {
      try {
        return { Component: (await load()).default }
      } catch (error) {
        return {
          Component: () => {
            throw error
          },
        }
      }
    },
  }
}

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: AppLayoutSkeleton,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      page(PATHS.landing, () => import('../routes/landing.tsx')),
      page(PATHS.home, () => import('../routes/landing.tsx')),
      page(PATHS.auth, () => import('../routes/auth.tsx')),
      page(PATHS.authCallback, () => import('../routes/auth-callback.tsx')),
      page(PATHS.search, () => import('../routes/search.tsx')),
      page(PATHS.alerts, () => import('../routes/alerts.tsx')),
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
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
