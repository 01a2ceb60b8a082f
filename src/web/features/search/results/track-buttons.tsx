import { useQueryClient } from '@tanstack/react-query'
import { Bell, BellPlus } from 'lucide-react'
import { useLocation, useNavigate } from 'react-router'
import type { Itinerary } from '#shared/flights/model.ts'
import { PATHS } from '#shared/routes.ts'
import { Button, type ButtonProps } from '../../../components/ui/button.tsx'
import { useAlertDraftStore } from '../../../stores/alert-draft-store.ts'
import { useAlertStore } from '../../../stores/alert-store.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { searchContextFor } from '../../alerts/index.ts'
import { currentSearchOf, todayIso } from '../use-flight-search.ts'
import { useAuth } from '../../../hooks/use-auth.ts'

/** Where alert creation opens with the draft. */
export const ALERT_CREATE_PATH = `${PATHS.alerts}?create=1`

/**
 * Hands the search on screen (the URL's, which the results answer; the form's when there is
 * none) and optionally one flight to alert creation: the draft goes into
 * the in-memory alert-draft store, then the traveller goes to /alerts?create=1, or to /auth first
 * when signed out. /auth does not read `redirect` yet; a password sign-in lands on /alerts anyway,
 * where the draft is still waiting. The results' prices are noted now (the alert store's search
 * context), so the suggested target survives the results being cleared.
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
    const search = { params, filters }
    setDraft({ search, ...(flight ? { flight } : {}), ...(flights.length > 1 ? { selectedFlights: flights } : {}) })
    useAlertStore.getState().beginCreate(searchContextFor(queryClient, search, flights))
    if (auth.status === 'signed-in') void navigate(ALERT_CREATE_PATH)
    else void navigate(`${PATHS.auth}?redirect=${encodeURIComponent(ALERT_CREATE_PATH)}`)
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
