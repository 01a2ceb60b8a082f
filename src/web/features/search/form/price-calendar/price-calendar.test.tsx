import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { FareCalendar } from '#shared/flights/fare-calendar.ts'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import { useSearchStore } from '../../../../stores/search-store.ts'
import { DateField } from '../route-fields.tsx'
import { resetSearchStores } from '../test-helpers.tsx'

const MIN = '2026-12-01'

function calendarAnswer(): FareCalendar {
  const observedAt = new Date().toISOString()
  return {
    currency: 'USD',
    source: 'market',
    typicalRange: [450, 700],
    days: [
      { date: '2026-12-23', price: 412, level: 'low', observedAt },
      { date: '2026-12-24', price: null, level: null, observedAt: null },
      { date: '2026-12-25', price: 980, level: 'high', observedAt },
      { date: '2026-12-26', price: 560, level: 'typical', observedAt },
      { date: '2026-12-27', price: 399, level: 'low', observedAt },
    ],
  }
}

/** Calendar calls are recorded and answered with the fixture above. */
function serveCalendar() {
  const calls: URL[] = []
  stubApi((url) => {
    const parsed = new URL(url, 'http://localhost')
    if (parsed.pathname !== '/api/flights/calendar') return undefined
    calls.push(parsed)
    return Response.json(calendarAnswer())
  })
  return calls
}

function Field({ label, path, initial, min = MIN }: { label: string; path: string; initial: string; min?: string }) {
  const [value, setValue] = useState(initial)
  return <DateField label={label} value={value} onChange={setValue} min={min} path={path} />
}

function roundTrip() {
  useSearchStore.getState().setParams({ tripType: 'round-trip', from: 'JFK', to: 'LHR', departureDate: '2026-12-23', returnDate: '2026-12-30' })
}

const day = (name: string | RegExp) => screen.getByRole('gridcell', { name })

/**
 * Clicks a calendar button and waits for the dialog's second month, which is drawn in the frame
 * after the first (the opening paints sooner): asserting before that frame raced jsdom's clock.
 */
async function openCalendar(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  await user.click(button)
  await waitFor(() => expect(within(screen.getByRole('dialog')).getAllByRole('grid')).toHaveLength(2))
}

