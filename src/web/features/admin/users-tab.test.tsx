import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { useToastStore } from '../../stores/toast-store.ts'
import { makeUser, renderAdmin, serveAdminApi } from './test-fixtures.tsx'

const bob = makeUser({ id: 'u2', email: 'bob@example.com', name: 'Bob', role: 'free', tier: 'free', subscription: null, emailVerified: false })

describe('admin users', () => {
  it('changes a tier and disables a user after confirming, with the bodies the API expects', async () => {
    const user = userEvent.setup()
    const api = serveAdminApi(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/admin/users')) return Response.json({ users: [makeUser(), bob] })
      if (url === '/api/admin/users/u2/plan') {
        return Response.json({
          profile: { role: 'unlimited', subscription_tier: 'unlimited' },
          user: { ...bob, tier: 'unlimited', grantedTier: 'unlimited' },
          alerts: { plan: 'unlimited', paused: [], resumed: ['a1', 'a2'], changed: [] },
        })
      }
      if (url === '/api/admin/users/u2/disable') return Response.json({ user: { ...bob, disabledAt: new Date().toISOString() }, alertsDisabled: 3, sessionsRevoked: 2 })
      return undefined
    })
    renderAdmin('/admin?tab=users')
    const table = await screen.findByRole('table', { name: 'Users' })
    expect(within(table).getByText('bob@example.com')).toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: 'Actions for bob@example.com' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Change tier…' }))
    const tierDialog = await screen.findByRole('dialog', { name: 'Change tier' })
    expect(within(tierDialog).getByText(/the higher of this grant and what they pay for/)).toBeInTheDocument()
    await user.selectOptions(within(tierDialog).getByLabelText('Granted tier'), 'unlimited')
    await user.click(within(tierDialog).getByRole('button', { name: 'Save tier' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('POST', '/api/admin/users/u2/plan').map((call) => call.body)).toEqual([{ tier: 'unlimited' }])
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'Unlimited granted to bob@example.com', description: 'Their tier is now Unlimited; 2 alerts resumed.' })

    await user.click(within(table).getByRole('button', { name: 'Actions for bob@example.com' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Disable account…' }))
    const disableDialog = await screen.findByRole('dialog', { name: 'Disable bob@example.com?' })
    expect(api.made('POST', '/api/admin/users/u2/disable')).toHaveLength(0)
    await user.type(within(disableDialog).getByLabelText('Reason (optional)'), 'Card testing')
    await user.click(within(disableDialog).getByRole('button', { name: 'Disable account' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.made('POST', '/api/admin/users/u2/disable').map((call) => call.body)).toEqual([{ reason: 'Card testing' }])
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'bob@example.com disabled', description: '2 sessions revoked, 3 alerts disabled.' })
    // The list is read again after each action.
    await waitFor(() => expect(api.made('GET', '/api/admin/users').length).toBeGreaterThanOrEqual(3))
  })
})
