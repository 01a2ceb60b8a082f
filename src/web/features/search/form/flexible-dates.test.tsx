import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { FLEX_MESSAGES, type FlexibleResults } from '#shared/flights/fare-calendar.ts'
import { addMonths, flexibleMonths, monthLabel } from '#shared/flights/flexible-search.ts'
import { stubApi } from '../../../../../tests/setup/render.tsx'
import { useSearchStore } from '../../../stores/search-store.ts'
import { todayIso } from '../use-flight-search.ts'
import { AIRPORTS, renderSearchPage, resetSearchStores } from './test-helpers.tsx'

const store = () => useSearchStore.getState()
const nextMonth = () => addMonths(todayIso().slice(0, 7), 1)
const empty: FlexibleResults = { currency: 'USD', source: 'market', typicalRange: null, pairs: [], considered: 0, unknown: 0 }

/** Airports from the fixtures; the flexible endpoint answers `answer`; flight searches nothing. */
function stubFlexibleApi(answer: FlexibleResults = empty) {
  return stubApi((url) => {
    const parsed = new URL(url, 'http://localhost')
    if (parsed.pathname === '/api/airports') {
      const exact = AIRPORTS[(parsed.searchParams.get('q') ?? '').toUpperCase()]
      return Response.json({ results: exact ? [exact] : [] })
    }
    if (parsed.pathname === '/api/flights/flexible') return Response.json(answer)
    return undefined
  })
}

const flexibleCalls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/flights/flexible'))

