import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SearchResponse } from '#shared/flights/model.ts'
import { flightRateLimitMessage, flightSearchBusyMessage } from '#shared/flights/search-params.ts'
import { stubApi } from '#tests/setup/render.tsx'
import { useAlertDraftStore } from '../../../stores/alert-draft-store.ts'
import { takeDraftRememberedForSignIn } from './remembered-draft.ts'
import { useAlertStore } from '../../../stores/alert-store.ts'
import { useSearchSelectionStore } from '../../../stores/search-selection-store.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { bookingOptions, oneWayResults, roundTripOutbound, roundTripReturn } from './fixtures.ts'
import { SearchResults } from './search-results.tsx'
import { renderAtSearch } from './test-utils.tsx'

const ONE_WAY = 'trip=one-way&from=LHR&to=JFK&depart=2026-12-10&class=economy&adults=1'
const ROUND_TRIP = 'trip=round-trip&from=LHR&to=JFK&depart=2026-12-10&return=2026-12-17&class=economy&adults=1'

/** The results of a search just made: the address holds it and the query cache its answer. */
function showResults(response: SearchResponse, search = ONE_WAY) {
  return renderAtSearch(<SearchResults />, { search, answer: response })
}

/** The search calls made so far. */
const searchCalls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.filter(([url]) => url === '/api/flights/search')

type Call = { url: string; body: unknown }

/** Stubs the flight endpoints; every call is recorded. */
function serveFlights(answers: Record<string, (body: { token?: string }) => Response>) {
  const calls: Call[] = []
  stubApi((url, init) => {
    const path = url.split('?')[0]!
    const answer = answers[path]
    if (!answer) return undefined
    const body = init?.body ? (JSON.parse(String(init.body)) as { token?: string }) : {}
    calls.push({ url, body })
    return answer(body)
  })
  return calls
}

/** A round trip's outbound options, with returns and booking options served for its first choices. */
function serveRoundTrip() {
  const outbound = roundTripOutbound()
  const returns = roundTripReturn()
  const calls = serveFlights({
    '/api/flights/next': () => Response.json(returns),
    '/api/flights/booking-options': () => Response.json(bookingOptions([outbound.best[0]!, returns.best[0]!])),
  })
  return { outbound, returns, calls }
}

