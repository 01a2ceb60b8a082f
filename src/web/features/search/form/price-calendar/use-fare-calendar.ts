import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { FareCalendarQuery } from '#shared/flights/fare-calendar.ts'
import type { SearchFilters, SearchParams } from '#shared/flights/search-params.ts'
import { useSearchStore } from '../../../../stores/search-store.ts'
import { fetchFareCalendar } from '../../api.ts'
import { fareText } from './fare-text.ts'
import { nightsBetween, pricedRange, toDate } from './calendar-dates.ts'
import { format } from 'date-fns'

/** Which date field the calendar belongs to, from the field's path in the form. */
export type CalendarField = 'departure' | 'return' | 'multi-city'

export function calendarFieldOf(path: string): CalendarField {
  if (path === 'departureDate') return 'departure'
  if (path === 'returnDate') return 'return'
  return 'multi-city'
}

/** What the calendar prices for a field: the query's fixed part and a line saying what the figures are, or why there are none. */
export type CalendarPricing =
  | { query: Omit<FareCalendarQuery, 'start' | 'days'>; note: string }
  | { query: null; note: string }

const CLASS_NAMES: Record<SearchParams['travelClass'], string> = {
  economy: 'economy',
  'premium-economy': 'premium economy',
  business: 'business',
  first: 'first',
}

/**
 * Departure of a round trip with both dates: round trips of the trip length the form has now
 * (Google Flights does the same); a one-way trip, or a round trip without its return yet: one-way
 * fares; the return field: round trips leaving on the chosen departure. Multi-city: no prices (a
 * leg's one-way fare is not what that leg costs inside a multi-city ticket).
 */
export function calendarPricing(field: CalendarField, params: SearchParams, filters: SearchFilters): CalendarPricing {
  if (field === 'multi-city') return { query: null, note: 'Prices by date are shown for round trips and one-way trips.' }
  if (!params.from || !params.to) return { query: null, note: 'Choose where from and to for prices.' }
  const route = {
    from: params.from,
    to: params.to,
    travelClass: params.travelClass,
    adults: params.adults,
    currency: filters.currency,
  }
  const party = `${params.adults === 1 ? '1 adult' : `${params.adults} adults`}, ${CLASS_NAMES[params.travelClass]}`
  const roundTrip = params.tripType === 'round-trip'
  if (field === 'return') {
    if (!params.departureDate) return { query: null, note: 'Choose a departure date for return prices.' }
    return {
      query: {
        ...route,
        field: 'return',
        departureDate: params.departureDate,
        // The chosen trip, whose usual range levels the days (as the results' price insights do).
        ...(params.returnDate && params.returnDate >= params.departureDate ? { tripNights: nightsBetween(params.departureDate, params.returnDate) } : {}),
      },
      note: `Cheapest round trip leaving ${format(toDate(params.departureDate), 'MMM d')}, by return date (${party}).`,
    }
  }
  if (roundTrip && params.departureDate && params.returnDate && params.returnDate >= params.departureDate) {
    const tripNights = nightsBetween(params.departureDate, params.returnDate)
    return {
      query: { ...route, field: 'departure', tripNights, departureDate: params.departureDate },
      note: `Cheapest round trip of ${tripNights === 1 ? '1 night' : `${tripNights} nights`}, by departure date (${party}).`,
    }
  }
  return { query: { ...route, field: 'departure', ...(params.departureDate ? { departureDate: params.departureDate } : {}) }, note: `Cheapest one-way fare by date (${party}).` }
}

/** The calendar's query for the two months from `view`, or null when nothing is priced. */
export function calendarQuery(pricing: CalendarPricing, view: string, min: string): FareCalendarQuery | null {
  const range = pricedRange(view, min)
  if (!pricing.query || !range) return null
  return { ...pricing.query, ...range }
}

/** How long a calendar answer is reused: fares by date move slowly, and reopening the picker should be instant. */
export const CALENDAR_STALE_MS = 5 * 60_000

export function fareCalendarQueryOptions(query: FareCalendarQuery | null) {
  return queryOptions({
    // Under ['flights'], so the Flights nav item and sign-out forget these with the other answers.
    queryKey: ['flights', 'calendar', query] as const,
    queryFn: query ? ({ signal }) => fetchFareCalendar(query, signal) : skipToken,
    staleTime: CALENDAR_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

/** The field's pricing from the form as it is now (route, party, cabin, currency, the other date). */
export function useCalendarPricing(field: CalendarField): CalendarPricing {
  const params = useSearchStore((state) => state.params)
  const filters = useSearchStore((state) => state.filters)
  return calendarPricing(field, params, filters)
}

export function useFareCalendar(query: FareCalendarQuery | null) {
  return useQuery(fareCalendarQueryOptions(query))
}

/** Asks for the months the picker will open on before it opens (pointer over or focus on its button). */
export function usePrefetchCalendar(field: CalendarField) {
  const queryClient = useQueryClient()
  return useCallback(
    (view: string, min: string) => {
      const { params, filters } = useSearchStore.getState()
      const query = calendarQuery(calendarPricing(field, params, filters), view, min)
      if (!query) return
      void queryClient.prefetchQuery(fareCalendarQueryOptions(query))
      // The first figure in a currency builds its formatter (ICU loads the currency's data): done
      // now, not in the click's 100 ms.
      fareText(0, query.currency)
    },
    [field, queryClient],
  )
}
