import { NavLink as RouterNavLink } from 'react-router'
import { cn } from '../../lib/cn.ts'
import { scrollToSection } from '../../lib/scroll-to-section.ts'
import { clearSearchData } from '../../stores/search-results-store.ts'
import type { NavLink } from './nav-links.ts'

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground'

/** One navigation entry: a smooth-scrolling section link on the landing page, or a route link. */
export function NavItem({ link, onNavigate, className }: { link: NavLink; onNavigate?: () => void; className?: string }) {
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
      onClick={() => {
        if (link.clearsSearch) clearSearchData()
        onNavigate?.()
      }}
      className={({ isActive }) => cn(linkClass, isActive && 'bg-accent text-accent-foreground', className)}
    >
      {link.label}
    </RouterNavLink>
  )
}
