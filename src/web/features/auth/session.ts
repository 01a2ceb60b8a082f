import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Role } from '#shared/roles.ts'
import { api } from '../../lib/api-client.ts'

// The session query on its own: every page's first load reads it (use-auth.ts), and the rest of the
// auth API (api.ts) stays in the chunks of the pages that call it.

export interface Me {
  user: { id: string; email: string; name: string; emailVerified: boolean }
  profile: { role: Role; subscription_tier: string }
  emails: { id: string; email: string; is_primary: boolean; is_verified: boolean; verified_at: string | null }[]
}

/** The signed-in user, or null when signed out. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    const session = await api<Me | { user: null }>('/api/session', { signal })
    return session.user ? (session as Me) : null
  },
})

/**
 * Re-reads the session after it changed (signed in, verified, updated). A session probe that
 * started before the change would otherwise win: TanStack Query joins an in-flight first fetch
 * instead of restarting it, so it is cancelled first.
 */
export async function refreshSession(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: meQueryOptions.queryKey })
  await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey })
}
