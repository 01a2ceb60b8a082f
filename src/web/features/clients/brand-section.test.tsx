import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BRAND_MESSAGES, type BrandView } from '#shared/brand.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import { BrandSection } from './brand-section.tsx'

/** The brand on /clients, the API answering from the test. */

function serve() {
  let view: BrandView = { brand: null }
  const calls: { method: string; url: string; body: unknown }[] = []
  stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined
    calls.push({ method, url, body })
    if (url === '/api/session') return Response.json({ user: { id: 'u1', email: 'pat@example.com', name: 'Pat Lee', emailVerified: true }, profile: { role: 'unlimited', subscription_tier: 'unlimited' }, emails: [] })
    if (url === '/api/me/brand' && method === 'GET') return Response.json(view)
    if (url === '/api/me/brand' && method === 'PUT') {
      view = { brand: { ...(body as BrandView['brand'] & object), replyTo: (body?.replyTo as string) || null, logoUrl: null } }
      return Response.json(view)
    }
    if (url === '/api/me/brand/logo' && method === 'PUT') {
      view = { brand: { ...view.brand!, logoUrl: `/api/brand-logos/${'a'.repeat(64)}` } }
      return Response.json(view)
    }
    return undefined
  })
  return calls
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('your brand', () => {
  it('starts from the advisor’s name, previews only a valid brand, says why a colour is refused, and saves', async () => {
    const calls = serve()
    const user = userEvent.setup()
    renderWithProviders(<BrandSection />)
    const name = await screen.findByLabelText('Brand name')
    expect(name).toHaveValue('Pat Lee')
    await waitFor(() => expect(screen.getByTitle('Email preview')).toHaveAttribute('src', expect.stringContaining('brandName=Pat+Lee')))

    const main = screen.getByRole('textbox', { name: 'Main colour' })
    await user.clear(main)
    await user.type(main, '#ffee00')
    expect(await screen.findByText(BRAND_MESSAGES.contrast)).toBeInTheDocument()
    expect(screen.getByTitle('Email preview')).toHaveAttribute('src', expect.stringContaining('primaryColor=%231d4ed8'))

    await user.clear(main)
    await user.type(main, '#0F5132')
    await user.clear(name)
    await user.type(name, 'Sunway Travel')
    await waitFor(() => expect(screen.getByTitle('Email preview')).toHaveAttribute('src', expect.stringContaining('brandName=Sunway+Travel&primaryColor=%230f5132')))
    await user.click(screen.getByRole('button', { name: 'Save brand' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.url === '/api/me/brand')).toBe(true))
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ brandName: 'Sunway Travel', primaryColor: '#0f5132', accentColor: '#15803d', replyTo: null })
  })

  it('checks a logo’s type and size before uploading it, then shows it', async () => {
    const calls = serve()
    const user = userEvent.setup({ applyAccept: false })
    renderWithProviders(<BrandSection />)
    await user.click(await screen.findByRole('button', { name: 'Save brand' }))
    const upload = await screen.findByRole('button', { name: 'Upload logo' })
    await waitFor(() => expect(upload).toBeEnabled())
    const file = screen.getByLabelText('Logo file')
    await user.upload(file, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }))
    expect(await screen.findByText(BRAND_MESSAGES.logoType)).toBeInTheDocument()
    await user.upload(file, new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' }))
    expect(await screen.findByText(BRAND_MESSAGES.logoSize)).toBeInTheDocument()
    expect(calls.some((call) => call.url === '/api/me/brand/logo')).toBe(false)

    await user.upload(file, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }))
    const logo = await screen.findByRole('img', { name: 'Your logo' })
    expect(logo).toHaveAttribute('src', `/api/brand-logos/${'a'.repeat(64)}`)
    expect(calls.find((call) => call.url === '/api/me/brand/logo')!.body).toEqual({ contentType: 'image/png', data: 'iVBORw==' })
    expect(within(logo.parentElement!).getByRole('button', { name: 'Replace logo' })).toBeInTheDocument()
  })
})
