import { hasRole } from '#shared/roles.ts'
import { PATHS } from '#shared/routes.ts'
import type { AuthState } from '../../hooks/use-auth.ts'

/** A count beside a link; `label` is the link's whole accessible name ("Alerts, 2 active"). */
export interface NavBadge {
  count: number
  label: string
}

export type NavLink =
  | { kind: 'section'; label: string; sectionId: string }
  | {
      kind: 'route'
      label: string
      to: string
      /** Forget the current search's results on the way (Flights). */
      clearsSearch?: boolean
      badge?: NavBadge
    }

export const LANDING_SECTIONS = [
  { label: 'Features', sectionId: 'features' },
  { label: 'How It Works', sectionId: 'how-it-works' },
  { label: 'Pricing', sectionId: 'pricing' },
] as const

/**
 * The links of the top navigation and the mobile drawer. Section links exist only on the landing
 * page; signed-in users get Flights and Alerts, the latter with the number of active alerts.
 */
export function navLinks(pathname: string, auth: AuthState, counts: { activeAlerts?: number } = {}): NavLink[] {
  const links: NavLink[] = []
  if (pathname === PATHS.landing) {
    links.push(...LANDING_SECTIONS.map((s) => ({ kind: 'section' as const, ...s })))
  }
  if (auth.status === 'signed-in') {
    links.push({ kind: 'route', label: 'Flights', to: PATHS.search, clearsSearch: true })
    const active = counts.activeAlerts ?? 0
    links.push({ kind: 'route', label: 'Alerts', to: PATHS.alerts, ...(active > 0 ? { badge: { count: active, label: `Alerts, ${active} active` } } : {}) })
    // Unlimited's client workspaces (decision 043); admins hold every plan's features.
    if (hasRole(auth.role, 'unlimited')) links.push({ kind: 'route', label: 'Clients', to: PATHS.clients })
  }
  return links
}
