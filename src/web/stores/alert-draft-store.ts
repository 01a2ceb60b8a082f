import { create } from 'zustand'
import type { Itinerary } from '#shared/flights/model.ts'
import type { SearchFilters, SearchParams } from '#shared/flights/search-params.ts'

/**
 * The hand-off from search to alert creation ("Track this route" / "Track this flight"): the
 * search as it was when the button was pressed and, for a flight alert, the chosen itinerary.
 * Alert creation (over the results, `?track=1`) reads it and clears it when its modal closes. Kept
 * in memory: it is a one-time hand-off, not a preference; only a signed-out traveller's draft is
 * also remembered across the sign-in, which may reload the page (search/results/remembered-draft.ts).
 */
export interface AlertDraft {
  search: { params: SearchParams; filters: SearchFilters }
  /** Set for "Track this flight"; absent for "Track this route". */
  flight?: Itinerary
  /**
   * Every flight chosen so far when "Track this flight" is pressed after a round-trip or
   * multi-city selection (outbound, return…); `flight` is then the first of them.
   */
  selectedFlights?: Itinerary[]
}

interface AlertDraftState {
  draft: AlertDraft | null
  setDraft: (draft: AlertDraft) => void
  clearDraft: () => void
}

export const useAlertDraftStore = create<AlertDraftState>()((set) => ({
  draft: null,
  setDraft: (draft) => set({ draft }),
  clearDraft: () => set({ draft: null }),
}))
