import { Suspense, useLayoutEffect } from 'react'
import { Outlet, useLocation, useNavigationType } from 'react-router'
import { Footer } from './layout/footer.tsx'
import { TopNav } from './layout/top-nav.tsx'
import { PageSkeleton } from '../components/page-skeleton.tsx'
import { usePushFollowsUser } from '../features/notifications/index.ts'

/**
 * A new page starts at the top, unless its address names a section (the page scrolls there itself).
 * Back and forward keep the browser's own scroll restoration.
 */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0)
    // Only a new page scrolls; a hash or search change on the same page does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname])
}

/** Frame of every page: skip link, top navigation, the page (or its skeleton while its code loads), footer. */
export function AppLayout() {
  // A shared browser's push subscription is registered for (or taken from) whoever signs in.
  usePushFollowsUser()
  useScrollToTopOnNavigation()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  )
}
