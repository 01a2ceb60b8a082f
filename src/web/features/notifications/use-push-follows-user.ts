import { useEffect } from 'react'
import { useAuth } from '../../hooks/use-auth.ts'

/**
 * Mounted once in the app's layout: runs followSignedInUser (push-follows-user.ts, decision 015)
 * whenever a user is signed in. The push code loads only then, so a visitor's first page load
 * doesn't carry it (decision 019).
 */
export function usePushFollowsUser(): void {
  const userId = useAuth().user?.id
  useEffect(() => {
    if (userId) void import('./push-follows-user.ts').then((push) => push.followSignedInUser(userId))
  }, [userId])
}
