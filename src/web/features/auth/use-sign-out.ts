import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { forgetSearchResults } from '../../stores/search-selection-store.ts'
import { releasePushSubscription } from '../notifications/index.ts'
import { signOut } from './api.ts'
import { forgetReturnPath } from './return-path.ts'

/**
 * Signs out and clears everything a signed-in user's data lives in on the client (user, session,
 * profile, search data, the page to come back to after a sign-in), whatever the server answered, then goes to the landing page. First, while
 * the session still allows it, this browser's push endpoint is removed from the user's devices, so
 * their notices don't reach whoever uses the browser next (best effort, never blocks signing out).
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    await releasePushSubscription()
    await signOut()
    queryClient.clear()
    forgetSearchResults(queryClient)
    queryClient.setQueryData(['me'], null)
    sessionStorage.clear()
    // A page that asked for the sign-in is this user's, not the next one's.
    forgetReturnPath()
    await navigate('/')
  }
}
