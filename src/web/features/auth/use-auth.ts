import type { Role } from '#shared/roles.ts'

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out'

export interface AuthState {
  status: AuthStatus
  user: { id: string; email: string } | null
  role: Role | null
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, role: null }

/**
 * The signed-in user, their role and the auth status. Every screen reads auth through this hook.
 * Accounts (issue 3) replace the body with the real session; until they land nobody can sign in,
 * so every visitor is signed out.
 */
export function useAuth(): AuthState {
  return SIGNED_OUT
}
