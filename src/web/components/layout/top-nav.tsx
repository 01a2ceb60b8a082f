import { Menu } from 'lucide-react'
import { useState } from 'react'
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { useAuth } from '../../features/auth/use-auth.ts'
import { cn } from '../../lib/cn.ts'
import { scrollToSection } from '../../lib/scroll-to-section.ts'
import { Button } from '../ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet.tsx'
import { Logo } from './logo.tsx'
import { navLinks, type NavLink } from './nav-links.ts'
import { ThemeToggle } from './theme-toggle.tsx'

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground'

function NavItem({ link, onNavigate, className }: { link: NavLink; onNavigate?: () => void; className?: string }) {
  if (link.kind === 'section') {
    return (
      <a
        href={`#${link.sectionId}`}
        className={cn(linkClass, className)}
        onClick={(event) => {
          event.preventDefault()
          onNavigate?.()
          // Let the drawer close (and unlock scrolling) before measuring the target.
          requestAnimationFrame(() => scrollToSection(link.sectionId))
        }}
      >
        {link.label}
      </a>
    )
  }
  return (
    <RouterNavLink
      to={link.to}
      onClick={onNavigate}
      className={({ isActive }) => cn(linkClass, isActive && 'bg-accent text-accent-foreground', className)}
    >
      {link.label}
    </RouterNavLink>
  )
}

export function TopNav() {
  const auth = useAuth()
  const { pathname } = useLocation()
  const links = navLinks(pathname, auth)
  // The drawer belongs to the page it was opened on, so any route change (back button included) closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null)
  const drawerOpen = drawerPath === pathname
  const setDrawerOpen = (open: boolean) => setDrawerPath(open ? pathname : null)

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
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent side="right" className="w-[280px] max-w-[85vw]" data-testid="mobile-drawer">
              <SheetTitle>
                <Logo />
              </SheetTitle>
              <SheetDescription className="sr-only">Site navigation</SheetDescription>
              <nav aria-label="Mobile" className="mt-2 flex flex-col gap-1">
                {links.map((link) => (
                  <NavItem key={link.label} link={link} onNavigate={() => setDrawerOpen(false)} className="text-base" />
                ))}
              </nav>
              {auth.status === 'signed-out' && (
                <Button asChild className="mt-auto">
                  <Link to={PATHS.auth}>Sign In</Link>
                </Button>
              )}
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  )
}
