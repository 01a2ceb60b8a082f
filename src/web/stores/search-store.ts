import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import {
  DEFAULT_SEARCH_FILTERS,
  DEFAULT_SEARCH_PARAMS,
  DEFAULT_TIME_WINDOW,
  MAX_MULTI_CITY_SEGMENTS,
  MIN_MULTI_CITY_SEGMENTS,
  searchFiltersSchema,
  searchParamsSchema,
  type MultiCitySegment,
  type SearchFilters,
  type SearchParams,
  type TripType,
} from '#shared/flights/search-params.ts'
import type { Alliance } from '#shared/flights/search-params.ts'
import { FLEX_DEFAULT_NIGHTS } from '#shared/flights/fare-calendar.ts'
import { draftToFlexible, flexibleToDraft, type FlexibleDates, type FlexibleDraft } from '#shared/flights/flexible-search.ts'

/**
 * The search form (spec section 3 "Search parameters" and "Search filters") and the post-search
 * filters per leg, with the transitions of section 4 "Search". Travel class, passengers, region,
 * language, currency and infants persist under `search-filters-storage`; the rest lives for the
 * visit (and in the URL, see shared/flights/search-url.ts).
 */

export const SEARCH_FILTERS_STORAGE_KEY = 'search-filters-storage'

/** 'top': the provider's ranking, with its Best flights above the others (the only order that groups them). */
export type PostSearchSort = 'top' | 'price-low-high' | 'price-high-low' | 'duration' | 'departure' | 'arrival'
export const MINUTES_PER_DAY = 1440

export interface PostSearchFilters {
  sortBy: PostSearchSort
  stops: { nonstop: boolean; oneStop: boolean; twoPlusStops: boolean }
  /** Marketing airline codes to show; empty = all. */
  airlines: string[]
  /** Alliances to show; empty = all. */
  alliances: Alliance[]
  /** max null = no upper bound. */
  priceRange: { min: number; max: number | null }
  /** Local departure and arrival time windows in minutes after midnight, 0–1440. */
  times: { departure: [number, number]; arrival: [number, number] }
  /** Connecting airports to show; empty = all. */
  connectingAirports: string[]
  /** Total duration window in minutes; max null = no upper bound. */
  duration: { min: number; max: number | null }
}

export function defaultPostSearchFilters(): PostSearchFilters {
  return {
    sortBy: 'price-low-high',
    stops: { nonstop: true, oneStop: true, twoPlusStops: true },
    airlines: [],
    alliances: [],
    priceRange: { min: 0, max: null },
    times: { departure: [0, MINUTES_PER_DAY], arrival: [0, MINUTES_PER_DAY] },
    connectingAirports: [],
    duration: { min: 0, max: null },
  }
}

export function legCount(params: Pick<SearchParams, 'tripType' | 'multiCitySegments'>): number {
  if (params.tripType === 'one-way') return 1
  if (params.tripType === 'round-trip') return 2
  return Math.max(1, params.multiCitySegments.length)
}

/** The form's flexible-date fields (issue 16): `on` is the "Flexible dates" choice; the rest survives turning it off. */
export interface FlexibleForm extends FlexibleDraft {
  on: boolean
}

export const DEFAULT_FLEXIBLE_FORM: FlexibleForm = {
  on: false,
  kind: 'month',
  month: '',
  minNights: String(FLEX_DEFAULT_NIGHTS.min),
  maxNights: String(FLEX_DEFAULT_NIGHTS.max),
}

/** The flexible dates the form would search: none when the choice is off or the trip is multi-city. */
export function formFlexible(state: Pick<SearchState, 'params' | 'flexible'>): FlexibleDates | null {
  return state.flexible.on && state.params.tripType !== 'multi-city' ? draftToFlexible(state.flexible) : null
}

let segmentCounter = 0
export function newSegment(partial: Partial<MultiCitySegment> = {}): MultiCitySegment {
  segmentCounter += 1
  return { id: `seg-${Date.now().toString(36)}-${segmentCounter}`, from: '', to: '', departureDate: '', ...partial }
}

