declare global {
  interface Window {
    /** Clicks a prerendered page kept while its scripts loaded (scripts/page-loader.mjs). */
    __earlyClicks?: { take: () => Element[] }
  }
}

/**
 * Does the clicks a prerendered page kept before its scripts arrived (scripts/page-loader.mjs),
 * each once, in order. Called when the page has hydrated; afterwards clicks go to React directly.
 */
export function replayEarlyClicks() {
  for (const element of window.__earlyClicks?.take() ?? []) {
    if (element.isConnected && element instanceof HTMLElement) element.click()
  }
}