describe('flexible dates in the search form (issue 16)', () => {
  beforeEach(() => {
    resetSearchStores()
  })

  it('swaps the date fields for a month, any days or weekends, and a trip length', async () => {
    stubFlexibleApi()
    const user = userEvent.setup()
    store().setParams({ from: 'JFK', to: 'LHR', departureDate: '', returnDate: '' })
    renderSearchPage()
    const dates = screen.getByRole('radiogroup', { name: 'Dates' })
    expect(within(dates).getByRole('radio', { name: 'Exact dates' })).toBeChecked()
    expect(screen.queryByRole('combobox', { name: 'Month' })).not.toBeInTheDocument()

    await user.click(within(dates).getByRole('radio', { name: 'Flexible dates' }))
    expect(screen.queryByLabelText('Departure')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Return')).not.toBeInTheDocument()
    const month = screen.getByRole('combobox', { name: 'Month' })
    // This month and the 11 after it, by name; next month to start with.
    expect(within(month).getAllByRole('option').map((option) => option.textContent)).toEqual(flexibleMonths(todayIso()).map(monthLabel))
    expect(month).toHaveValue(nextMonth())
    expect(screen.getByRole('radio', { name: 'Any days' })).toBeChecked()
    expect(screen.getByRole('spinbutton', { name: 'Shortest trip, nights' })).toHaveValue(5)
    expect(screen.getByRole('spinbutton', { name: 'Longest trip, nights' })).toHaveValue(9)

    await user.click(screen.getByRole('radio', { name: 'Weekends' }))
    expect(screen.queryByRole('spinbutton', { name: 'Shortest trip, nights' })).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Weekends' })).toHaveAccessibleDescription('Out Friday or Saturday, back Sunday or Monday.')

    await user.click(screen.getByRole('radio', { name: 'Any days' }))
    await user.click(screen.getByRole('radio', { name: 'One way' }))
    expect(screen.getByRole('combobox', { name: 'Month' })).toBeInTheDocument()
    expect(screen.queryByRole('spinbutton', { name: 'Shortest trip, nights' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Multi-city' }))
    expect(screen.queryByRole('radiogroup', { name: 'Dates' })).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Month' })).not.toBeInTheDocument()
  })

  it('keeps the exact dates for when the choice goes back to them', async () => {
    stubFlexibleApi()
    const user = userEvent.setup()
    store().setParams({ from: 'JFK', to: 'LHR', departureDate: '2030-06-01', returnDate: '2030-06-10' })
    renderSearchPage()
    await user.click(screen.getByRole('radio', { name: 'Flexible dates' }))
    await user.click(screen.getByRole('radio', { name: 'Exact dates' }))
    expect(screen.getByLabelText('Departure')).toHaveValue('2030-06-01')
    expect(screen.getByLabelText('Return')).toHaveValue('2030-06-10')
  })

  it('checks the trip length on submit: the message under it, focus on the field, nothing asked', async () => {
    const fetchMock = stubFlexibleApi()
    const user = userEvent.setup()
    store().setParams({ from: 'JFK', to: 'LHR' })
    const { router } = renderSearchPage()
    await user.click(screen.getByRole('radio', { name: 'Flexible dates' }))
    const shortest = screen.getByRole('spinbutton', { name: 'Shortest trip, nights' })
    const longest = screen.getByRole('spinbutton', { name: 'Longest trip, nights' })
    await user.clear(shortest)
    await user.type(shortest, '9')
    await user.clear(longest)
    await user.type(longest, '4')
    await user.click(screen.getByRole('button', { name: 'Search' }))

    expect(screen.getByText(FLEX_MESSAGES.nights)).toBeInTheDocument()
    expect(longest).toHaveAttribute('aria-invalid', 'true')
    expect(longest).toHaveFocus()
    expect(router.state.location.search).toBe('')
    expect(flexibleCalls(fetchMock)).toHaveLength(0)

    await user.clear(shortest)
    await user.type(shortest, '31')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(shortest).toHaveAttribute('aria-invalid', 'true')
    expect(shortest).toHaveFocus()
  })

  it('puts the flexible search in the URL, and the URL asks for the date pairs', async () => {
    const fetchMock = stubFlexibleApi()
    const user = userEvent.setup()
    store().setParams({ from: 'JFK', to: 'LHR' })
    const { router } = renderSearchPage()
    await user.click(screen.getByRole('radio', { name: 'Flexible dates' }))
    const month = flexibleMonths(todayIso())[3]!
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), monthLabel(month))
    const shortest = screen.getByRole('spinbutton', { name: 'Shortest trip, nights' })
    await user.clear(shortest)
    await user.type(shortest, '3')
    await user.click(screen.getByRole('button', { name: 'Search' }))

    await waitFor(() => expect(router.state.location.search).toBe(`?trip=round-trip&from=JFK&to=LHR&flex=month&month=${month}&nights=3-9&class=economy&adults=1`))
    await waitFor(() => expect(flexibleCalls(fetchMock)).toHaveLength(1))
    const asked = new URL(String(flexibleCalls(fetchMock)[0]![0]), 'http://localhost').searchParams
    expect(Object.fromEntries(asked)).toEqual({
      from: 'JFK',
      to: 'LHR',
      travelClass: 'economy',
      adults: '1',
      currency: 'USD',
      flex: 'month',
      month,
      minNights: '3',
      maxNights: '9',
      oneWay: 'false',
    })
    // No flight search for a flexible one.
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/flights/search'))).toBe(false)
  })

  it('opens a shared flexible link in flexible mode, one way on weekends', async () => {
    stubFlexibleApi()
    const month = nextMonth()
    renderSearchPage(`/search?trip=one-way&from=JFK&to=LHR&flex=weekend&month=${month}`)
    expect(await screen.findByRole('radio', { name: 'Flexible dates' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'One way' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Weekends' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue(month)
  })

  it('says a link’s past month needs choosing again, and asks nothing', async () => {
    const fetchMock = stubFlexibleApi()
    renderSearchPage('/search?trip=round-trip&from=JFK&to=LHR&flex=month&month=2020-01&nights=5-9')
    const month = await screen.findByRole('combobox', { name: 'Month' })
    await waitFor(() => expect(month).toHaveAttribute('aria-invalid', 'true'))
    expect(month).toHaveAccessibleDescription(FLEX_MESSAGES.month)
    expect(month).toHaveValue('')
    expect(flexibleCalls(fetchMock)).toHaveLength(0)
  })
})
