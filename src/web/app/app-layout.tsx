import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { Footer } from '../components/layout/footer.tsx'
import { TopNav } from '../components/layout/top-nav.tsx'
import { PageSkeleton } from '../components/page-skeleton.tsx'
import { usePushFollowsUser } from '../features/notifications/push-follows-user.ts'

/** Frame of every page: skip link, top navigation, the page (or its skeleton while it loads), footer. */
export function AppLayout() {
  // A shared browser's push subscription is registered for (or taken from) whoever signs in.
  usePushFollowsUser()
  const navigation = useNavigation()
  const location = useLocation()
  const loadingOtherPage = navigation.state === 'loading' && navigation.location.pathname !== location.pathname
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
        {loadingOtherPage ? <PageSkeleton /> : <Outlet />}
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  )
}

/** Shown on the very first load while the first page's code arrives. */
export function AppLayoutSkeleton() {
  return (
    <div className="flex min-h-screen flex-col">
      <div className="h-16 border-b" />
      <PageSkeleton />
    </div>
  )
}
