import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { useLockoutStore } from '../../src/web/features/auth/lockout-store.ts'
import { useAlertDraftStore } from '../../src/web/stores/alert-draft-store.ts'
import { useAlertStore } from '../../src/web/stores/alert-store.ts'
import { useSearchSelectionStore } from '../../src/web/stores/search-selection-store.ts'
import { useSearchStore } from '../../src/web/stores/search-store.ts'
import { useThemeStore } from '../../src/web/stores/theme-store.ts'
import { useToastStore } from '../../src/web/stores/toast-store.ts'

/**
 * The app's client state, put back as a first visit finds it after every test. The web test files
 * share their worker's modules (decision 021: importing React, the router and the app afresh for
 * each of ~45 files cost more than the tests), so a store one file filled would still be filled in
 * the next. A new store belongs here.
 */
function resetStores() {
  for (const reset of [
    () => useAlertDraftStore.setState(useAlertDraftStore.getInitialState(), true),
    () => useAlertStore.setState(useAlertStore.getInitialState(), true),
    () => useSearchSelectionStore.setState(useSearchSelectionStore.getInitialState(), true),
    () => useSearchStore.setState(useSearchStore.getInitialState(), true),
    () => useThemeStore.setState(useThemeStore.getInitialState(), true),
    () => useToastStore.setState(useToastStore.getInitialState(), true),
    () => useLockoutStore.setState(useLockoutStore.getInitialState(), true),
  ])
    reset()
}

/**
 * What jsdom lacks and Radix (popper, select, slider, tooltip) and Recharts call: no-op stand-ins,
 * defined once for every web test. Not through `vi.stubGlobal`: `unstubGlobals` takes stubs away
 * before each test, and with files sharing one jsdom a stub made by one file (or a `??=` that found
 * another file's stub) was gone by the next file's second test (the Tooltip test failed on
 * "ResizeObserver is not defined" depending on file order).
 */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.releasePointerCapture ??= () => {}
Element.prototype.scrollIntoView ??= () => {}

// How long findBy/waitFor look for what the user would see before failing (Testing Library's
// default is 1 s). The first lazy page a file renders is transformed and imported on demand, which
// on a 2-core machine running two test workers can take longer than that; a passing query still
// returns the moment the element appears. Playwright's assertions use the same 5 s.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  // What a component put outside its React root (a portal's container, a focus guard) goes too:
  // the next file's first Tab must land in its own page.
  document.body.replaceChildren()
  document.body.removeAttribute('style')
  document.body.removeAttribute('data-scroll-locked')
  localStorage.clear()
  sessionStorage.clear()
  resetStores()
})

// jsdom has no matchMedia; the theme store and responsive components read it.
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
}
