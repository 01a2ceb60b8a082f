import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Itinerary, SearchResponse } from '#shared/flights/model.ts'
import { stubApi } from '#tests/setup/render.tsx'
import { useSearchSelectionStore } from '../../../stores/search-selection-store.ts'
import { renderSearchPage, resetSearchStores } from '../form/test-helpers.tsx'
import { bookingOptions, oneWayResults, roundTripOutbound, roundTripReturn } from './fixtures.ts'
import { FARE_GONE_NOTE } from './use-selection-flow.ts'

/** A booking link ("Book this fare" in a price notice) opens the search page and chooses its fare. */

const ONE_WAY = 'trip=one-way&from=LHR&to=JFK&depart=2026-12-10&class=economy&adults=1'
const ROUND_TRIP = 'trip=round-trip&from=LHR&to=JFK&depart=2026-12-10&return=2026-12-17&class=economy&adults=1'

type Call = { path: string; token?: string }

/** The fixtures' option a booking token belongs to (the fake seller answers for the trip it ends). */
function optionBooked(token: string | undefined): Itinerary[] {
  const all = [oneWayResults(), roundTripOutbound(), roundTripReturn()].flatMap((response) => [...response.best, ...response.other])
  return all.filter((it) => it.bookingToken === token)
}

/** The flight endpoints: `search` answers the search; next legs and booking options from the fixtures unless overridden. */
function serve(search: SearchResponse, overrides: { next?: () => Promise<Response> | Response } = {}) {
  const calls: Call[] = []
  stubApi((url, init) => {
    const path = url.split('?')[0]!
    const body = init?.body ? (JSON.parse(String(init.body)) as { token?: string }) : {}
    if (path === '/api/airports') return Response.json({ results: [] })
    if (path === '/api/flights/search') {
      calls.push({ path })
      return Response.json(search)
    }
    if (path === '/api/flights/next') {
      calls.push({ path, token: body.token! })
      return overrides.next?.() ?? Response.json(roundTripReturn())
    }
    if (path === '/api/flights/booking-options') {
      calls.push({ path, token: body.token! })
      return Response.json(bookingOptions(optionBooked(body.token)))
    }
    return undefined
  })
  return calls
}

