import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Me } from '#shared/account.ts'
import { api } from './api-client.ts'

export type { Me }

// The session query on its own: every page's first load reads it (use-auth.ts), and the rest of the
// auth API (api.ts) stays in the chunks of the pages that call it.

/** The signed-in user, or null when signed out. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    const session = await api('GET /api/session', { signal })
    return session.user ? session : null
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
