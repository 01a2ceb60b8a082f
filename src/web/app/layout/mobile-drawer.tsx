import { Link } from 'react-router'
import { hasRole, type Role } from '#shared/roles.ts'
import { PATHS } from '#shared/routes.ts'
import { useSignOut } from '../../features/auth/index.ts'
import { Button } from '../../components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet.tsx'
import { Logo } from './logo.tsx'
import type { NavLink } from './nav-links.ts'
import { NavItem } from './nav-item.tsx'

/**
 * The 280px navigation drawer for small screens. Loaded on first open, so phones that never open
 * it don't download the dialog code.
 */
export default function MobileDrawer({
  open,
  onOpenChange,
  links,
  account,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  links: NavLink[]
  /** The signed-in user, or null for a visitor. */
  account: { email: string; role: Role | null } | null
  returnFocusTo: () => HTMLElement | null
}) {
  const handleSignOut = useSignOut()
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-[280px] max-w-[85vw]"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          // Without preventScroll, focusing the menu button (Radix does it a task after closing)
          // cancels the smooth scroll a section link just started, and the page stays where it was.
          returnFocusTo()?.focus({ preventScroll: true })
        }}
      >
        <SheetTitle>
          <Logo />
        </SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="mt-2 flex flex-col gap-1">
          {links.map((link) => (
            <NavItem key={link.label} link={link} onNavigate={() => onOpenChange(false)} large />
          ))}
        </nav>
        {account ? (
          <div className="mt-auto flex flex-col gap-1 border-t pt-4">
            <p className="truncate px-3 pb-1 text-sm text-muted-foreground">{account.email}</p>
            <NavItem link={{ kind: 'route', label: 'Profile', to: PATHS.profile }} onNavigate={() => onOpenChange(false)} large />
            {hasRole(account.role, 'admin') && (
              <NavItem link={{ kind: 'route', label: 'Admin Dashboard', to: PATHS.admin }} onNavigate={() => onOpenChange(false)} large />
            )}
            <Button variant="outline" className="mt-2" onClick={() => void handleSignOut()}>
              Sign Out
            </Button>
          </div>
        ) : (
          <Button asChild className="mt-auto">
            <Link to={PATHS.auth}>Sign In</Link>
          </Button>
        )}
      </SheetContent>
    </Sheet>
  )
}