export interface SearchState {
  params: SearchParams
  filters: SearchFilters
  postSearchFilters: PostSearchFilters[]
  /** Bumped by Clear-all so uncontrolled inputs remount empty. */
  formVersion: number
  /** Flexible dates instead of the two date fields (not for multi-city). */
  flexible: FlexibleForm
  setFlexible: (patch: Partial<FlexibleForm>) => void
  setParams: (patch: Partial<SearchParams>) => void
  setFilters: (patch: Partial<SearchFilters>) => void
  setTripType: (tripType: TripType) => void
  setDepartureDate: (date: string) => void
  addSegment: () => void
  removeSegment: (id: string) => void
  updateSegment: (id: string, patch: Partial<Omit<MultiCitySegment, 'id'>>) => void
  setPostSearchFilters: (legIndex: number, patch: Partial<PostSearchFilters>) => void
  resetPostSearchFilters: (legIndex?: number) => void
  /** Replaces the whole search (from the URL or an alert); `flexible` turns the flexible dates on, its absence off. */
  loadSearch: (params: SearchParams, filters: SearchFilters, flexible?: FlexibleDates | null) => void
  clearAll: () => void
}

const freshPostSearchFilters = (count: number) => Array.from({ length: count }, defaultPostSearchFilters)

export const useSearchStore = create<SearchState>()(
  persist(
    (set, get) => ({
      params: DEFAULT_SEARCH_PARAMS,
      filters: DEFAULT_SEARCH_FILTERS,
      postSearchFilters: freshPostSearchFilters(2),
      formVersion: 0,
      flexible: DEFAULT_FLEXIBLE_FORM,

      setFlexible: (patch) => set((state) => ({ flexible: { ...state.flexible, ...patch } })),
      setParams: (patch) => set((state) => ({ params: { ...state.params, ...patch } })),
      setFilters: (patch) => set((state) => ({ filters: { ...state.filters, ...patch } })),

      setTripType: (tripType) => {
        const { params } = get()
        let segments = params.multiCitySegments
        if (tripType === 'multi-city' && segments.length < 2) {
          // Start from what the round-trip/one-way form already holds, so nothing is retyped.
          segments = [
            newSegment({ from: params.from, to: params.to, departureDate: params.departureDate }),
            newSegment({ from: params.to, departureDate: params.returnDate }),
          ]
        }
        // Back on a round trip, a return date the traveller left earlier than the departure is cleared (section 4).
        const returnBeforeDeparture =
          tripType === 'round-trip' && params.returnDate !== '' && params.departureDate !== '' && params.returnDate < params.departureDate
        const next = { ...params, tripType, multiCitySegments: segments, returnDate: returnBeforeDeparture ? '' : params.returnDate }
        set((state) => ({
          params: next,
          postSearchFilters: freshPostSearchFilters(legCount(next)),
          // Segments survive a trip-type round trip, so their time windows do too (searches send only the active ones).
          filters: {
            ...state.filters,
            multiCityTimes: tripType === 'multi-city' ? timesFor(segments, state.filters.multiCityTimes) : state.filters.multiCityTimes,
          },
        }))
      },

      setDepartureDate: (departureDate) =>
        set((state) => {
          const returnDate = state.params.returnDate
          const clearReturn = state.params.tripType === 'round-trip' && returnDate !== '' && departureDate !== '' && returnDate < departureDate
          return { params: { ...state.params, departureDate, returnDate: clearReturn ? '' : returnDate } }
        }),

      addSegment: () =>
        set((state) => {
          if (state.params.multiCitySegments.length >= MAX_MULTI_CITY_SEGMENTS) return state
          const last = state.params.multiCitySegments.at(-1)
          const segment = newSegment({ from: last?.to ?? '' })
          const multiCitySegments = [...state.params.multiCitySegments, segment]
          return {
            params: { ...state.params, multiCitySegments },
            filters: { ...state.filters, multiCityTimes: { ...state.filters.multiCityTimes, [segment.id]: [...DEFAULT_TIME_WINDOW] } },
            postSearchFilters: [...state.postSearchFilters, defaultPostSearchFilters()],
          }
        }),

      removeSegment: (id) =>
        set((state) => {
          const index = state.params.multiCitySegments.findIndex((segment) => segment.id === id)
          if (index < 0 || state.params.multiCitySegments.length <= MIN_MULTI_CITY_SEGMENTS) return state
          const multiCityTimes = { ...state.filters.multiCityTimes }
          delete multiCityTimes[id]
          return {
            params: { ...state.params, multiCitySegments: state.params.multiCitySegments.filter((segment) => segment.id !== id) },
            filters: { ...state.filters, multiCityTimes },
            postSearchFilters: state.postSearchFilters.filter((_, i) => i !== index),
          }
        }),

      updateSegment: (id, patch) =>
        set((state) => {
          const segments = state.params.multiCitySegments
          const index = segments.findIndex((segment) => segment.id === id)
          const next = segments[index + 1]
          // A new destination is where the next flight leaves from, unless the traveller chose that
          // departure themselves (it is neither empty nor the destination it followed).
          const follows = patch.to !== undefined && next !== undefined && (next.from === '' || next.from === segments[index]!.to)
          return {
            params: {
              ...state.params,
              multiCitySegments: segments.map((segment, i) =>
                i === index ? { ...segment, ...patch } : follows && i === index + 1 ? { ...segment, from: patch.to! } : segment,
              ),
            },
          }
        }),

      setPostSearchFilters: (legIndex, patch) =>
        set((state) => {
          const list = [...state.postSearchFilters]
          while (list.length <= legIndex) list.push(defaultPostSearchFilters())
          list[legIndex] = { ...list[legIndex]!, ...patch }
          return { postSearchFilters: list }
        }),

      resetPostSearchFilters: (legIndex) =>
        set((state) => ({
          postSearchFilters:
            legIndex === undefined
              ? freshPostSearchFilters(legCount(state.params))
              : state.postSearchFilters.map((filters, i) => (i === legIndex ? defaultPostSearchFilters() : filters)),
        })),

      loadSearch: (params, filters, flexible) =>
        set((state) => ({
          params,
          flexible: flexible ? { on: true, ...flexibleToDraft(flexible) } : { ...state.flexible, on: false },
          // Every multi-city segment has its time window (section 4), whatever the source left out.
          filters:
            params.tripType === 'multi-city' ? { ...filters, multiCityTimes: timesFor(params.multiCitySegments, filters.multiCityTimes) } : filters,
          postSearchFilters: freshPostSearchFilters(legCount(params)),
        })),

      clearAll: () =>
        set((state) => ({
          params: {
            ...DEFAULT_SEARCH_PARAMS,
            travelClass: state.params.travelClass,
            adults: state.params.adults,
            children: state.params.children,
          },
          filters: {
            ...DEFAULT_SEARCH_FILTERS,
            gl: state.filters.gl,
            hl: state.filters.hl,
            currency: state.filters.currency,
            infants_in_seat: state.filters.infants_in_seat,
            infants_on_lap: state.filters.infants_on_lap,
          },
          postSearchFilters: freshPostSearchFilters(2),
          flexible: DEFAULT_FLEXIBLE_FORM,
          formVersion: state.formVersion + 1,
        })),
    }),
    {
      name: SEARCH_FILTERS_STORAGE_KEY,
      version: 1,
      // Only the traveller's standing preferences persist (spec section 4).
      partialize: (state) => ({
        params: { travelClass: state.params.travelClass, adults: state.params.adults, children: state.params.children },
        filters: {
          gl: state.filters.gl,
          hl: state.filters.hl,
          currency: state.filters.currency,
          infants_in_seat: state.filters.infants_in_seat,
          infants_on_lap: state.filters.infants_on_lap,
        },
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as { params?: Partial<SearchParams>; filters?: Partial<SearchFilters> }
        // Storage is outside input: a value the schema refuses (edited by hand, older build) keeps its default.
        return {
          ...current,
          params: { ...current.params, ...validFields(searchParamsSchema.shape, pick(saved.params, ['travelClass', 'adults', 'children'])) },
          filters: {
            ...current.filters,
            ...validFields(searchFiltersSchema.shape, pick(saved.filters, ['gl', 'hl', 'currency', 'infants_in_seat', 'infants_on_lap'])),
          },
        }
      },
    },
  ),
)

function timesFor(segments: MultiCitySegment[], existing: SearchFilters['multiCityTimes']): SearchFilters['multiCityTimes'] {
  return Object.fromEntries(segments.map((segment) => [segment.id, existing[segment.id] ?? [...DEFAULT_TIME_WINDOW]]))
}

function validFields<T extends object>(
  shape: Record<string, { safeParse: (value: unknown) => { success: boolean; data?: unknown } }>,
  values: Partial<T>,
): Partial<T> {
  const valid: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    const parsed = shape[key]?.safeParse(value)
    if (parsed?.success) valid[key] = parsed.data
  }
  return valid as Partial<T>
}

function pick<T extends object, K extends keyof T>(source: T | undefined, keys: K[]): Partial<T> {
  if (!source) return {}
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]])) as unknown as Partial<T>
}
