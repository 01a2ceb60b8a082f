import { useQueryClient } from '@tanstack/react-query'
import { Bell, BellPlus } from 'lucide-react'
import { useLocation, useNavigate } from 'react-router'
import type { Itinerary } from '#shared/flights/model.ts'
import { Button, type ButtonProps } from '../../../components/ui/button.tsx'
import { useAlertDraftStore } from '../../../stores/alert-draft-store.ts'
import { rememberDraftForSignIn } from './remembered-draft.ts'
import { useAlertStore } from '../../../stores/alert-store.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { searchContextFor } from '../../alerts/index.ts'
import { signInThenReturnTo } from '../../auth/index.ts'
import { currentSearchOf, todayIso } from '../use-flight-search.ts'
import { useAuth } from '../../../hooks/use-auth.ts'

/** The search page's address flag that opens alert creation over the results (issue 16). */
export const TRACK_PARAM = 'track'

/** This page's address with the track flag on. */
export function withTrackFlag(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search)
  params.set(TRACK_PARAM, '1')
  return `${location.pathname}?${params.toString()}`
}

/**
 * Hands the search on screen (the URL's, which the results answer; the form's when there is
 * none) and optionally one flight to alert creation, which opens over the results (`?track=1`):
 * cancelling it leaves the traveller on their results. Signed out, the traveller signs in first
 * and comes back here (`/auth?redirect=`), the draft remembered across the sign-in. The results'
 * prices are noted now (the alert store's search context), so the suggested target survives.
 */
export function useTrackHandoff() {
  const navigate = useNavigate()
  const location = useLocation()
  const auth = useAuth()
  const queryClient = useQueryClient()
  const setDraft = useAlertDraftStore((s) => s.setDraft)
  return (flights: Itinerary[] = []) => {
    // Not the form's fields: the traveller may have edited them since the results came.
    const { params, filters } = currentSearchOf(location.search, todayIso())?.request ?? useSearchStore.getState()
    const [flight] = flights
    const draft = { search: { params, filters }, ...(flight ? { flight } : {}), ...(flights.length > 1 ? { selectedFlights: flights } : {}) }
    setDraft(draft)
    useAlertStore.getState().beginCreate(searchContextFor(queryClient, draft.search, flights))
    const here = withTrackFlag(location)
    if (auth.status === 'signed-in') {
      void navigate(here)
    } else {
      rememberDraftForSignIn(draft)
      void navigate(signInThenReturnTo(here))
    }
  }
}

export function TrackRouteButton(props: ButtonProps) {
  const track = useTrackHandoff()
  return (
    <Button variant="outline" size="sm" onClick={() => track()} {...props}>
      <Bell aria-hidden="true" />
      Track this route
    </Button>
  )
}

/** "Track this flight": one itinerary, or every flight chosen for a round trip / multi-city trip. */
export function TrackFlightButton({ flights, ...props }: ButtonProps & { flights: Itinerary[] }) {
  const track = useTrackHandoff()
  return (
    <Button variant="outline" size="sm" onClick={() => track(flights)} {...props}>
      <BellPlus aria-hidden="true" />
      Track this flight
    </Button>
  )
}
