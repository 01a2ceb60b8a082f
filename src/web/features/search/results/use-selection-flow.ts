import { useQueries, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useEffectEvent, useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { BaggagePrices, BookingOption, Itinerary, SearchResponse } from '#shared/flights/model.ts'
import { matchesPickStep, PICK_URL_KEY, withoutPick, type FarePick, type PickedFlight } from '#shared/flights/search-url.ts'
import { useSearchSelectionStore } from '../../../stores/search-selection-store.ts'
import { bookingOptionsQueryOptions, nextLegQueryOptions } from '../flight-queries.ts'
import { flightsSignature } from './itinerary-text.ts'

/**
 * The choose-outbound → choose-return (→ next multi-city leg) → booking options flow. The
 * selection store says what is chosen in this search; the answers it needs are queries keyed by
 * the chosen options' tokens (the next leg's options by a departure token, booking options by a
 * booking token), so a remount finds them in the cache, and a newer choice simply observes another
 * key (the older request, no longer observed, is cancelled).
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
  | { kind: 'booking'; status: 'loading' | 'error' | 'ready'; options: BookingOption[] | null; baggagePrices: BaggagePrices | null }
  | { kind: 'none' }

/** The chosen flights still offered in the legs' answers on screen (an answer asked afresh may have dropped one). */
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

export interface SelectionFlowOptions {
  /** The URL's search (its encoding): the choices belong to it. */
  search: string
  /** Its outbound options (leg 0). */
  outbound: SearchResponse
  /** A booking link's fare was chosen, or found gone (not called when the traveller took over). */
  onPickDone?: () => void
}

const NOTHING_CHOSEN: Itinerary[] = []

/** The next legs' answers in order (undefined while one loads or after it failed); kept as one array while they stay the same. */
function answersOf(legs: readonly { data: SearchResponse | undefined }[]): (SearchResponse | undefined)[] {
  return legs.map((leg) => leg.data)
}

/** The departure tokens of the chosen options that lead to another leg, in order (a booking token ends the trip). */
function nextLegTokens(chosen: readonly Itinerary[]): string[] {
  const tokens: string[] = []
  for (const choice of chosen) {
    if (choice.bookingToken || !choice.departureToken) break
    tokens.push(choice.departureToken)
  }
  return tokens
}

export function useSelectionFlow({ search, outbound, onPickDone }: SelectionFlowOptions) {
  const owner = useSearchSelectionStore((s) => s.search)
  const storedSelection = useSearchSelectionStore((s) => s.selectedFlights)
  const storedPick = useSearchSelectionStore((s) => s.farePick)
  const selectInStore = useSearchSelectionStore((s) => s.selectFlight)
  const unselectFrom = useSearchSelectionStore((s) => s.unselectFrom)
  const location = useLocation()
  const navigate = useNavigate()
  // Choices made in another search (the one before, until this one starts) mean nothing here.
  const chosen = owner === search ? storedSelection : NOTHING_CHOSEN
  const farePick = owner === search ? storedPick : null

  const legAnswers = useQueries({ queries: nextLegTokens(chosen).map((token) => nextLegQueryOptions(token)), combine: answersOf })
  const results = useMemo(() => {
    const legs = [outbound]
    for (const answer of legAnswers) {
      if (!answer) break
      legs.push(answer)
    }
    return legs
  }, [outbound, legAnswers])
  const selected = useMemo(() => validSelection(results, chosen), [results, chosen])
  const last = selected.at(-1)
  // What the flow waits for after the last choice: where to book it, or the next leg's options.
  const booking = useQuery(bookingOptionsQueryOptions(last?.bookingToken ?? null))
  const awaitedLeg = last && !last.bookingToken && !results[selected.length] ? last.departureToken : null
  const nextLeg = useQuery(nextLegQueryOptions(awaitedLeg))

  const selectFlight = useCallback((leg: number, itinerary: Itinerary) => selectInStore(search, leg, itinerary), [selectInStore, search])

  /** Ends a booking link's pick: out of the store and out of the URL (replaced, so Back and refresh skip it). */
  const endPick = useCallback(
    (note: string | null) => {
      const store = useSearchSelectionStore.getState()
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
      endPick(null)
      selectFlight(leg, itinerary)
    },
    [selectFlight, endPick],
  )

  const change = useCallback(
    (leg: number) => {
      endPick(null)
      unselectFrom(leg)
    },
    [unselectFrom, endPick],
  )

  let phase: FlowPhase
  if (last?.bookingToken) {
    const status = booking.data ? 'ready' : booking.isError ? 'error' : 'loading'
    phase = { kind: 'booking', status, options: booking.data?.bookingOptions ?? null, baggagePrices: booking.data?.baggagePrices ?? null }
  } else {
    const leg = selected.length
    const response = results[leg]
    if (response) phase = { kind: 'choose', leg, response }
    else if (leg > 0) phase = !awaitedLeg || nextLeg.isError ? { kind: 'next-error', leg } : { kind: 'loading-next', leg }
    else phase = { kind: 'none' }
  }
  const waitsForBooking = Boolean(last?.bookingToken)
  const { refetch: refetchBooking } = booking
  const { refetch: refetchNextLeg } = nextLeg
  /** Try again: asks for what the flow waits on once more. */
  const retry = useCallback(() => void (waitsForBooking ? refetchBooking() : refetchNextLeg()), [waitsForBooking, refetchBooking, refetchNextLeg])

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
