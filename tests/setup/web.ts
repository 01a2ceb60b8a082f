import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// How long findBy/waitFor look for what the user would see before failing (Testing Library's
// default is 1 s). The first lazy page a file renders is transformed and imported on demand, which
// on a 2-core machine running two test workers can take longer than that; a passing query still
// returns the moment the element appears. Playwright's assertions use the same 5 s.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
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
