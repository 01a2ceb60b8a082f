import { useQuery } from '@tanstack/react-query'
import { effectiveRole, type Role } from '#shared/roles.ts'
import { meQueryOptions } from '../lib/session.ts'

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out'

export interface AuthState {
  status: AuthStatus
  user: { id: string; email: string } | null
  role: Role | null
}

/** The signed-in user, their role and the auth status: every screen reads auth through this hook. */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(meQueryOptions)
  if (isPending) return { status: 'loading', user: null, role: null }
  if (!data) return { status: 'signed-out', user: null, role: null }
  return { status: 'signed-in', user: { id: data.user.id, email: data.user.email }, role: effectiveRole(data.profile.role) }
}
