import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { clearSearchData } from '../../stores/search-results-store.ts'
import { signOut } from './api.ts'

/**
 * Signs out and clears everything a signed-in user's data lives in on the client (user, session,
 * profile, search data), whatever the server answered, then goes to the landing page.
 */
export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    await signOut()
    queryClient.clear()
    clearSearchData()
    queryClient.setQueryData(['me'], null)
    sessionStorage.clear()
    await navigate('/')
  }
}
