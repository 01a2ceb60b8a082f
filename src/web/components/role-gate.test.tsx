import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthState } from '../hooks/use-auth.ts'
import { AdminGate, NeedsNetwork, RoleGate } from './role-gate.tsx'

const auth = vi.hoisted(() => ({ current: { status: 'signed-out', user: null, role: null } as AuthState }))
vi.mock('../hooks/use-auth.ts', () => ({ useAuth: () => auth.current }))

const signedIn = (role: AuthState['role']): AuthState => ({ status: 'signed-in', user: { id: 'u1', email: 'ana@example.com' }, role })

function renderGate(ui: React.ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>)
}

describe('RoleGate', () => {
  beforeEach(() => {
    auth.current = { status: 'signed-out', user: null, role: null }
  })

  it('asks a signed-out visitor to sign in', () => {
    renderGate(<RoleGate>secret</RoleGate>)
    expect(screen.getByRole('heading', { name: 'Please sign in to access this content.' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
    expect(screen.queryByText('secret')).not.toBeInTheDocument()
  })

  it('shows the content to a role that reaches the required rank', () => {
    auth.current = signedIn('elite')
    renderGate(<RoleGate roles="premium">secret</RoleGate>)
    expect(screen.getByText('secret')).toBeInTheDocument()
  })

  it('names the required role when the rank is too low', () => {
    auth.current = signedIn('unlimited')
    renderGate(<AdminGate>secret</AdminGate>)
    expect(screen.getByRole('heading', { name: "You don't have permission to access this content." })).toBeInTheDocument()
    expect(screen.getByText('Required: admin role.')).toBeInTheDocument()
    expect(screen.queryByText('secret')).not.toBeInTheDocument()
  })

  it('joins several required roles with "or" and counts a missing role as free', () => {
    auth.current = signedIn(null)
    renderGate(<RoleGate roles={['elite', 'unlimited']}>secret</RoleGate>)
    expect(screen.getByText('Required: elite or unlimited role.')).toBeInTheDocument()
  })

  it('shows a skeleton while the session loads', () => {
    auth.current = { status: 'loading', user: null, role: null }
    renderGate(<RoleGate>secret</RoleGate>)
    expect(screen.getByRole('status')).toHaveTextContent('Loading page…')
  })
})

describe('offline', () => {
  beforeEach(() => {
    auth.current = signedIn('elite')
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  })

  it('a page that needs the network says "You\'re offline" and leads to the saved alerts', () => {
    renderGate(<RoleGate roles="premium">billing</RoleGate>)
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See your saved alerts' })).toHaveAttribute('href', '/alerts')
    expect(screen.queryByText('billing')).not.toBeInTheDocument()
  })

  it('a page that works offline shows for a known viewer, and "You\'re offline" for an unknown one', () => {
    const { unmount } = renderGate(<RoleGate worksOffline>alerts</RoleGate>)
    expect(screen.getByText('alerts')).toBeInTheDocument()
    unmount()
    auth.current = { status: 'loading', user: null, role: null }
    renderGate(<RoleGate worksOffline>alerts</RoleGate>)
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeInTheDocument()
  })

  it('a public page that needs the network shows itself as soon as the network is back', () => {
    renderGate(<NeedsNetwork>search form</NeedsNetwork>)
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeInTheDocument()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(screen.getByText('search form')).toBeInTheDocument()
  })
})
