import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { DateGrid, DateGridCell } from '#shared/flights/fare-calendar.ts'
import { stubApi } from '#tests/setup/render.tsx'
import { DateGridButton } from './date-grid.tsx'
import { renderAtSearch } from './test-utils.tsx'

const ROUND_TRIP = 'trip=round-trip&from=LHR&to=JFK&depart=2026-12-10&return=2026-12-17&class=business&adults=2&currency=EUR'

const shift = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** 7 × 7 around 10 → 17 December: one cheapest pair, one pair without a price. */
function gridAnswer(departure = '2026-12-10', ret = '2026-12-17', span = 3): DateGrid {
  const observedAt = new Date(Date.now() - 3 * 3_600_000).toISOString()
  const departureDates = Array.from({ length: 2 * span + 1 }, (_, i) => shift(departure, i - span))
  const returnDates = Array.from({ length: 2 * span + 1 }, (_, i) => shift(ret, i - span))
  const cells = departureDates.map((d, i) =>
    returnDates.map((r, j): DateGridCell => {
      if (d === '2026-12-09' && r === '2026-12-18') return { departureDate: d, returnDate: r, price: null, level: null, observedAt: null }
      const price = d === '2026-12-12' && r === '2026-12-15' ? 380 : 600 + 10 * i + j
      return { departureDate: d, returnDate: r, price, level: price < 500 ? 'low' : price > 650 ? 'high' : 'typical', observedAt }
    }),
  )
  return { currency: 'EUR', source: 'observed', typicalRange: [500, 650], departureDates, returnDates, cells }
}

function serveGrid(answer: DateGrid = gridAnswer()) {
  const calls: URL[] = []
  stubApi((url) => {
    const parsed = new URL(url, 'http://localhost')
    if (parsed.pathname !== '/api/flights/date-grid') return undefined
    calls.push(parsed)
    return Response.json(answer)
  })
  return calls
}

describe('date grid', () => {
  it('is offered for round trips only', () => {
    serveGrid()
    renderAtSearch(<DateGridButton />, { search: 'trip=one-way&from=LHR&to=JFK&depart=2026-12-10&class=economy&adults=1' })
    expect(screen.queryByRole('button', { name: 'Date grid' })).not.toBeInTheDocument()
  })

  it('shows departures × returns with fares, levels, the cheapest pair and the current one', async () => {
    const calls = serveGrid()
    const user = userEvent.setup()
    renderAtSearch(<DateGridButton />, { search: ROUND_TRIP })
    await user.click(screen.getByRole('button', { name: 'Date grid' }))
    const dialog = screen.getByRole('dialog', { name: 'Date grid' })
    const table = await within(dialog).findByRole('table', { name: 'Round-trip prices: departure dates down, return dates across' })

    expect(within(table).getAllByRole('columnheader')).toHaveLength(7)
    expect(within(table).getAllByRole('rowheader')).toHaveLength(7)
    expect(within(table).getByRole('columnheader', { name: 'Thursday, December 17' })).toBeInTheDocument()
    expect(within(table).getByRole('rowheader', { name: 'Monday, December 7' })).toBeInTheDocument()

    const current = within(table).getByRole('button', { name: /your dates$/ })
    expect(current).toHaveAccessibleName('Leave Thursday, December 10, return Thursday, December 17, €633, typical price, your dates')
    const cheapest = within(table).getByRole('button', { name: /cheapest/ })
    expect(cheapest).toHaveAccessibleName('Leave Saturday, December 12, return Tuesday, December 15, €380, low price, cheapest')
    expect(cheapest).toHaveTextContent('€380Cheapest')
    expect(within(table).getAllByText('Cheapest')).toHaveLength(1)
    expect(within(table).getByRole('button', { name: 'Leave Wednesday, December 9, return Friday, December 18, no price yet' })).toHaveTextContent('—')
    // Every pair can come back on or after it leaves here; none is offered the other way round.
    expect(within(table).getAllByRole('button')).toHaveLength(49)
    expect(within(dialog).getByText(/^Prices seen up to 3 h ago, from recent FareDrop searches/)).toBeInTheDocument()

    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      from: 'LHR',
      to: 'JFK',
      departureDate: '2026-12-10',
      returnDate: '2026-12-17',
      travelClass: 'business',
      adults: '2',
      currency: 'EUR',
    })
  })

  it('leaves pairs whose return is before the departure out', async () => {
    serveGrid(gridAnswer('2026-12-10', '2026-12-12'))
    const user = userEvent.setup()
    renderAtSearch(<DateGridButton />, { search: ROUND_TRIP.replace('return=2026-12-17', 'return=2026-12-12') })
    await user.click(screen.getByRole('button', { name: 'Date grid' }))
    const table = await screen.findByRole('table')
    expect(within(table).getAllByText('Not possible: return before departure').length).toBeGreaterThan(0)
    expect(within(table).queryByRole('button', { name: /Leave Sunday, December 13, return Wednesday, December 9/ })).not.toBeInTheDocument()
  })

  it('searches the chosen pair: the address takes the new dates and keeps the rest of the search', async () => {
    serveGrid()
    const user = userEvent.setup()
    renderAtSearch(<DateGridButton />, { search: ROUND_TRIP })
    await user.click(screen.getByRole('button', { name: 'Date grid' }))
    await user.click(await screen.findByRole('button', { name: /cheapest/ }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const location = screen.getByTestId('location').textContent!
    expect(location).toMatch(/^\/search\?/)
    const query = new URLSearchParams(location.split('?')[1])
    expect(Object.fromEntries(query)).toMatchObject({
      trip: 'round-trip',
      from: 'LHR',
      to: 'JFK',
      depart: '2026-12-12',
      return: '2026-12-15',
      class: 'business',
      adults: '2',
      currency: 'EUR',
    })
  })
})
