/**
 * Opens a page of the app from outside React (a link or a notice tapped while the app runs): a
 * history entry in React Router's format, then the popstate event its BrowserRouter listens to,
 * which renders the page as if the user had followed a link; Back returns to where they were.
 * Asking for the page already on screen does nothing, so a link delivered twice (as the launch URL
 * and as an open event) opens it once.
 */
export function navigateInApp(window: Window, path: string): void {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
  if (path === here) return
  const index = (window.history.state as { idx?: unknown } | null)?.idx
  const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: typeof index === 'number' ? index + 1 : 0 }
  window.history.pushState(state, '', path)
  window.dispatchEvent(new PopStateEvent('popstate', { state }))
}
