import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AdminAlertDetail, AdminAlertRow } from '#shared/admin.ts'
import { useToastStore } from '../../stores/toast-store.ts'
import { renderAdmin, serveAdminApi } from './test-fixtures.tsx'

const row: AdminAlertRow = {
  id: 'a1',
  name: 'Denver to Phoenix',
  userId: 'u1',
  userEmail: 'ana@example.com',
  route: 'DEN → PHX',
  departureDate: '2030-03-01',
  returnDate: null,
  status: 'active',
  statusNote: null,
  targetPrice: 120,
  currentPrice: null,
  lowestPrice: null,
  currency: 'USD',
  checkFrequency: '12h',
  nextCheckAt: '2030-01-20T11:00:00.000Z',
  lastCheckedAt: null,
  createdAt: '2030-01-20T10:00:00.000Z',
}
const detail: AdminAlertDetail = { alert: row, checks: [], prices: [], notices: [] }
const HELD_BACK = 'Not checked: price checks have spent the provider calls they may make for now. Try again after 2030-01-20 10:01:00 UTC.'

describe('admin: Check now', () => {
  it('says the check was not run, and why, when the provider limits hold it back; says it was when it was', async () => {
    const user = userEvent.setup()
    let held = true
    const api = serveAdminApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/admin/alerts/a1')) return Response.json(detail)
      if (method === 'GET' && url.startsWith('/api/admin/alerts')) return Response.json({ alerts: [row] })
      if (method === 'POST' && url === '/api/admin/alerts/a1/check') {
        if (held) return Response.json({ error: { code: 'unavailable', message: HELD_BACK } }, { status: 503, headers: { 'Retry-After': '30' } })
        return Response.json({ observation: null, evaluation: { outcome: 'price' } })
      }
      return undefined
    })
    renderAdmin('/admin?tab=alerts')
    await user.click(await screen.findByRole('button', { name: 'Denver to Phoenix' }))
    const sheet = await screen.findByRole('dialog', { name: 'Denver to Phoenix' })

    const detailReads = api.made('GET', '/api/admin/alerts/a1').length
    await user.click(within(sheet).getByRole('button', { name: 'Check now' }))
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: "Couldn't check Denver to Phoenix", description: HELD_BACK }))
    expect(api.made('POST', '/api/admin/alerts/a1/check')).toHaveLength(1)
    // Read again: the held-back alert's next check has moved to when the limit lifts.
    await waitFor(() => expect(api.made('GET', '/api/admin/alerts/a1').length).toBeGreaterThan(detailReads))

    held = false
    await user.click(within(sheet).getByRole('button', { name: 'Check now' }))
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'Checked now', description: 'Denver to Phoenix: the new check is at the top of the list.' }))
  })
})
