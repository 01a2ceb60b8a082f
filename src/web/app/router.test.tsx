import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, stubApi } from '../../../tests/setup/render.tsx'
import { AppRoutes, pages, providePage } from './router.tsx'

function renderAt(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  )
}

describe('router', () => {
  beforeEach(() => {
    stubApi()
  })

  it('shows the landing page at /', async () => {
    renderAt('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Get instant alerts when flight prices drop.' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('FeaturesHow It WorksPricing')
  })

  it('shows the not-found screen for unknown paths', async () => {
    renderAt('/nope')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact')
  })

  it('asks signed-out visitors of the admin pages to sign in', async () => {
    renderAt('/admin/debug')
    expect(await screen.findByRole('heading', { name: 'Please sign in to access this content.' })).toBeInTheDocument()
  })

  it('asks signed-out visitors of the test checkout and billing portal to sign in', async () => {
    renderAt('/billing/checkout/cs_test_local_abc')
    expect(await screen.findByRole('heading', { name: 'Please sign in to access this content.' })).toBeInTheDocument()
  })

  it('registers the billing portal page', async () => {
    renderAt('/billing/portal?session=bps_test_local_abc')
    expect(await screen.findByRole('heading', { name: 'Please sign in to access this content.' })).toBeInTheDocument()
  })

  it('renders a page whose module was handed over at once, without the loading skeleton', () => {
    providePage('/about', () => <h1>About, already loaded</h1>)
    renderAt('/about')
    expect(screen.getByRole('heading', { level: 1, name: 'About, already loaded' })).toBeInTheDocument()
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument()
  })

  it('shows the route error screen inside the layout when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    providePage('/faq', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    renderAt('/faq')
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it('has one route per path of the spec, and a catch-all', () => {
    expect(pages.filter((page) => page.path === undefined)).toHaveLength(1)
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length)
  })
})