beforeEach(() => {
  // The fixtures fly in December 2026; the search page refuses past dates.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') })
  resetSearchStores()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('a booking link', () => {
  it('one way: chooses the notified flights and opens their booking options, then leaves the URL', async () => {
    const calls = serve(oneWayResults())
    const { router } = renderSearchPage(`/search?${ONE_WAY}&pick=EI151.2026-12-10,EI105.2026-12-10`)

    expect(await screen.findByRole('heading', { name: 'Your trip' })).toBeInTheDocument()
    expect(await screen.findByRole('list', { name: 'Sellers' })).toBeInTheDocument()
    expect(calls).toContainEqual({ path: '/api/flights/booking-options', token: 'tok-ei151.1' })
    expect(useSearchSelectionStore.getState().selectedFlights.map((it) => it.id)).toEqual(['ei151'])
    expect(screen.queryByText(FARE_GONE_NOTE)).not.toBeInTheDocument()
    // Applied: the address is the plain search again, in place (Back and refresh don't choose it again).
    await waitFor(() => expect(router.state.location.search).toBe(`?${ONE_WAY}`))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(calls.filter((call) => call.path === '/api/flights/search')).toHaveLength(1)
  })

  it('round-trip route alert: chooses the outbound and shows the returns', async () => {
    const calls = serve(roundTripOutbound())
    const { router } = renderSearchPage(`/search?${ROUND_TRIP}&pick=BA117.2026-12-10`)

    expect(await screen.findByRole('heading', { name: 'Choose your return flight' })).toBeInTheDocument()
    expect(calls).toContainEqual({ path: '/api/flights/next', token: 'dep-ba117.1' })
    const chosen = screen.getByRole('region', { name: 'Chosen flights' })
    expect(within(chosen).getByText('Outbound')).toBeInTheDocument()
    expect(within(chosen).getByRole('heading', { level: 4 })).toHaveTextContent('11:20')
    await waitFor(() => expect(router.state.location.search).toBe(`?${ROUND_TRIP}`))
    expect(calls.some((call) => call.path === '/api/flights/booking-options')).toBe(false)
  })

  it('round-trip flight alert: chooses outbound and return, then the booking options', async () => {
    const calls = serve(roundTripOutbound())
    renderSearchPage(`/search?${ROUND_TRIP}&pick=BA117.2026-12-10~BA112.2026-12-17`)

    expect(await screen.findByRole('heading', { name: 'Your trip' })).toBeInTheDocument()
    expect(calls.map((call) => call.token ?? call.path)).toEqual(['/api/flights/search', 'dep-ba117.1', 'book-ba112.1'])
    const chosen = screen.getByRole('region', { name: 'Chosen flights' })
    expect(within(chosen).getByText('Outbound')).toBeInTheDocument()
    expect(within(chosen).getByText('Return')).toBeInTheDocument()
  })

  it('says so when the fare is no longer offered, and shows the current options', async () => {
    const calls = serve(oneWayResults())
    const { router } = renderSearchPage(`/search?${ONE_WAY}&pick=BA999.2026-12-10`)

    expect(await screen.findByRole('heading', { name: 'Choose your flight' })).toBeInTheDocument()
    expect(screen.getByText(FARE_GONE_NOTE)).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(5)
    await waitFor(() => expect(router.state.location.search).toBe(`?${ONE_WAY}`))
    expect(calls.some((call) => call.path === '/api/flights/booking-options')).toBe(false)

    // Choosing a flight puts the note away.
    await userEvent.click(screen.getByRole('button', { name: /^Select flight: 11:20–14:25 · British Airways/ }))
    expect(await screen.findByRole('heading', { name: 'Your trip' })).toBeInTheDocument()
    expect(screen.queryByText(FARE_GONE_NOTE)).not.toBeInTheDocument()
  })

  it('keeps the outbound and offers the returns when only the return is gone', async () => {
    serve(roundTripOutbound())
    renderSearchPage(`/search?${ROUND_TRIP}&pick=BA117.2026-12-10~BA999.2026-12-17`)

    expect(await screen.findByRole('heading', { name: 'Choose your return flight' })).toBeInTheDocument()
    expect(screen.getByText(FARE_GONE_NOTE)).toBeInTheDocument()
    expect(useSearchSelectionStore.getState().selectedFlights.map((it) => it.id)).toEqual(['ba117'])
  })

  it('gives way to the traveller: changing the outbound while the returns load ends the pick', async () => {
    let answer: (response: Response) => void = () => {}
    serve(roundTripOutbound(), { next: () => new Promise<Response>((resolve) => (answer = resolve)) })
    const { router } = renderSearchPage(`/search?${ROUND_TRIP}&pick=BA117.2026-12-10~BA112.2026-12-17`)

    expect(await screen.findByText('Finding your fare…')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Change outbound flight' }))
    expect(screen.getByRole('heading', { name: 'Choose your outbound flight' })).toBeInTheDocument()
    expect(useSearchSelectionStore.getState().farePick).toBeNull()
    await waitFor(() => expect(router.state.location.search).toBe(`?${ROUND_TRIP}`))
    answer(Response.json(roundTripReturn()))
    // Nothing is chosen behind the traveller's back.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(useSearchSelectionStore.getState().selectedFlights).toEqual([])
  })

  it('ignores a pick that names no valid flight, and drops it from the address', async () => {
    const calls = serve(oneWayResults())
    const { router } = renderSearchPage(`/search?${ONE_WAY}&pick=not-a-flight`)

    expect(await screen.findByRole('heading', { name: 'Choose your flight' })).toBeInTheDocument()
    expect(screen.queryByText(FARE_GONE_NOTE)).not.toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(`?${ONE_WAY}`))
    expect(calls.filter((call) => call.path === '/api/flights/search')).toHaveLength(1)
  })
})
