import { create } from 'zustand'
import type { BaggagePrices, BookingOption, Itinerary, PriceInsights, SearchResponse } from '#shared/flights/model.ts'
import type { FarePick } from '#shared/flights/search-url.ts'

/**
 * Spec section 3 "Search results data": the ephemeral results of the current search (plus a
 * booking link's fare waiting to be chosen). Never persisted; cleared by the Flights nav item, by
 * sign-out and by a new search.
 */
/** Spec section 4 "Search": idle, searching, with results, or with the error. */
export type SearchStatus = 'idle' | 'searching' | 'results' | 'error'

export interface SearchResultsState {
  /** Where the current search stands; set by useRunSearch (features/search/use-run-search.ts). */
  status: SearchStatus
  /** One answer per leg reached so far: [outbound options, return options, …]. */
  searchResults: SearchResponse[]
  searchError: string | null
  priceInsights: PriceInsights | null
  bookingOptions: BookingOption[] | null
  /** The option picked for each leg so far. */
  selectedFlights: Itinerary[]
  baggagePrices: BaggagePrices | null
  /**
   * A booking link's fare (the URL's `pick`) still being chosen leg by leg as the options arrive
   * (use-selection-flow.ts); null when there is none or it has been applied.
   */
  farePick: FarePick | null
  /** Said when a booking link's flights are no longer offered; kept until the next search or choice. */
  farePickNote: string | null
  setLegResults: (legIndex: number, results: SearchResponse) => void
  setSearchError: (message: string | null) => void
  /** Picks an option for a leg and forgets whatever was chosen after it. */
  selectFlight: (legIndex: number, itinerary: Itinerary) => void
  /** Goes back to choosing this leg. */
  unselectFrom: (legIndex: number) => void
  setBooking: (booking: { bookingOptions: BookingOption[]; baggagePrices: BaggagePrices; selectedFlights?: Itinerary[] } | null) => void
  setPriceInsights: (insights: PriceInsights | null) => void
  setStatus: (status: SearchStatus) => void
  setFarePick: (pick: FarePick | null) => void
  setFarePickNote: (note: string | null) => void
  clear: () => void
}

const empty = {
  status: 'idle' as SearchStatus,
  searchResults: [],
  searchError: null,
  priceInsights: null,
  bookingOptions: null,
  selectedFlights: [],
  baggagePrices: null,
  farePick: null as FarePick | null,
  farePickNote: null as string | null,
}

export const useSearchResultsStore = create<SearchResultsState>()((set) => ({
  ...empty,
  setLegResults: (legIndex, results) =>
    set((state) => ({
      searchResults: [...state.searchResults.slice(0, legIndex), results],
      searchError: null,
      priceInsights: legIndex === 0 ? results.priceInsights : state.priceInsights,
    })),
  setSearchError: (searchError) => set({ searchError }),
  selectFlight: (legIndex, itinerary) =>
    set((state) => ({
      selectedFlights: [...state.selectedFlights.slice(0, legIndex), itinerary],
      searchResults: state.searchResults.slice(0, legIndex + 1),
      bookingOptions: null,
      baggagePrices: null,
    })),
  unselectFrom: (legIndex) =>
    set((state) => ({
      selectedFlights: state.selectedFlights.slice(0, legIndex),
      searchResults: state.searchResults.slice(0, legIndex + 1),
      bookingOptions: null,
      baggagePrices: null,
    })),
  setBooking: (booking) =>
    set((state) => ({
      bookingOptions: booking?.bookingOptions ?? null,
      baggagePrices: booking?.baggagePrices ?? null,
      selectedFlights: booking?.selectedFlights?.length ? booking.selectedFlights : state.selectedFlights,
    })),
  setPriceInsights: (priceInsights) => set({ priceInsights }),
  setStatus: (status) => set({ status }),
  setFarePick: (farePick) => set({ farePick }),
  setFarePickNote: (farePickNote) => set({ farePickNote }),
  clear: () => set(empty),
}))

/** Flights nav item and sign-out: forget the current search's results. */
export function clearSearchData() {
  useSearchResultsStore.getState().clear()
}
