import { useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { useAuth } from '../../../hooks/use-auth.ts'
import { useAlertDraftStore } from '../../../stores/alert-draft-store.ts'
import { takeDraftRememberedForSignIn } from './remembered-draft.ts'
import { useAlertStore } from '../../../stores/alert-store.ts'
import { CreateAlertDialog } from '../../alerts/index.ts'
import { forgetReturnPath, signInThenReturnTo } from '../../auth/index.ts'
import { currentSearchOf, todayIso } from '../use-flight-search.ts'
import { TRACK_PARAM } from './track-buttons.tsx'

/**
 * Alert creation over the search results (`?track=1`, issue 16). The draft is the one "Track"
 * made; after a sign-in that reloaded the page, the one remembered across it; failing both (a
 * shared or bookmarked address), a route alert for the search in the address. Signed out, the
 * traveller is asked to sign in and brought back here. Cancelling leaves them on their results;
 * saving takes them to their alerts.
 */
export function TrackAlertDialog() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const auth = useAuth()
  const draft = useAlertDraftStore((s) => s.draft)
  const tracking = params.get(TRACK_PARAM) === '1'

  useEffect(() => {
    if (!tracking || auth.status === 'loading') return
    if (auth.status !== 'signed-in') {
      void navigate(signInThenReturnTo(`${location.pathname}${location.search}`), { replace: true })
      return
    }
    // Back where the sign-in was asked for: that return is done.
    forgetReturnPath()
    const remembered = takeDraftRememberedForSignIn()
    if (useAlertDraftStore.getState().draft) return
    const search = currentSearchOf(location.search, todayIso())?.request
    const next = remembered ?? (search ? { search: { params: search.params, filters: search.filters } } : null)
    if (next) useAlertDraftStore.getState().setDraft(next)
  }, [tracking, auth.status, location.pathname, location.search, navigate])

  const dropFlag = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(TRACK_PARAM)
        return next
      },
      { replace: true },
    )

  return (
    <CreateAlertDialog
      open={tracking && auth.status === 'signed-in' && draft !== null}
      onClose={() => {
        useAlertStore.getState().closeCreate()
        dropFlag()
      }}
      onCreated={() => {
        useAlertStore.getState().closeCreate()
        void navigate(PATHS.alerts)
      }}
    />
  )
}
