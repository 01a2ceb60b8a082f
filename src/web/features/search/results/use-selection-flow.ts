import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { Itinerary, SearchResponse } from '#shared/flights/model.ts'
import { matchesPickStep, PICK_URL_KEY, withoutPick, type FarePick, type PickedFlight } from '#shared/flights/search-url.ts'
import { useSearchResultsStore } from '../../../stores/search-results-store.ts'
import { fetchBookingOptions, fetchNextLeg } from '../api.ts'
import { flightsSignature } from './itinerary-text.ts'

/**
 * The choose-outbound → choose-return (→ next multi-city leg) → booking options flow, on top of
 * the search-results store. The store says what is chosen; this hook works out what that needs
 * (the next leg's options for a departure token, booking options for a booking token) and fetches
 * it, so the flow also recovers after a remount. A newer choice aborts an older request.
 *
 * A booking link's fare (`farePick`, from the URL's `pick`) is chosen here too, leg by leg as each
 * leg's options arrive, through the same tokens a click would use. When every picked leg is chosen,
 * when a picked flight is no longer offered (a note says so) or when the traveller chooses for
 * themselves, the pick is done and leaves the URL.
 */

export const FARE_GONE_NOTE = 'This fare is no longer available; here are the current options.'

export type FlowPhase =
  | { kind: 'choose'; leg: number; response: SearchResponse }
  | { kind: 'loading-next'; leg: number }
  | { kind: 'next-error'; leg: number }
  | { kind: 'booking'; status: 'loading' | 'error' | 'ready' }
  | { kind: 'none' }

type Need = { key: string; kind: 'next'; leg: number; token: string } | { key: string; kind: 'booking'; token: string }

/** The chosen flights that still belong to the results on screen (a new search invalidates the rest). */
export function validSelection(results: SearchResponse[], selected: Itinerary[]): Itinerary[] {
  const valid: Itinerary[] = []
  for (let i = 0; i < selected.length; i += 1) {
    const response = results[i]
    const choice = selected[i]!
    if (!response) break
    const signature = flightsSignature(choice)
    const present = response.best.some((it) => it.id === choice.id || flightsSignature(it) === signature) || response.other.some((it) => it.id === choice.id || flightsSignature(it) === signature)
    if (!present) break
    valid.push(choice)
  }
  return valid
}

/** The option of a leg whose flights are exactly the picked ones (the cheapest, should there be several). */
export function pickedItinerary(response: SearchResponse, step: readonly PickedFlight[]): Itinerary | null {
  const matches = [...response.best, ...response.other].filter((it) => matchesPickStep(it, step))
  return matches.sort((a, b) => (a.price ?? Infinity) - (b.price ?? Infinity))[0] ?? null
}

/** Whether the flights chosen so far are the pick's first steps. */
function followsPick(selected: readonly Itinerary[], pick: FarePick): boolean {
  return selected.every((it, leg) => pick[leg] !== undefined && matchesPickStep(it, pick[leg]))
}

function needFor(results: SearchResponse[], selected: Itinerary[], hasBooking: boolean): Need | null {
  const last = selected.at(-1)
  if (!last) return null
  if (last.bookingToken) return hasBooking ? null : { key: `booking:${last.bookingToken}`, kind: 'booking', token: last.bookingToken }
  const leg = selected.length
  if (last.departureToken && !results[leg]) return { key: `next:${leg}:${last.departureToken}`, kind: 'next', leg, token: last.departureToken }
  return null
}

export interface SelectionFlowOptions {
  /** A booking link's fare was chosen, or found gone (not called when the traveller took over). */
  onPickDone?: () => void
}

