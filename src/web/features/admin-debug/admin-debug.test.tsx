import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminDebugInfo, TestSearchResult } from '#shared/admin.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { AdminDebugScreen } from './index.ts'

/** /admin/debug: the configuration, the test search and the simulated market's controls (issue 13). */

const INFO: AdminDebugInfo = {
  version: '1.4.0',
  nodeVersion: 'v22.12.0',
  startedAt: '2026-03-05T10:00:00.000Z',
  uptimeSeconds: 3_700,
  drivers: { db: 'pglite', flights: 'simulated', email: 'outbox', sms: 'outbox', whatsapp: 'outbox', push: 'outbox', billing: 'local' },
  migrations: { applied: 16, expected: 16, latest: '0016_admin_console' },
  workers: [{ workerId: 'w-1', hostname: 'box', pid: 42, startedAt: '2026-03-05T10:00:00.000Z', beatAt: new Date().toISOString(), fresh: true }],
  settings: { PUBLIC_URL: 'http://127.0.0.1:3000', PROVIDER_DAILY_BUDGET: 500 },
  simulator: { shocks: [], failures: { mode: 'none' } },
}

const RESULT: TestSearchResult = { provider: 'simulated', ms: 37, raw: { best_flights: [{ price: 412 }] }, mapped: { flights: [{ totalPrice: 412 }] } }

function serve(info: AdminDebugInfo = INFO) {
  const writes: { url: string; body: unknown }[] = []
  const fetchMock = stubApi((url, init) => {
    if (init?.method === 'POST' || init?.method === 'PUT') writes.push({ url, body: JSON.parse(String(init.body)) })
    if (url === '/api/admin/debug') return Response.json(info)
    if (url === '/api/admin/errors') return Response.json({ errors: [] })
    if (url === '/api/ready') return Response.json({ status: 'ready', checks: { database: true, migrations: true, worker: true } })
    if (url === '/api/admin/debug/test-search') return Response.json(RESULT)
    if (url === '/api/admin/simulator/shocks') {
      return Response.json({ shock: { from: 'JFK', to: 'LHR', departureDate: null, factor: 0.7, until: '2026-03-06T10:00:00.000Z' } }, { status: 201 })
    }
    return undefined
  })
  renderWithProviders(<AdminDebugScreen />)
  return { writes, fetchMock }
}

const section = (name: string) => screen.findByRole('region', { name })

describe('admin debug page', () => {
  it('checks the test search before calling the API, then shows the raw and mapped answers', async () => {
    const user = userEvent.setup()
    const { writes } = serve()
    const form = within(await section('Test search'))
    const from = form.getByLabelText('From')
    await user.clear(from)
    await user.type(from, 'JF')
    await user.click(form.getByRole('button', { name: 'Run test search' }))
    expect(await form.findByText('Enter a 3-letter airport code')).toBeInTheDocument()
    expect(from).toHaveAttribute('aria-invalid', 'true')
    expect(writes).toEqual([])

    await user.type(from, 'k')
    await user.click(form.getByRole('button', { name: 'Run test search' }))
    expect(await form.findByRole('region', { name: 'Raw answer' })).toHaveTextContent('"best_flights"')
    expect(form.getByRole('region', { name: 'Mapped answer' })).toHaveTextContent('"totalPrice": 412')
    expect(form.getAllByRole('status').map((el) => el.textContent)).toContainEqual(expect.stringMatching(/^Answered by\s*simulated\s*in 37 ms$/))
    expect(writes).toEqual([{ url: '/api/admin/debug/test-search', body: { from: 'JFK', to: 'LHR', departureDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } }])
  })

  it('applies a price shock given in percent as the factor the API takes', async () => {
    const user = userEvent.setup()
    const { writes } = serve()
    const form = within(await screen.findByRole('form', { name: 'Apply a price shock' }))
    await user.type(form.getByLabelText('From'), 'jfk')
    await user.type(form.getByLabelText('To'), 'lhr')
    await user.type(form.getByLabelText('Price change (%)'), '-30')
    await user.click(form.getByRole('button', { name: 'Apply shock' }))
    expect(await form.findByText(/^Applied −30\s% on JFK → LHR until /)).toBeInTheDocument()
    expect(writes).toEqual([{ url: '/api/admin/simulator/shocks', body: { from: 'JFK', to: 'LHR', factor: 0.7, hours: 24 } }])
  })

  it('leaves the simulated market out when the live provider answers', async () => {
    serve({ ...INFO, drivers: { ...INFO.drivers, flights: 'serpapi' }, simulator: null })
    const market = within(await section('Simulated market'))
    expect(await market.findByText(/This server uses the live flight provider/)).toBeInTheDocument()
    expect(market.queryByRole('form', { name: 'Apply a price shock' })).not.toBeInTheDocument()
    expect(market.queryByRole('form', { name: 'Failure injection' })).not.toBeInTheDocument()
    expect(screen.getByText('On SerpApi each test search costs one billed call.')).toBeInTheDocument()
  })
})
