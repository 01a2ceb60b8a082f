import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Me } from '#shared/account.ts'
import { api } from './api-client.ts'

export type { Me }

// The session query on its own: every page's first load reads it (use-auth.ts), and the rest of the
// auth API (api.ts) stays in the chunks of the pages that call it.

/** The signed-in user, or null when signed out. */
/**
 * While the tab is open the session is read again every 30 minutes, whether or not the tab is in
 * front: the server extends a session once a day when it is read (better-auth's `updateAge`), so
 * an open tab keeps its session alive instead of finding it expired at the next click. A session
 * that ended anyway is noticed (app/session-watch.ts).
 */
export const SESSION_CHECK_INTERVAL_MS = 30 * 60_000

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  refetchInterval: SESSION_CHECK_INTERVAL_MS,
  refetchIntervalInBackground: true,
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
