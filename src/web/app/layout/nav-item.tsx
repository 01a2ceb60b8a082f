import { useQueryClient } from '@tanstack/react-query'
import type { MouseEvent } from 'react'
import { NavLink as RouterNavLink, useNavigate } from 'react-router'
import { clsx } from 'clsx'
import { scrollToSection } from '../../lib/scroll-to-section.ts'
import type { NavLink } from './nav-links.ts'

const linkClass = 'rounded-md px-3 py-2 font-medium transition-colors hover:bg-accent hover:text-accent-foreground'

/** Link classes without conflicting utilities (no tailwind-merge on the first page load, decision 019). */
function linkClasses({ large = false, active = false }: { large?: boolean; active?: boolean }) {
  return clsx(linkClass, large ? 'text-base' : 'text-sm', active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground')
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/** One navigation entry: a smooth-scrolling section link on the landing page, or a route link. */
export function NavItem({ link, onNavigate, large }: { link: NavLink; onNavigate?: () => void; /** The mobile drawer's bigger text. */ large?: boolean }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  if (link.kind === 'section') {
    return (
      <a
        href={`#${link.sectionId}`}
        className={linkClasses({ large })}
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
      onClick={(event) => {
        onNavigate?.()
        if (!link.clearsSearch || !isPlainClick(event)) return
        // Forget the current search's results (choices and answers), then go. That code comes with the
        // search page, not with the first page load, so it is fetched here (at once when already loaded).
        event.preventDefault()
        const to = link.to
        void import('../../stores/search-selection-store.ts')
          .then((selection) => selection.forgetSearchResults(queryClient))
          .catch(() => undefined)
          .then(() => navigate(to))
      }}
      className={({ isActive }) => clsx(linkClasses({ large, active: isActive }), 'inline-flex items-center gap-2')}
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
