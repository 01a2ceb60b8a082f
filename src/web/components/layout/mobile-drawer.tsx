import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet.tsx'
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
  signedOut,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  links: NavLink[]
  signedOut: boolean
  returnFocusTo: () => HTMLElement | null
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-[280px] max-w-[85vw]"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocusTo()?.focus()
        }}
      >
        <SheetTitle>
          <Logo />
        </SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="mt-2 flex flex-col gap-1">
          {links.map((link) => (
            <NavItem key={link.label} link={link} onNavigate={() => onOpenChange(false)} className="text-base" />
          ))}
        </nav>
        {signedOut && (
          <Button asChild className="mt-auto">
            <Link to={PATHS.auth}>Sign In</Link>
          </Button>
        )}
      </SheetContent>
    </Sheet>
  )
}
