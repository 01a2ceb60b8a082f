import type { QueryClient } from '@tanstack/react-query'
import { create } from 'zustand'
import type { Itinerary } from '#shared/flights/model.ts'
import type { FarePick } from '#shared/flights/search-url.ts'
import { flightQueryKeys } from '../lib/flight-query-keys.ts'

/**
 * The traveller's choices in the results of the current search (decision 025): the option picked
 * for each leg and a booking link's fare still being chosen. The search itself is the URL's and its
 * answers (every leg's options, booking options, price insights) are TanStack Query's; this store
 * holds no server data. Spec section 3 "Search results data": ephemeral, never persisted, forgotten
 * by the Flights nav item, by sign-out and by a new search.
 */
export interface SearchSelectionState {
  /** The search (its URL encoding) these choices were made in; for any other search nothing is chosen. */
  search: string | null
  /** The option picked for each leg so far. */
  selectedFlights: Itinerary[]
  /**
   * A booking link's fare (the URL's `pick`) still being chosen leg by leg as the options arrive
   * (use-selection-flow.ts); null when there is none or it has been applied.
   */
  farePick: FarePick | null
  /** Said when a booking link's flights are no longer offered; kept until the next search or choice. */
  farePickNote: string | null
  /** A search starts (or is asked again): nothing chosen yet, and a booking link's fare to choose when given. */
  start: (search: string, pick: FarePick | null) => void
  /** Picks an option for a leg of `search` and forgets whatever was chosen after it. */
  selectFlight: (search: string, legIndex: number, itinerary: Itinerary) => void
  /** Goes back to choosing this leg. */
  unselectFrom: (legIndex: number) => void
  setFarePick: (pick: FarePick | null) => void
  setFarePickNote: (note: string | null) => void
  clear: () => void
}

const empty = {
  search: null as string | null,
  selectedFlights: [] as Itinerary[],
  farePick: null as FarePick | null,
  farePickNote: null as string | null,
}

export const useSearchSelectionStore = create<SearchSelectionState>()((set) => ({
  ...empty,
  start: (search, farePick) => set({ ...empty, search, farePick }),
  selectFlight: (search, legIndex, itinerary) =>
    set((state) => ({
      search,
      selectedFlights: [...(state.search === search ? state.selectedFlights : []).slice(0, legIndex), itinerary],
      ...(state.search === search ? {} : { farePick: null, farePickNote: null }),
    })),
  unselectFrom: (legIndex) => set((state) => ({ selectedFlights: state.selectedFlights.slice(0, legIndex) })),
  setFarePick: (farePick) => set({ farePick }),
  setFarePickNote: (farePickNote) => set({ farePickNote }),
  clear: () => set(empty),
}))

/** Flights nav item and sign-out: forget the current search's results, the choices and the answers alike. */
export function forgetSearchResults(queryClient: QueryClient) {
  useSearchSelectionStore.getState().clear()
  queryClient.removeQueries({ queryKey: flightQueryKeys.all })
}
