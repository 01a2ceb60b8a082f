import type { QueryClient } from '@tanstack/react-query'
import { onUnauthorized } from '../lib/api-client.ts'
import { meQueryOptions, type Me } from '../lib/session.ts'
import { toast } from '../stores/toast-store.ts'

export const SESSION_ENDED = 'Your session has ended. Please sign in again.'
export const SESSION_ENDED_HINT = 'You were signed out (the session expired, or was ended from another device).'

/**
 * Notices a session that ended behind the page's back, and signs the page out with a message
 * instead of leaving screens that fail one call at a time. Any 401 from the API while signed in
 * makes it read the session again (a 401 may also be a wrong password: then the session is still
 * there and nothing happens); when the session answer turns from a user to none without the user
 * signing out here, everything of the account is cleared from the page and the visitor is told.
 * Signing out or deleting the account clears the query cache first, which this takes as "expected".
 */
export function watchSession(queryClient: QueryClient): () => void {
  // The watch may start after the first session answer arrived (it loads after the first paint).
  let signedInAs = (queryClient.getQueryData(meQueryOptions.queryKey) as Me | null | undefined)?.user.id ?? null
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== meQueryHash) return
    if (event.type === 'removed') {
      signedInAs = null
      return
    }
    if (event.type !== 'updated' || event.action.type !== 'success') return
    const me = event.query.state.data as Me | null | undefined
    const was = signedInAs
    signedInAs = me?.user.id ?? null
    if (was !== null && signedInAs === null) endedElsewhere(queryClient)
  })
  // A burst of 401s (a page's parallel calls) reads the session once; a read already under way
  // may predate the end of the session, so it is replaced. Observed or not, the read happens.
  let checking = false
  const stopListening = onUnauthorized(() => {
    if (signedInAs === null || checking) return
    checking = true
    void queryClient
      .cancelQueries({ queryKey: meQueryOptions.queryKey })
      .then(() => queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }))
      .catch(() => {})
      .finally(() => {
        checking = false
      })
  })
  return () => {
    unsubscribe()
    stopListening()
  }
}

const meQueryHash = JSON.stringify(meQueryOptions.queryKey)

function endedElsewhere(queryClient: QueryClient) {
  // Everything but the session answer itself (null now), which the screens read to show "signed out".
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== meQueryHash })
  // Loaded only now, as the nav loads it: the search stores stay out of the first page's script.
  void import('../stores/search-selection-store.ts').then(({ forgetSearchResults }) => forgetSearchResults(queryClient))
  sessionStorage.clear()
  toast.info(SESSION_ENDED, SESSION_ENDED_HINT)
}