beforeEach(() => {
  // The fixtures fly in December 2026; a search in the past is not run.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') })
  useSearchSelectionStore.getState().clear()
  useSearchStore.setState({ params: { ...useSearchStore.getState().params, tripType: 'one-way', from: 'LHR', to: 'JFK', departureDate: '2026-12-10', returnDate: '' } })
  useSearchStore.getState().resetPostSearchFilters()
  useAlertDraftStore.getState().clearDraft()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('SearchResults states', () => {
  it('prompts before the first search', () => {
    stubApi()
    renderAtSearch(<SearchResults />)
    expect(screen.getByRole('heading', { name: 'Where to next?' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Popular routes' })).toBeInTheDocument()
  })

  it('turns a popular route into a round-trip search a month out, keeping the cabin and passengers', () => {
    stubApi()
    useSearchStore.setState({ params: { ...useSearchStore.getState().params, travelClass: 'business', adults: 2 } })
    renderAtSearch(<SearchResults />)
    const href = screen.getByRole('link', { name: /New York → London/ }).getAttribute('href') ?? ''
    const query = new URLSearchParams(href.split('?')[1])
    expect(href.startsWith('/search?')).toBe(true)
    expect(Object.fromEntries(['trip', 'from', 'to', 'class', 'adults'].map((k) => [k, query.get(k)]))).toEqual({
      trip: 'round-trip',
      from: 'JFK',
      to: 'LHR',
      class: 'business',
      adults: '2',
    })
    const days = (iso: string | null) => Math.round((Date.parse(`${iso}T00:00:00`) - new Date().setHours(0, 0, 0, 0)) / 86_400_000)
    expect(days(query.get('depart'))).toBe(30)
    expect(days(query.get('return'))).toBe(37)
  })

  it('shows skeleton cards and progress while searching', () => {
    // The server has not answered yet.
    stubApi((url) => (url === '/api/flights/search' ? new Promise<Response>(() => {}) : undefined))
    renderAtSearch(<SearchResults />, { search: ONE_WAY })
    expect(screen.getByText('Searching flights…')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Search progress' })).toBeInTheDocument()
  })

  it('says a slow search is still going after 10 seconds', () => {
    vi.useFakeTimers()
    try {
      stubApi((url) => (url === '/api/flights/search' ? new Promise<Response>(() => {}) : undefined))
      renderAtSearch(<SearchResults />, { search: ONE_WAY })
      expect(screen.queryByText(/taking longer than usual/)).not.toBeInTheDocument()
      act(() => vi.advanceTimersByTime(10_000))
      expect(screen.getByText(/taking longer than usual/)).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  it("shows the spec's error with a retry that searches again", async () => {
    const fetchMock = stubApi((url) => (url === '/api/flights/search' ? Response.json({ error: { code: 'provider', message: 'x' } }, { status: 502 }) : undefined))
    renderAtSearch(<SearchResults />, { search: ONE_WAY })
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to retrieve search results')
    expect(searchCalls(fetchMock)).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(2))
  })

  it("shows a rate limit's own message", async () => {
    const message = flightRateLimitMessage(42)
    stubApi((url) => (url === '/api/flights/search' ? Response.json({ error: { code: 'rate_limited', message } }, { status: 429, headers: { 'retry-after': '42' } }) : undefined))
    renderAtSearch(<SearchResults />, { search: ONE_WAY })
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('says when to come back when the searches\' provider budget is spent (503 search_busy)', async () => {
    const message = flightSearchBusyMessage(35)
    stubApi((url) => (url === '/api/flights/search' ? Response.json({ error: { code: 'search_busy', message } }, { status: 503, headers: { 'retry-after': '35' } }) : undefined))
    renderAtSearch(<SearchResults />, { search: ONE_WAY })
    expect(await screen.findByRole('alert')).toHaveTextContent('Flight search is busy right now. Try again in 35 seconds.')
  })

  it('says no flights were found, with suggestions', () => {
    stubApi()
    showResults(oneWayResults({ best: [], other: [] }))
    expect(screen.getByRole('heading', { name: 'No flights found' })).toBeInTheDocument()
    expect(screen.getByText(/Try other dates/)).toBeInTheDocument()
  })
})

describe('one leg of results', () => {
  it('lists the flights in the order the one sort control names: price, low to high, by default (issue 16)', () => {
    stubApi()
    showResults(oneWayResults())
    expect(screen.getByRole('heading', { name: 'Choose your flight' })).toBeInTheDocument()
    expect(screen.getByText('LHR → JFK · Thu, Dec 10')).toBeInTheDocument()
    // One sort control on the page, and the list agrees with it: no "Best flights" ranked apart.
    const sorts = screen.getAllByRole('combobox', { name: 'Sort by' })
    expect(sorts).toHaveLength(1)
    expect(sorts[0]).toHaveTextContent('Price (low to high)')
    expect(screen.queryByRole('region', { name: /Best flights/ })).not.toBeInTheDocument()
    const all = screen.getByRole('region', { name: /All flights/ })
    const listed = within(all)
      .getAllByRole('article')
      .map((card) => within(card).queryAllByText(/^\$[\d,]+$/)[0]?.textContent ?? 'no price')
    expect(listed).toEqual(['$402', '$498', '$689', '$712', 'no price'])
    const tabs = screen.getByRole('group', { name: /best, cheapest or fastest/ })
    expect(within(tabs).getByRole('button', { name: 'Best $689, 8h 5m' })).toHaveAttribute('aria-pressed', 'false')
    expect(within(tabs).getByRole('button', { name: 'Cheapest $402, 19h 40m' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(tabs).getByRole('button', { name: 'Fastest $712, 8h' })).toBeInTheDocument()
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 5 of 5 flights')
  })

  it('keeps Best flights above the others only under "Top flights", which the Best tab chooses', async () => {
    stubApi()
    showResults(oneWayResults())
    await userEvent.click(screen.getByRole('button', { name: /^Best/ }))
    expect(useSearchStore.getState().postSearchFilters[0]!.sortBy).toBe('top')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Top flights')
    expect(within(screen.getByRole('region', { name: /Best flights/ })).getAllByRole('article')).toHaveLength(2)
    expect(within(screen.getByRole('region', { name: 'Other flights' })).getAllByRole('article')).toHaveLength(3)
    expect(screen.getByRole('button', { name: /^Best/ })).toHaveAttribute('aria-pressed', 'true')
  })

  it('Fastest merges the list in duration order and sets the sort', async () => {
    stubApi()
    showResults(oneWayResults())
    await userEvent.click(screen.getByRole('button', { name: /Fastest/ }))
    expect(useSearchStore.getState().postSearchFilters[0]!.sortBy).toBe('duration')
    const all = screen.getByRole('region', { name: /All flights/ })
    const times = within(all)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent)
    expect(times[0]).toContain('13:20')
    expect(within(all).getAllByText('Best').length).toBeGreaterThan(0)
  })

  it('filters with counts, and never leaves a silent dead end', async () => {
    const user = userEvent.setup()
    stubApi()
    showResults(oneWayResults())
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    expect(within(panel).getByRole('checkbox', { name: 'Nonstop (3 flights)' })).toBeChecked()
    expect(within(panel).getByRole('checkbox', { name: '1 stop (1 flight)' })).toBeChecked()
    expect(within(panel).getByRole('checkbox', { name: '2+ stops (1 flight)' })).toBeChecked()
    expect(within(panel).getByRole('checkbox', { name: 'Aer Lingus (1 flight)' })).toBeChecked()
    expect(within(panel).getByRole('checkbox', { name: 'oneworld (2 flights)' })).not.toBeChecked()
    expect(within(panel).getByRole('checkbox', { name: 'DUB · Dublin Airport (1 flight)' })).toBeChecked()

    await user.click(within(panel).getByRole('checkbox', { name: 'Nonstop (3 flights)' }))
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 2 of 5 flights')
    expect(screen.queryByRole('region', { name: /Best flights/ })).not.toBeInTheDocument()
    // Counts for the other groups follow; the unticked option still says what it would bring back.
    expect(within(panel).getByRole('checkbox', { name: 'Nonstop (3 flights)' })).not.toBeChecked()
    expect(within(panel).getByRole('checkbox', { name: 'British Airways (0 flights)' })).toBeChecked()

    await user.click(within(panel).getByRole('checkbox', { name: '1 stop (1 flight)' }))
    await user.click(within(panel).getByRole('checkbox', { name: '2+ stops (1 flight)' }))
    const deadEnd = screen.getByRole('heading', { name: 'No flights match your filters' }).parentElement!
    expect(deadEnd).toHaveTextContent('All 5 flights are hidden by: Stops.')
    await user.click(within(deadEnd).getByRole('button', { name: 'Clear filters' }))
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 5 of 5 flights')
    expect(useSearchStore.getState().postSearchFilters[0]!.stops).toEqual({ nonstop: true, oneStop: true, twoPlusStops: true })
  })

  it('keeps one airline with "Only", and "Select all" brings the rest back', async () => {
    const user = userEvent.setup()
    stubApi()
    showResults(oneWayResults())
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    await user.click(within(panel).getByRole('button', { name: 'Only Icelandair' }))
    expect(useSearchStore.getState().postSearchFilters[0]!.airlines).toEqual(['FI'])
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1 of 5 flights')
    expect(within(panel).getByRole('checkbox', { name: 'Virgin Atlantic (1 flight)' })).not.toBeChecked()
    await user.click(within(panel).getByRole('button', { name: 'Select all' }))
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 5 of 5 flights')
  })

  it('applies a typed maximum price', async () => {
    const user = userEvent.setup()
    stubApi()
    showResults(oneWayResults())
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    await user.type(within(panel).getByLabelText('Max (USD)'), '500{Enter}')
    expect(useSearchStore.getState().postSearchFilters[0]!.priceRange).toEqual({ min: 0, max: 500 })
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 2 of 5 flights')
  })

  it('shows the price insights that came with the search', () => {
    stubApi()
    showResults(oneWayResults())
    expect(screen.getByText('Prices are currently low')).toBeInTheDocument()
  })
})

describe('selection flow', () => {
  it('round trip: outbound, then returns, then booking options; Change goes back', async () => {
    const user = userEvent.setup()
    const { outbound, calls } = serveRoundTrip()
    useSearchStore.setState({ params: { ...useSearchStore.getState().params, tripType: 'round-trip', returnDate: '2026-12-17' } })
    showResults(outbound, ROUND_TRIP)

    expect(screen.getByRole('heading', { name: 'Choose your outbound flight' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Select flight: 11:20–14:25 · British Airways/ }))

    expect(await screen.findByRole('heading', { name: 'Choose your return flight' })).toBeInTheDocument()
    expect(calls).toContainEqual({ url: '/api/flights/next', body: { token: 'dep-ba117.1' } })
    expect(screen.getByText('JFK → LHR · Thu, Dec 17')).toBeInTheDocument()
    const chosen = screen.getByRole('region', { name: 'Chosen flights' })
    expect(within(chosen).getByText('Outbound')).toBeInTheDocument()
    expect(within(chosen).getByRole('heading', { level: 4 })).toHaveTextContent('11:20')

    await user.click(screen.getByRole('button', { name: /^Select flight: 18:30–06:35\+1 · British Airways/ }))
    expect(await screen.findByRole('heading', { name: 'Your trip' })).toBeInTheDocument()
    expect(calls).toContainEqual({ url: '/api/flights/booking-options', body: { token: 'book-ba112.1' } })
    const sellers = await screen.findByRole('list', { name: 'Sellers' })
    expect(within(sellers).getAllByRole('listitem').filter((li) => li.parentElement === sellers)).toHaveLength(3)
    expect(within(sellers).getByRole('button', { name: /Book with British Airways/ })).toBeInTheDocument()
    expect(within(sellers).getByText('Airline direct')).toBeInTheDocument()
    expect(within(sellers).getByText('Economy Standard')).toBeInTheDocument()
    expect(within(sellers).getByText('£872 local price')).toBeInTheDocument()
    expect(within(sellers).getByRole('link', { name: /Book with Expedia/ })).toHaveAttribute('href', 'https://www.expedia.com/flights?x=1')
    expect(within(sellers).getByRole('link', { name: /Call Fly Phone Travel on \+1 800 555 0100/ })).toHaveAttribute('href', 'tel:+18005550100')
    expect(within(screen.getByRole('list', { name: 'Baggage' })).getByText('1st checked bag: $75')).toBeInTheDocument()
    // Issue 16: the headline is the cheapest seller's price, and baggage is said once, not per seller.
    expect(screen.getByText(/· Choose where to book$/)).toHaveTextContent('$1,080 round trip · Choose where to book')
    expect(within(sellers).queryByText('1st checked bag: $75')).not.toBeInTheDocument()
    expect(screen.getAllByText('1st checked bag: $75')).toHaveLength(1)
    expect(screen.getByText('Outbound')).toBeInTheDocument()
    expect(screen.getByText('Return')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Change outbound flight' }))
    expect(screen.getByRole('heading', { name: 'Choose your outbound flight' })).toBeInTheDocument()
    expect(useSearchSelectionStore.getState().selectedFlights).toEqual([])
    expect(screen.queryByRole('list', { name: 'Sellers' })).not.toBeInTheDocument()
  })

  it('comes back to the same step after a remount, from the cache and the selection', async () => {
    const user = userEvent.setup()
    const { outbound, calls } = serveRoundTrip()
    const first = showResults(outbound, ROUND_TRIP)
    await user.click(screen.getByRole('button', { name: /^Select flight: 11:20–14:25 · British Airways/ }))
    await user.click(await screen.findByRole('button', { name: /^Select flight: 18:30–06:35\+1 · British Airways/ }))
    expect(await screen.findByRole('list', { name: 'Sellers' })).toBeInTheDocument()
    first.unmount()

    renderAtSearch(<SearchResults />, { search: ROUND_TRIP, queryClient: first.queryClient })
    expect(screen.getByRole('heading', { name: 'Your trip' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Sellers' })).toBeInTheDocument()
    expect(calls.map((call) => call.url)).toEqual(['/api/flights/next', '/api/flights/booking-options'])
  })

  it('one way: Select flight goes straight to booking options', async () => {
    const user = userEvent.setup()
    const results = oneWayResults()
    const calls = serveFlights({ '/api/flights/booking-options': () => Response.json(bookingOptions([results.best[0]!])) })
    showResults(results)
    await user.click(screen.getByRole('button', { name: /^Select flight: 11:20–14:25 · British Airways/ }))
    expect(await screen.findByRole('list', { name: 'Sellers' })).toBeInTheDocument()
    expect(calls).toEqual([{ url: '/api/flights/booking-options', body: { token: 'tok-ba117.1' } }])
  })

  it('a failed next leg shows the search error with a retry', async () => {
    const user = userEvent.setup()
    let fail = true
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    serveFlights({ '/api/flights/next': () => (fail ? Response.json({ error: { code: 'provider', message: 'x' } }, { status: 502 }) : Response.json(roundTripReturn())) })
    showResults(roundTripOutbound(), ROUND_TRIP)
    await user.click(screen.getByRole('button', { name: /^Select flight: 11:20–14:25 · British Airways/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to retrieve search results')
    expect(warn).toHaveBeenCalled()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Choose your return flight' })).toBeInTheDocument()
  })

  it('a booking-options failure is only logged and shown as a gentle note', async () => {
    const user = userEvent.setup()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    serveFlights({ '/api/flights/booking-options': () => Response.json({ error: { code: 'provider', message: 'x' } }, { status: 502 }) })
    showResults(oneWayResults())
    await user.click(screen.getByRole('button', { name: /^Select flight: 11:20–14:25 · British Airways/ }))
    expect(await screen.findByText(/couldn't load where to book/)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(warn).toHaveBeenCalledWith('Booking options failed', expect.anything())
  })
})

describe('Track buttons', () => {
  it('sends a signed-out traveller to sign in and back to this search, the draft remembered across it (issue 16)', async () => {
    stubApi()
    showResults(oneWayResults())
    await userEvent.click(screen.getByRole('button', { name: 'Track this route' }))
    const location = screen.getByTestId('location').textContent!
    expect(location.startsWith('/auth?redirect=')).toBe(true)
    expect(decodeURIComponent(location.slice('/auth?redirect='.length))).toBe(`/search?${ONE_WAY}&track=1`)
    const draft = useAlertDraftStore.getState().draft!
    expect(draft.search.params).toMatchObject({ from: 'LHR', to: 'JFK', departureDate: '2026-12-10' })
    expect(draft.flight).toBeUndefined()
    // A sign-in through an outside provider reloads the page: the draft waits in storage.
    expect(takeDraftRememberedForSignIn()?.search.params).toMatchObject({ from: 'LHR', to: 'JFK' })
    expect(takeDraftRememberedForSignIn()).toBeNull()
  })

  it('tracks the search on screen, not form fields edited since, and suggests from its cheapest option', async () => {
    stubApi()
    showResults(oneWayResults())
    useSearchStore.setState({ params: { ...useSearchStore.getState().params, from: 'CDG', to: 'NRT', departureDate: '2026-12-24' } })
    await userEvent.click(screen.getByRole('button', { name: 'Track this route' }))
    expect(useAlertDraftStore.getState().draft!.search.params).toMatchObject({ from: 'LHR', to: 'JFK', departureDate: '2026-12-10' })
    const cheapest = Math.min(...[...oneWayResults().best, ...oneWayResults().other].flatMap((it) => (it.price === null ? [] : [it.price])))
    expect(useAlertStore.getState().searchContext?.referencePrice).toBe(cheapest)
  })

  it('opens alert creation over the results when signed in, and closing it leaves the traveller on the results', async () => {
    const user = userEvent.setup()
    stubApi((url) =>
      url.startsWith('/api/session')
        ? Response.json({ user: { id: 'u1', email: 'a@b.c', name: 'A', emailVerified: true }, profile: { role: 'free', subscription_tier: 'free' }, emails: [] })
        : undefined,
    )
    const { queryClient } = showResults(oneWayResults())
    await waitFor(() => expect(queryClient.getQueryData(['me'])).toBeTruthy())
    const card = screen.getAllByRole('article')[0]!
    await user.click(within(card).getByRole('button', { name: /^Flight details/ }))
    await user.click(within(card).getByRole('button', { name: 'Track this flight' }))
    expect(screen.getByTestId('location')).toHaveTextContent(`/search?${ONE_WAY}&track=1`)
    expect(useAlertDraftStore.getState().draft?.flight?.id).toBe('fi455')
    const dialog = await screen.findByRole('dialog', { name: 'Track this flight' })

    expect(dialog).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('location')).toHaveTextContent(`/search?${ONE_WAY}`)
    expect(screen.getByTestId('location')).not.toHaveTextContent('track=1')
    expect(screen.getByRole('heading', { name: 'Choose your flight' })).toBeInTheDocument()
    expect(useAlertDraftStore.getState().draft).toBeNull()
  })

  it('opens a route alert for the address’s search when ?track=1 comes without a draft (a shared link)', async () => {
    stubApi((url) =>
      url.startsWith('/api/session')
        ? Response.json({ user: { id: 'u1', email: 'a@b.c', name: 'A', emailVerified: true }, profile: { role: 'free', subscription_tier: 'free' }, emails: [] })
        : undefined,
    )
    renderAtSearch(<SearchResults />, { search: `${ONE_WAY}&track=1`, answer: oneWayResults() })
    expect(await screen.findByRole('dialog', { name: 'Track this route' })).toBeInTheDocument()
    expect(useAlertDraftStore.getState().draft?.search.params).toMatchObject({ from: 'LHR', to: 'JFK', departureDate: '2026-12-10' })
  })

  it('asks a signed-out visitor on a ?track=1 address to sign in first', async () => {
    stubApi()
    renderAtSearch(<SearchResults />, { search: `${ONE_WAY}&track=1`, answer: oneWayResults() })
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/auth\?redirect=/))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
