import { screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, stubApi } from '../../../tests/setup/render.tsx'
import { routes } from './router.tsx'

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  renderWithProviders(<RouterProvider router={router} />)
  return router
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

  it('shows the route error screen inside the layout when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const throwing = () => {
      throw new Error('Failed to fetch dynamically imported module')
    }
    const failing = [
      {
        ...routes[0]!,
        children: routes[0]!.children!.map((route): RouteObject =>
          route.path === '/faq' ? { path: '/faq', ErrorBoundary: route.ErrorBoundary, Component: throwing } : route,
        ),
      } as RouteObject,
    ]
    const router = createMemoryRouter(failing, { initialEntries: ['/faq'] })
    renderWithProviders(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })
})
