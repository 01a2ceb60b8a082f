import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FlexibleResults } from '#shared/flights/fare-calendar.ts'
import { stubApi } from '../../../../../tests/setup/render.tsx'
import { AIRPORTS, renderSearchPage, resetSearchStores, searchResponse } from '../form/test-helpers.tsx'
import { flexibleHeading } from './flexible-results.tsx'

const FLEX_URL = '/search?trip=round-trip&from=JFK&to=LHR&flex=month&month=2027-03&nights=5-9&class=economy&adults=1'

const answer = (patch: Partial<FlexibleResults> = {}): FlexibleResults => ({
  currency: 'USD',
  source: 'market',
  typicalRange: [450, 600],
  pairs: [
    { departureDate: '2027-03-05', returnDate: '2027-03-14', price: 412, level: 'low', observedAt: '2026-11-28T11:00:00.000Z' },
    { departureDate: '2027-03-12', returnDate: '2027-03-17', price: 498, level: 'typical', observedAt: '2026-11-28T11:00:00.000Z' },
    { departureDate: '2027-03-20', returnDate: '2027-03-29', price: 655, level: 'high', observedAt: '2026-11-28T11:00:00.000Z' },
  ],
  considered: 135,
  unknown: 0,
  ...patch,
})

function stubFlexible(flexible: () => Response) {
  return stubApi((url) => {
    const parsed = new URL(url, 'http://localhost')
    if (parsed.pathname === '/api/airports') {
      const exact = AIRPORTS[(parsed.searchParams.get('q') ?? '').toUpperCase()]
      return Response.json({ results: exact ? [exact] : [] })
    }
    if (parsed.pathname === '/api/flights/flexible') return flexible()
    if (parsed.pathname === '/api/flights/search') return Response.json(searchResponse())
    return undefined
  })
}

describe('flexible-date results (issue 16)', () => {
  beforeEach(() => {
    // March 2027 is among the months a search on this day may ask for.
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00'), toFake: ['Date'] })
    resetSearchStores()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sums the search up in one line', () => {
    const flex = { kind: 'month' as const, month: '2027-03', minNights: 5, maxNights: 9 }
    expect(flexibleHeading({ from: 'JFK', to: 'LHR', tripType: 'round-trip' }, flex)).toBe('Cheapest dates in March 2027 · JFK → LHR · 5–9 nights')
    expect(flexibleHeading({ from: 'JFK', to: 'LHR', tripType: 'round-trip' }, { ...flex, kind: 'weekend' })).toBe('Cheapest weekends in March 2027 · JFK → LHR')
    expect(flexibleHeading({ from: 'JFK', to: 'LHR', tripType: 'one-way' }, flex)).toBe('Cheapest dates in March 2027 · JFK → LHR · one way')
  })

  it('lists the date pairs cheapest first, each with its nights, price and level in words', async () => {
    stubFlexible(() => Response.json(answer()))
    renderSearchPage(FLEX_URL)
    expect(await screen.findByRole('heading', { name: 'Cheapest dates in March 2027 · JFK → LHR · 5–9 nights' })).toBeInTheDocument()
    expect(screen.getByText('Compared 135 date pairs, cheapest first. Prices for 1 adult, economy, round trip.')).toBeInTheDocument()
    const rows = within(screen.getByRole('list', { name: 'Date pairs, cheapest first' })).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Fri, Mar 5 → Sun, Mar 14.*9 nights.*Low price.*\$412/),
      expect.stringMatching(/^Fri, Mar 12 → Wed, Mar 17.*5 nights.*Typical price.*\$498/),
      expect.stringMatching(/^Sat, Mar 20 → Mon, Mar 29.*9 nights.*High price.*\$655/),
    ])
    // Market prices need no word on where they come from.
    expect(screen.queryByText(/recent FareDrop searches/)).not.toBeInTheDocument()
    // No flight list for a flexible search.
    expect(screen.queryByRole('heading', { name: 'No flights found' })).not.toBeInTheDocument()
  })

  it('says where observed prices come from and how many pairs have none yet', async () => {
    stubFlexible(() => Response.json(answer({ source: 'observed', unknown: 42, pairs: answer().pairs.slice(0, 1) })))
    renderSearchPage(FLEX_URL)
    expect(
      await screen.findByText('Prices come from recent FareDrop searches, so they may have moved since; 42 date pairs have no price yet.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('listitem')).toHaveTextContent('seen 1 h ago')
  })

  it('"See flights" runs the exact search for that pair, and Back comes back to the pairs', async () => {
    const fetchMock = stubFlexible(() => Response.json(answer()))
    const user = userEvent.setup()
    const { router } = renderSearchPage(FLEX_URL)
    await user.click(await screen.findByRole('link', { name: 'See flights for Fri, Mar 12 to Wed, Mar 17' }))
    await waitFor(() => expect(router.state.location.search).toBe('?trip=round-trip&from=JFK&to=LHR&depart=2027-03-12&return=2027-03-17&class=economy&adults=1'))
    expect(await screen.findByRole('heading', { name: 'No flights found' })).toBeInTheDocument()
    const searched = fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/flights/search'))
    expect(JSON.parse(String(searched[0]![1]!.body))).toMatchObject({ params: { departureDate: '2027-03-12', returnDate: '2027-03-17' } })
    expect(screen.getByRole('radio', { name: 'Exact dates' })).toBeChecked()

    await router.navigate(-1)
    expect(await screen.findByRole('heading', { name: /^Cheapest dates in March 2027/ })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Flexible dates' })).toBeChecked())
  })

  it('folds the form on a phone into "Any dates in Mar · 5–9 nights"', async () => {
    stubFlexible(() => Response.json(answer()))
    renderSearchPage(FLEX_URL)
    const summary = await screen.findByRole('region', { name: 'Your search' })
    expect(summary).toHaveTextContent('JFK → LHR')
    expect(summary).toHaveTextContent('Any dates in Mar · 5–9 nights · 1 adult · Economy')
  })

  it('shows the search error with a retry, and an empty month as such', async () => {
    let fail = true
    stubFlexible(() => (fail ? Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 }) : Response.json(answer({ pairs: [], considered: 135, unknown: 135, source: 'observed' }))))
    const user = userEvent.setup()
    renderSearchPage(FLEX_URL)
    const results = screen.getByRole('region', { name: 'Search results' })
    expect(await within(results).findByRole('alert')).toHaveTextContent('Failed to retrieve search results')
    fail = false
    await user.click(within(results).getByRole('button', { name: 'Try again' }))
    expect(await within(results).findByRole('heading', { name: 'No prices yet for March 2027' })).toBeInTheDocument()
    expect(within(results).getByText(/None of the 135 date pairs compared has a price yet/)).toBeInTheDocument()
  })
})
