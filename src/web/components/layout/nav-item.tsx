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
      aria-label={link.badge?.label}
      onClick={() => {
        if (link.clearsSearch) clearSearchData()
        onNavigate?.()
      }}
      className={({ isActive }) => cn(linkClass, 'inline-flex items-center gap-2', isActive && 'bg-accent text-accent-foreground', className)}
    >
      {link.label}
      {link.badge && (
        // The count is in the link's accessible name already; this is its visible form.
        <span aria-hidden="true" className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs leading-5 font-semibold text-primary-foreground tabular-nums">
          {link.badge.count > 99 ? '99+' : link.badge.count}
        </span>
      )}
    </RouterNavLink>
  )
}
