import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeNotice, renderAdmin, serveAdminApi } from './test-fixtures.tsx'

const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003']
const notices = [
  makeNotice({ id: ids[0] }),
  makeNotice({ id: ids[1], userEmail: 'bob@example.com', channel: 'sms' }),
  makeNotice({ id: ids[2], userEmail: 'cy@example.com', channel: 'push' }),
]

describe('admin notifications', () => {
  it('retries the selected dead letters by id and discards all of them after confirming', async () => {
    const user = userEvent.setup()
    const api = serveAdminApi(({ method, url, body }) => {
      if (method === 'GET' && url === '/api/admin/notifications?status=dead') return Response.json({ notifications: notices })
      if (url === '/api/admin/notifications/retry') return Response.json({ count: (body as { ids: string[] }).ids.length })
      if (url === '/api/admin/notifications/discard') return Response.json({ count: 7 })
      return undefined
    })
    renderAdmin('/admin?tab=notifications')
    const table = await screen.findByRole('table', { name: 'Notices' })
    await user.click(within(table).getByRole('checkbox', { name: /notice to ana@example\.com/ }))
    await user.click(within(table).getByRole('checkbox', { name: /notice to cy@example\.com/ }))
    await user.click(screen.getByRole('button', { name: 'Retry selected (2)' }))
    expect(await screen.findByText('2 notices queued to retry.')).toBeInTheDocument()
    expect(api.made('POST', '/api/admin/notifications/retry').map((call) => call.body)).toEqual([{ ids: [ids[0], ids[2]] }])

    await user.click(screen.getByRole('button', { name: 'Discard all dead' }))
    const dialog = await screen.findByRole('dialog', { name: 'Discard every dead letter?' })
    expect(api.made('POST', '/api/admin/notifications/discard')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Discard all' }))
    expect(await screen.findByText('7 notices discarded.')).toBeInTheDocument()
    expect(api.made('POST', '/api/admin/notifications/discard').map((call) => call.body)).toEqual([{ all: true }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
