import { PATHS } from '#shared/routes.ts'

/**
 * What the Android back button does (spec §2): it exits the app from the landing page, /home and
 * /search, and otherwise goes back one step. A dialog, sheet, menu or picker that was open takes the
 * press first: it closes, and nothing else happens.
 */

/** Pages where back leaves the app: the app's starting points. */
const EXIT_PAGES = new Set<string>([PATHS.landing, PATHS.home, PATHS.search])

export interface BackPress {
  /** The page on screen. */
  pathname: string
  /** Whether the web view has a page to go back to (Capacitor's `canGoBack`). */
  canGoBack: boolean
  /** Whether the press closed something open on the page (back-button.ts tries that first). */
  closedOverlay: boolean
}

/** stay: the press was spent closing an overlay; back: one step back in history; exit: leave the app. */
export type BackAction = 'stay' | 'back' | 'exit'

export function backButtonAction(press: BackPress): BackAction {
  if (press.closedOverlay) return 'stay'
  const pathname = press.pathname.length > 1 ? press.pathname.replace(/\/+$/, '') : press.pathname
  if (EXIT_PAGES.has(pathname)) return 'exit'
  // Opened straight onto a page (a link from an email): there is no step back inside the app, so
  // back returns to whatever opened it, as Android's own back does.
  return press.canGoBack ? 'back' : 'exit'
}