describe('price calendar', () => {
  beforeEach(() => {
    resetSearchStores()
  })

  it('opens a dialog of two month grids with focus on the selected day', async () => {
    serveCalendar()
    roundTrip()
    const user = userEvent.setup()
    renderWithProviders(<Field label="Departure" path="departureDate" initial="2026-12-23" />)
    // The field keeps its label to itself: the button is named by its own text.
    expect(screen.getByLabelText('Departure')).toHaveAttribute('type', 'date')
    // Its name says the chosen date (APG date picker).
    expect(screen.getByRole('button', { name: 'Choose departure date, Wednesday, December 23, 2026' })).toBeInTheDocument()
    await openCalendar(user, screen.getByRole('button', { name: /^Choose departure date/ }))
    const dialog = screen.getByRole('dialog', { name: 'Departure date' })
    expect(within(dialog).getAllByRole('grid').map((grid) => grid.getAttribute('aria-labelledby') && grid)).toHaveLength(2)
    expect(within(dialog).getByRole('grid', { name: 'December 2026' })).toBeInTheDocument()
    expect(within(dialog).getByRole('grid', { name: 'January 2027' })).toBeInTheDocument()
    expect(within(dialog).getAllByRole('columnheader', { name: 'Wednesday' })).toHaveLength(2)
    expect(document.activeElement).toHaveAttribute('data-date', '2026-12-23')
    expect(document.activeElement).toHaveAttribute('aria-selected', 'true')
    // The round trip's days are tinted; days before the first that can be picked are disabled.
    expect(day(/^Wednesday, December 30, 2026/).className).toContain('bg-primary/10')
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled()
  })

  it('asks for round trips of the trip length the form has now, and shows each day’s fare by level', async () => {
    const calls = serveCalendar()
    roundTrip()
    const user = userEvent.setup()
    renderWithProviders(<Field label="Departure" path="departureDate" initial="2026-12-23" />)
    await openCalendar(user, screen.getByRole('button', { name: /^Choose departure date/ }))
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Cheapest round trip of 7 nights, by departure date (1 adult, economy).')
    expect(await screen.findByRole('gridcell', { name: 'Wednesday, December 23, 2026, $412, low price' })).toHaveTextContent('23$412')
    expect(day('Thursday, December 24, 2026, no price yet')).toHaveTextContent('24—')
    expect(day('Friday, December 25, 2026, $980, high price')).toBeInTheDocument()
    expect(day('Saturday, December 26, 2026, $560, typical price')).toBeInTheDocument()
    expect(day('Saturday, January 2, 2027, no price yet')).toBeInTheDocument()
    // Colour follows the level (the selected day keeps the selection's colours).
    expect(screen.getByText('$399').className).toContain('emerald')
    expect(screen.getByText('$412').className).toContain('text-primary-foreground')
    expect(screen.getByText('$980').className).toContain('amber')
    const legend = screen.getByRole('list', { name: 'Price levels' })
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Low', 'Typical', 'High'])
    expect(screen.getByRole('status')).toHaveTextContent('Prices found just now.')

    expect(calls).toHaveLength(1)
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      from: 'JFK',
      to: 'LHR',
      travelClass: 'economy',
      adults: '1',
      currency: 'USD',
      field: 'departure',
      tripNights: '7',
      // The chosen trip: the days are levelled against its usual range.
      departureDate: '2026-12-23',
      start: '2026-12-01',
      days: '62',
    })
  })

  it('asks for one-way fares on a one-way trip, and return fares for the chosen departure on the return field', async () => {
    const calls = serveCalendar()
    const user = userEvent.setup()
    useSearchStore.getState().setParams({ tripType: 'one-way', from: 'JFK', to: 'LHR', departureDate: '2026-12-23' })
    const { unmount } = renderWithProviders(<Field label="Departure" path="departureDate" initial="2026-12-23" />)
    await openCalendar(user, screen.getByRole('button', { name: /^Choose departure date/ }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.searchParams.get('field')).toBe('departure')
    expect(calls[0]!.searchParams.has('tripNights')).toBe(false)
    unmount()

    roundTrip()
    renderWithProviders(<Field label="Return" path="returnDate" initial="2026-12-30" min="2026-12-23" />)
    await openCalendar(user, screen.getByRole('button', { name: /^Choose return date/ }))
    expect(screen.getByRole('dialog', { name: 'Return date' })).toBeInTheDocument()
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]!.searchParams.get('field')).toBe('return')
    expect(calls[1]!.searchParams.get('departureDate')).toBe('2026-12-23')
    expect(calls[1]!.searchParams.get('start')).toBe('2026-12-23')
    expect(day(/^Tuesday, December 22, 2026/)).toHaveAttribute('aria-disabled', 'true')
  })

  it('moves focus with the APG keys and picks with Enter: the field takes the day, the dialog closes, focus returns', async () => {
    serveCalendar()
    roundTrip()
    const user = userEvent.setup()
    renderWithProviders(<Field label="Departure" path="departureDate" initial="2026-12-23" />)
    const button = screen.getByRole('button', { name: /^Choose departure date/ })
    await openCalendar(user, button)
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toHaveAttribute('data-date', '2026-12-24')
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toHaveAttribute('data-date', '2026-12-31')
    await user.keyboard('{Home}')
    expect(document.activeElement).toHaveAttribute('data-date', '2026-12-27')
    await user.keyboard('{PageDown}')
    expect(document.activeElement).toHaveAttribute('data-date', '2027-01-27')
    // A month past the two shown moves them on.
    await user.keyboard('{PageDown}')
    expect(document.activeElement).toHaveAttribute('data-date', '2027-02-27')
    expect(screen.getByRole('grid', { name: 'February 2027' })).toBeInTheDocument()
    expect(screen.queryByRole('grid', { name: 'December 2026' })).not.toBeInTheDocument()
    await user.keyboard('{Shift>}{PageUp}{/Shift}')
    expect(document.activeElement).toHaveAttribute('data-date', '2026-12-01')
    await user.keyboard('{End}{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByLabelText('Departure')).toHaveValue('2026-12-05')
    expect(button).toHaveFocus()
  })

  it('picks a day with Space or a click, and Escape closes without a change', async () => {
    serveCalendar()
    roundTrip()
    const user = userEvent.setup()
    renderWithProviders(<Field label="Departure" path="departureDate" initial="2026-12-23" />)
    const button = screen.getByRole('button', { name: /^Choose departure date/ })
    await openCalendar(user, button)
    await user.keyboard('{ArrowLeft}{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByLabelText('Departure')).toHaveValue('2026-12-23')
    expect(button).toHaveFocus()

    await openCalendar(user, button)
    await user.keyboard('{ArrowLeft}[Space]')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByLabelText('Departure')).toHaveValue('2026-12-22')

    await openCalendar(user, button)
    await user.click(day(/^Monday, December 28, 2026/))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByLabelText('Departure')).toHaveValue('2026-12-28')
  })

  it('shows a plain calendar without a route, and focuses the first day that can be picked', async () => {
    const fetchMock = stubApi()
    const user = userEvent.setup()
    renderWithProviders(<Field label="Departure" path="departureDate" initial="" />)
    await openCalendar(user, screen.getByRole('button', { name: /^Choose departure date/ }))
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Choose where from and to for prices.')
    expect(document.activeElement).toHaveAttribute('data-date', MIN)
    expect(day('Tuesday, December 1, 2026')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Price levels' })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/calendar'))).toHaveLength(0)
  })

  it('asks for the prices as the pointer reaches the button, before the click', async () => {
    const calls = serveCalendar()
    roundTrip()
    const user = userEvent.setup()
    renderWithProviders(<Field label="Departure" path="departureDate" initial="2026-12-23" />)
    await user.hover(screen.getByRole('button', { name: /^Choose departure date/ }))
    await waitFor(() => expect(calls).toHaveLength(1))
    await openCalendar(user, screen.getByRole('button', { name: /^Choose departure date/ }))
    expect(await screen.findByRole('gridcell', { name: 'Wednesday, December 23, 2026, $412, low price' })).toBeInTheDocument()
    expect(calls).toHaveLength(1)
  })

  it('shows a plain calendar for a multi-city flight, named after its flight', async () => {
    const fetchMock = stubApi()
    useSearchStore.getState().setTripType('multi-city')
    useSearchStore.getState().setParams({ from: 'JFK', to: 'LHR' })
    const user = userEvent.setup()
    renderWithProviders(<DateField label="Date" labelExtra="of flight 2" value="2026-12-23" onChange={() => {}} min={MIN} path="multiCitySegments.1.departureDate" />)
    await openCalendar(user, screen.getByRole('button', { name: /^Choose date of flight 2/ }))
    const dialog = screen.getByRole('dialog', { name: 'Date of flight 2' })
    expect(dialog).toHaveAccessibleDescription('Prices by date are shown for round trips and one-way trips.')
    expect(day('Wednesday, December 23, 2026')).toHaveAttribute('aria-selected', 'true')
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/calendar'))).toHaveLength(0)
  })
})