export function useSelectionFlow({ onPickDone }: SelectionFlowOptions = {}) {
  const searchResults = useSearchResultsStore((s) => s.searchResults)
  const storedSelection = useSearchResultsStore((s) => s.selectedFlights)
  const bookingOptions = useSearchResultsStore((s) => s.bookingOptions)
  const selectFlight = useSearchResultsStore((s) => s.selectFlight)
  const unselectFrom = useSearchResultsStore((s) => s.unselectFrom)
  const farePick = useSearchResultsStore((s) => s.farePick)
  const location = useLocation()
  const navigate = useNavigate()

  const selected = useMemo(() => validSelection(searchResults, storedSelection), [searchResults, storedSelection])
  const need = needFor(searchResults, selected, bookingOptions !== null)
  const [failed, setFailed] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  // A choice from an older search is dropped from the store as well.
  useEffect(() => {
    if (selected.length < storedSelection.length) unselectFrom(selected.length)
  }, [selected.length, storedSelection.length, unselectFrom])

  const needKey = need?.key ?? null
  const needKind = need?.kind
  const needToken = need?.token
  const needLeg = need?.kind === 'next' ? need.leg : -1
  useEffect(() => {
    if (!needKey || !needToken) return
    const controller = new AbortController()
    const store = useSearchResultsStore.getState()
    const onError = (error: unknown) => {
      if (controller.signal.aborted) return
      // Spec section 8: booking-option failures are only logged; a failed next leg is a search error.
      console.warn(needKind === 'booking' ? 'Booking options failed' : 'Next leg search failed', error)
      setFailed(needKey)
    }
    if (needKind === 'next') {
      fetchNextLeg(needToken, controller.signal).then((response) => {
        if (!controller.signal.aborted) store.setLegResults(needLeg, response)
      }, onError)
    } else {
      fetchBookingOptions(needToken, controller.signal).then((response) => {
        if (controller.signal.aborted) return
        // Our own chosen itineraries stay the selection: they carry the tokens the flow runs on.
        store.setBooking({ bookingOptions: response.bookingOptions, baggagePrices: response.baggagePrices })
      }, onError)
    }
    return () => controller.abort()
  }, [needKey, needKind, needToken, needLeg, attempt])

  const retry = useCallback(() => {
    setFailed(null)
    setAttempt((n) => n + 1)
  }, [])

  /** Ends a booking link's pick: out of the store and out of the URL (replaced, so Back and refresh skip it). */
  const endPick = useCallback(
    (note: string | null) => {
      const store = useSearchResultsStore.getState()
      store.setFarePick(null)
      store.setFarePickNote(note)
      if (new URLSearchParams(location.search).has(PICK_URL_KEY)) {
        void navigate({ pathname: location.pathname, search: withoutPick(location.search), hash: location.hash }, { replace: true, preventScrollReset: true })
      }
    },
    [location.pathname, location.search, location.hash, navigate],
  )

  const select = useCallback(
    (leg: number, itinerary: Itinerary) => {
      setFailed(null)
      endPick(null)
      selectFlight(leg, itinerary)
    },
    [selectFlight, endPick],
  )

  const change = useCallback(
    (leg: number) => {
      setFailed(null)
      endPick(null)
      unselectFrom(leg)
    },
    [unselectFrom, endPick],
  )

  let phase: FlowPhase
  const errored = needKey !== null && failed === needKey
  if (selected.at(-1)?.bookingToken) {
    phase = { kind: 'booking', status: bookingOptions ? 'ready' : errored ? 'error' : 'loading' }
  } else {
    const leg = selected.length
    const response = searchResults[leg]
    if (response) phase = { kind: 'choose', leg, response }
    else if (leg > 0) phase = errored || !need ? { kind: 'next-error', leg } : { kind: 'loading-next', leg }
    else phase = { kind: 'none' }
  }

  // A booking link's fare: choose the picked flights of the leg on screen, then wait for the next leg.
  const optionsLeg = phase.kind === 'choose' ? phase.leg : -1
  const options = phase.kind === 'choose' ? phase.response : null
  const finishPick = useEffectEvent((note: string | null) => {
    endPick(note)
    onPickDone?.()
  })
  useEffect(() => {
    if (!farePick) return
    const leg = selected.length
    if (leg >= farePick.length || !followsPick(selected, farePick)) {
      finishPick(null)
      return
    }
    if (!options || optionsLeg !== leg) return
    const match = pickedItinerary(options, farePick[leg]!)
    if (match) selectFlight(leg, match)
    else finishPick(FARE_GONE_NOTE)
  }, [farePick, selected, optionsLeg, options, selectFlight])

  // `pickPending`: a booking link's fare is still being chosen (the page shows progress, not the list).
  return { phase, selected, select, change, retry, pickPending: farePick !== null }
}
