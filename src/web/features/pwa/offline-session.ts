import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../../lib/api-client.ts'
import { forgetOfflineData, readSavedForOffline, saveForOffline } from '../../lib/offline-data.ts'
import { meQueryOptions, type Me } from '../../lib/session.ts'

/** The last viewer's name in the offline data (lib/offline-data.ts). */
export const LAST_VIEWER = 'viewer'

export function isViewer(value: unknown): value is Me {
  const me = value as Partial<Me> | null
  return typeof me?.user?.id === 'string' && typeof me.user.email === 'string' && typeof me.profile?.role === 'string'
}

/** A call that never reached the server (the API client's status 0), unlike any answer from it. */
const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0

/**
 * The session while the network is gone (decision 035). Each time the server names the signed-in
 * user, they are saved as the last viewer. When the session query can't reach the server and
 * knows nobody yet, the last viewer stands in, dated when they were saved: a signed-in user who
 * opens the app offline sees their saved alerts instead of a sign-in prompt, and the server's
 * next answer replaces the stand-in (session-watch.ts then handles a session that ended
 * meanwhile). When the server says nobody is signed in (sign-out, a session ended elsewhere, a
 * deleted account), everything saved for offline use is forgotten. Returns the way to stop.
 */
export function keepSessionForOffline(queryClient: QueryClient): () => void {
  const meHash = JSON.stringify(meQueryOptions.queryKey)
  const standIn = () => {
    if (queryClient.getQueryData(meQueryOptions.queryKey) !== undefined) return
    const saved = readSavedForOffline(LAST_VIEWER, isViewer)
    if (saved) queryClient.setQueryData(meQueryOptions.queryKey, saved.value, { updatedAt: saved.savedAt })
  }

  // This starts after the first paint: the session may have been answered, or failed, already.
  const state = queryClient.getQueryState(meQueryOptions.queryKey)
  if (state?.data === null) forgetOfflineData()
  else if (state?.data) saveForOffline(LAST_VIEWER, state.data, state.dataUpdatedAt)
  else if (unreachable(state?.error ?? state?.fetchFailureReason)) standIn()

  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== meHash) return
    const { action } = event
    if (action.type === 'success') {
      // Data set by hand is ours (the stand-in, or sign-out's "nobody"), not news from the server.
      if (action.data === null) forgetOfflineData()
      // Dated as the query itself dates the answer (its state, set before listeners hear of it;
      // a fetched answer's action carries no time, and a second clock read could be a tick later).
      else if (!action.manual && isViewer(action.data)) saveForOffline(LAST_VIEWER, action.data, event.query.state.dataUpdatedAt)
    } else if (action.type === 'pause' || ((action.type === 'failed' || action.type === 'error') && unreachable(action.error))) {
      standIn()
    }
  })
}
