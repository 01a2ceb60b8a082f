import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import { renderWithProviders } from '#tests/setup/render.tsx'

/** jsdom has no ResizeObserver; Radix sliders and Recharts ask for one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
}

function Where() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>
}

/** Renders results UI at /search inside the app's providers, with the current location readable. */
export function renderAtSearch(ui: ReactNode) {
  stubResizeObserver()
  return renderWithProviders(
    <MemoryRouter initialEntries={['/search']}>
      <Routes>
        <Route path="/search" element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  )
}
