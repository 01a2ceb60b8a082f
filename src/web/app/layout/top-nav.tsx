import { useQuery } from '@tanstack/react-query'
import { Menu } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { quotaQueryOptions } from '../../features/alerts/index.ts'
import { useAuth } from '../../hooks/use-auth.ts'
import { Button } from '../../components/ui/button.tsx'
import { Logo } from './logo.tsx'
import { NavItem } from './nav-item.tsx'
import { navLinks } from './nav-links.ts'
import { ThemeToggle } from './theme-toggle.tsx'

const MobileDrawer = lazy(() => import('./mobile-drawer.tsx'))
const AccountMenu = lazy(() => import('./account-menu.tsx'))

export function TopNav() {
  const auth = useAuth()
  const { pathname } = useLocation()
  // The Alerts badge: active alerts, from the quota (signed in only).
  const quota = useQuery({ ...quotaQueryOptions, enabled: auth.status === 'signed-in' })
  const links = navLinks(pathname, auth, { activeAlerts: auth.status === 'signed-in' ? quota.data?.active : 0 })
  const menuButton = useRef<HTMLButtonElement>(null)
  // The drawer belongs to the page it was opened on, so any route change (back button included) closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null)
  const drawerOpen = drawerPath === pathname
  const [drawerLoaded, setDrawerLoaded] = useState(false)
  const setDrawerOpen = (open: boolean) => {
    if (open) setDrawerLoaded(true)
    setDrawerPath(open ? pathname : null)
  }

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavItem key={link.label} link={link} />
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {auth.status === 'signed-out' && (
            <Button asChild size="sm" className="hidden md:inline-flex">
              <Link to={PATHS.auth}>Sign In</Link>
            </Button>
          )}
          {auth.user && (
            <Suspense fallback={<span className="size-10" />}>
              <AccountMenu email={auth.user.email} role={auth.role} />
            </Suspense>
          )}
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          {drawerLoaded && (
            <Suspense fallback={null}>
              <MobileDrawer
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                links={links}
                account={auth.user ? { email: auth.user.email, role: auth.role } : null}
                returnFocusTo={() => menuButton.current}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  )
}
