/**
 * Leaves the app for a full page load (a payment provider's checkout or billing portal). Its own
 * module so tests can stand in for it: jsdom cannot navigate.
 */
export function goToUrl(url: string): void {
  window.location.assign(url)
}
