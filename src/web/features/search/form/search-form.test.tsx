import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SearchResponse } from '#shared/flights/model.ts'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { encodeSearch } from '#shared/flights/search-url.ts'
import { flightQueryKeys } from '../../../lib/flight-query-keys.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { renderSearchPage, resetSearchStores, searchCalls, searchResponse , stubSearchApi } from './test-helpers.tsx'

const store = () => useSearchStore.getState()

function fillRoundTrip() {
  store().setParams({ from: 'JFK', to: 'LHR', departureDate: '2030-06-01', returnDate: '2030-06-10' })
}

describe('search form', () => {
  beforeEach(() => {
    resetSearchStores()
  })

  it('shows the page heading, round trip by default and every main field', () => {
    stubSearchApi()
    renderSearchPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Search flights' })).toBeInTheDocument()
    const tripType = screen.getByRole('radiogroup', { name: 'Trip type' })
    expect(within(tripType).getByRole('radio', { name: 'Round trip' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: 'From' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'To' })).toBeInTheDocument()
    expect(screen.getByLabelText('Departure')).toHaveAttribute('type', 'date')
    expect(screen.getByLabelText('Return')).toBeEnabled()
    expect(screen.getByRole('combobox', { name: 'Travel class' })).toHaveTextContent('Economy')
    expect(screen.getByRole('button', { name: 'Passengers: 1 adult' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument()
  })

  it('keeps past days out of the date fields', () => {
    stubSearchApi()
    renderSearchPage()
    const min = screen.getByLabelText('Departure').getAttribute('min')!
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(new Date(`${min}T12:00:00`).toDateString()).toBe(new Date().toDateString())
  })

  it('swaps origin and destination', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    store().setParams({ from: 'JFK', to: 'LHR,LGW,LCY' })
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Swap origin and destination' }))
    expect(store().params).toMatchObject({ from: 'LHR,LGW,LCY', to: 'JFK' })
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('JFK · New York'))
  })

  it('caps passengers at 9: the + buttons are disabled and the reason is shown', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Passengers: 1 adult' }))
    const dialog = await screen.findByRole('dialog', { name: 'Passengers' })
    const addAdult = within(dialog).getByRole('button', { name: 'Add adult' })
    for (let i = 0; i < 5; i++) await user.click(addAdult)
    await user.click(within(dialog).getByRole('button', { name: 'Add child' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add infant in seat' }))
    expect(store().params).toMatchObject({ adults: 6, children: 1 })
    expect(store().filters.infants_in_seat).toBe(1)
    expect(within(dialog).queryByText(/Total passengers cannot exceed 9/)).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Add infant on lap' }))
    for (const name of ['Add adult', 'Add child', 'Add infant in seat', 'Add infant on lap']) {
      expect(within(dialog).getByRole('button', { name })).toBeDisabled()
    }
    expect(within(dialog).getByText(/Total passengers cannot exceed 9/)).toBeInTheDocument()
    expect(within(dialog).getByRole('group', { name: 'Adults' })).toHaveAccessibleDescription(/Total passengers cannot exceed 9/)
    expect(screen.getByRole('button', { name: 'Passengers: 9 passengers' })).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Remove child' }))
    expect(within(dialog).getByRole('button', { name: 'Add adult' })).toBeEnabled()
  })

  it('allows one lap infant per adult', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: /Passengers/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Passengers' })
    await user.click(within(dialog).getByRole('button', { name: 'Add infant on lap' }))
    expect(within(dialog).getByRole('button', { name: 'Add infant on lap' })).toBeDisabled()
    expect(within(dialog).getByText(/Each infant on a lap needs an adult/)).toBeInTheDocument()
  })

  it('switching trip type disables the return date for one way and shows segments for multi-city', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    fillRoundTrip()
    renderSearchPage()
    await user.click(screen.getByRole('radio', { name: 'One way' }))
    expect(store().params.tripType).toBe('one-way')
    expect(screen.getByLabelText('Return')).toBeDisabled()
    expect(screen.getByLabelText('Return')).toHaveAccessibleDescription('Not needed for one way')

    await user.click(screen.getByRole('radio', { name: 'Multi-city' }))
    expect(screen.queryByLabelText('Return')).not.toBeInTheDocument()
    const flights = screen.getByRole('list', { name: 'Flights' })
    const groups = within(flights).getAllByRole('group')
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual(['Flight 1', 'Flight 2'])
    // Started from the route already typed.
    expect(within(groups[0]!).getByRole('combobox', { name: 'From for flight 1' })).toHaveValue('JFK · New York')
    expect(store().postSearchFilters).toHaveLength(2)

    await user.click(screen.getByRole('radio', { name: 'Round trip' }))
    expect(screen.queryByRole('list', { name: 'Flights' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Return')).toBeEnabled()
  })

  it('adds flights up to 5 and removes them down to 2', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderSearchPage()
    await user.click(screen.getByRole('radio', { name: 'Multi-city' }))
    const add = screen.getByRole('button', { name: 'Add flight' })
    await user.click(add)
    await user.click(add)
    await user.click(add)
    const flights = screen.getByRole('list', { name: 'Flights' })
    expect(within(flights).getAllByRole('listitem')).toHaveLength(5)
    expect(add).toBeDisabled()
    expect(screen.getByText('Up to 5 flights per search.')).toBeInTheDocument()
    expect(Object.keys(store().filters.multiCityTimes)).toHaveLength(5)

    const third = store().params.multiCitySegments[2]!.id
    await user.click(screen.getByRole('button', { name: 'Remove flight 3' }))
    expect(within(flights).getAllByRole('listitem')).toHaveLength(4)
    expect(store().params.multiCitySegments.map((s) => s.id)).not.toContain(third)
    expect(store().filters.multiCityTimes[third]).toBeUndefined()
    await user.click(screen.getByRole('button', { name: 'Remove flight 4' }))
    await user.click(screen.getByRole('button', { name: 'Remove flight 3' }))
    expect(within(flights).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Remove flight 1' })).toBeDisabled()
    expect(add).toBeEnabled()
  })

  it('validates on submit: messages under the fields, aria-invalid, focus on the first problem, no request', async () => {
    const fetchMock = stubSearchApi()
    const user = userEvent.setup()
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Search' }))

    const from = screen.getByRole('combobox', { name: 'From' })
    expect(from).toHaveAttribute('aria-invalid', 'true')
    expect(from).toHaveAccessibleDescription(SEARCH_MESSAGES.fromRequired)
    expect(from).toHaveFocus()
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveAccessibleDescription(SEARCH_MESSAGES.toRequired)
    expect(screen.getByLabelText('Departure')).toHaveAccessibleDescription(SEARCH_MESSAGES.departureRequired)
    expect(screen.getByLabelText('Return')).toHaveAccessibleDescription(SEARCH_MESSAGES.returnRequired)
    expect(searchCalls(fetchMock)).toHaveLength(0)

    // Messages follow the fixes.
    store().setParams({ from: 'JFK', to: 'JFK' })
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'To' })).toHaveAccessibleDescription(SEARCH_MESSAGES.sameAirports))
    expect(screen.getByRole('combobox', { name: 'From' })).not.toHaveAttribute('aria-invalid')
  })

  it('validates dates: past days and a return before the departure', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    store().setParams({ from: 'JFK', to: 'LHR', departureDate: '2020-01-01', returnDate: '2019-12-01' })
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(screen.getByLabelText('Departure')).toHaveAccessibleDescription(SEARCH_MESSAGES.pastDate)
    expect(screen.getByLabelText('Departure')).toHaveFocus()
    expect(screen.getByLabelText('Return')).toHaveAccessibleDescription(SEARCH_MESSAGES.returnBeforeDeparture)
  })

  it('validates multi-city flights on their own fields', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderSearchPage()
    await user.click(screen.getByRole('radio', { name: 'Multi-city' }))
    const [first, second] = store().params.multiCitySegments
    store().updateSegment(first!.id, { from: 'JFK', to: 'LHR', departureDate: '2030-06-10' })
    store().updateSegment(second!.id, { from: 'LHR', to: 'CDG', departureDate: '2030-06-01' })
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const date2 = screen.getByLabelText('Date of flight 2')
    expect(date2).toHaveAccessibleDescription(SEARCH_MESSAGES.segmentOrder)
    expect(date2).toHaveFocus()
  })

  it('cleared return date is announced when the new departure is later', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    fillRoundTrip()
    renderSearchPage()
    const departure = screen.getByLabelText('Departure')
    await user.clear(departure)
    await user.type(departure, '2030-06-20')
    expect(store().params).toMatchObject({ departureDate: '2030-06-20', returnDate: '' })
    expect(screen.getByText('Return date cleared: it was before the new departure date.')).toBeInTheDocument()
  })

  it('shows the server’s field errors on the fields', async () => {
    const fetchMock = stubSearchApi(() =>
      Response.json(
        { error: { code: 'validation_failed', message: 'Some fields are invalid.', fieldErrors: { 'params.to': ['Unknown airport'], 'filters.currency': ['Currency must be a 3-letter code'] } } },
        { status: 400 },
      ),
    )
    const user = userEvent.setup()
    fillRoundTrip()
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(1))
    const to = screen.getByRole('combobox', { name: 'To' })
    await waitFor(() => expect(to).toHaveAccessibleDescription('Unknown airport'))
    expect(to).toHaveFocus()
    expect(screen.getByText('Currency must be a 3-letter code')).toBeInTheDocument()
    // No results and no search error: the results area is back to its prompt.
    const results = screen.getByRole('region', { name: 'Search results' })
    expect(within(results).getByRole('heading', { name: 'Where to next?' })).toBeInTheDocument()
    expect(within(results).queryByRole('alert')).not.toBeInTheDocument()

    // Editing the search drops the server's verdict on the old one.
    store().setParams({ to: 'CDG' })
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'To' })).not.toHaveAttribute('aria-invalid'))
  })

  it('sets the spec’s error when the search fails on the server', async () => {
    stubSearchApi(() => Response.json({ error: { code: 'upstream_failed', message: 'Provider timed out' } }, { status: 502 }))
    const user = userEvent.setup()
    fillRoundTrip()
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const results = screen.getByRole('region', { name: 'Search results' })
    expect(await within(results).findByRole('alert')).toHaveTextContent('Failed to retrieve search results')
    expect(screen.getByRole('button', { name: 'Search' })).not.toHaveAttribute('aria-busy')
  })

  it('Clear all keeps class, passengers, region, language, currency and infants', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    store().setTripType('one-way')
    store().setParams({ from: 'JFK', to: 'LHR', departureDate: '2030-06-01', travelClass: 'business', adults: 2, children: 1 })
    store().setFilters({ gl: 'de', hl: 'de', currency: 'EUR', infants_in_seat: 1, infants_on_lap: 1, stops: 1, bags: 1, lessEmissions: true })
    renderSearchPage()
    expect(screen.getByRole('button', { name: /More filters/ })).toHaveTextContent('3')
    await user.click(screen.getByRole('button', { name: 'Clear all' }))

    expect(store().params).toMatchObject({ tripType: 'round-trip', from: '', to: '', departureDate: '', travelClass: 'business', adults: 2, children: 1 })
    expect(store().filters).toMatchObject({ gl: 'de', hl: 'de', currency: 'EUR', infants_in_seat: 1, infants_on_lap: 1, stops: 0, bags: 0, lessEmissions: false })
    expect(store().formVersion).toBe(1)
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('')
    expect(screen.getByRole('button', { name: 'More filters' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Travel class' })).toHaveTextContent('Business')
    expect(screen.getByRole('button', { name: 'Passengers: 5 passengers' })).toBeInTheDocument()
  })

  it('More filters opens a panel with the full filter set, counted on the button', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'More filters' }))
    const panel = await screen.findByRole('dialog', { name: 'More filters' })
    // The order of the results is chosen above the results only (issue 16: one sort control).
    expect(within(panel).queryByLabelText('Sort by')).not.toBeInTheDocument()
    for (const label of ['Longest layover', 'Longest total travel time', 'Region', 'Language', 'Currency', 'Minimum', 'Maximum', 'Price limit']) {
      expect(within(panel).getByLabelText(label)).toBeInTheDocument()
    }
    await user.click(within(panel).getByRole('radio', { name: 'Nonstop only' }))
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Outbound: earliest departure' }), '6')
    await user.click(within(panel).getByRole('switch', { name: 'Less emissions only' }))
    expect(store().filters).toMatchObject({ stops: 1, outboundTimes: [6, 23, 0, 23], lessEmissions: true })

    // Include or exclude airlines, never both.
    await user.click(within(panel).getByRole('radio', { name: 'Only these airlines' }))
    await user.type(within(panel).getByLabelText('Airlines to include'), 'ba{Enter}')
    await user.click(within(panel).getByRole('checkbox', { name: 'oneworld' }))
    expect(store().filters).toMatchObject({ includeAirlines: ['BA', 'ONEWORLD'], excludeAirlines: [] })
    await user.click(within(panel).getByRole('radio', { name: 'Exclude these airlines' }))
    expect(store().filters).toMatchObject({ includeAirlines: [], excludeAirlines: ['BA', 'ONEWORLD'] })

    await user.type(within(panel).getByLabelText('Avoid connecting in'), 'ord{Enter}')
    expect(store().filters.excludeConnectingAirports).toEqual(['ORD'])
    await user.type(within(panel).getByLabelText('Avoid connecting in'), 'x1{Enter}')
    expect(within(panel).getByLabelText('Avoid connecting in')).toHaveAccessibleDescription(new RegExp(SEARCH_MESSAGES.airportCode.slice(0, 20)))

    await user.click(within(panel).getByRole('button', { name: 'Done' }))
    expect(screen.getByRole('button', { name: /More filters/ })).toHaveTextContent('5')
  })

  it('opens the filters at a filter with a problem', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    fillRoundTrip()
    store().setFilters({ includeAirlines: ['BA'], excludeAirlines: ['AA'] })
    renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const panel = await screen.findByRole('dialog', { name: 'More filters' })
    await waitFor(() => expect(within(panel).getByRole('radio', { name: 'Any airline' })).toHaveFocus())
    expect(within(panel).getByText(SEARCH_MESSAGES.airlinesBoth)).toBeInTheDocument()
  })

  it('runs a valid search from the address and keeps the answer in the query cache under that search', async () => {
    const fetchMock = stubSearchApi(() => Response.json(searchResponse({ searchId: 'abc' })))
    const user = userEvent.setup()
    fillRoundTrip()
    const { router, queryClient } = renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('heading', { name: 'No flights found' })).toBeInTheDocument()
    expect(router.state.location.search).toBe(`?${encodeSearch(store().params, store().filters)}`)
    const answer = queryClient.getQueryData<SearchResponse>(flightQueryKeys.search(encodeSearch(store().params, store().filters)))
    expect(answer?.searchId).toBe('abc')
    const body = JSON.parse(String(searchCalls(fetchMock)[0]![1]!.body)) as { params: Record<string, unknown> }
    expect(body.params).toMatchObject({ tripType: 'round-trip', from: 'JFK', to: 'LHR', departureDate: '2030-06-01', returnDate: '2030-06-10' })
  })

  it('asks the server afresh when Search is pressed again on the same search', async () => {
    let answers = 0
    const fetchMock = stubSearchApi(() => Response.json(searchResponse({ searchId: `answer-${++answers}` })))
    const user = userEvent.setup()
    fillRoundTrip()
    const { router } = renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('heading', { name: 'No flights found' })).toBeInTheDocument()
    const address = router.state.location.search

    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(2))
    expect(await screen.findByRole('heading', { name: 'No flights found' })).toBeInTheDocument()
    // The address already said it: no new history entry.
    expect(router.state.location.search).toBe(address)
  })

  it('answers Back to a search made moments ago from the cache', async () => {
    const fetchMock = stubSearchApi()
    const user = userEvent.setup()
    fillRoundTrip()
    const { router } = renderSearchPage()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('heading', { name: 'No flights found' })).toBeInTheDocument()
    store().setParams({ to: 'CDG' })
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(2))
    expect(await screen.findByRole('heading', { name: 'No flights found' })).toBeInTheDocument()

    await act(() => router.navigate(-1))
    await waitFor(() => expect(store().params.to).toBe('LHR'))
    expect(screen.getByRole('heading', { name: 'No flights found' })).toBeInTheDocument()
    expect(searchCalls(fetchMock)).toHaveLength(2)
  })
})
