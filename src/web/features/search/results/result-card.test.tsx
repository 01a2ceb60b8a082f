import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { itinerary, oneWayResults, roundTripOutbound, segment } from './fixtures.ts'
import { stopsText } from './itinerary-text.ts'
import { ResultCard } from './result-card.tsx'

const results = oneWayResults()
const byId = (id: string) => [...results.best, ...results.other].find((it) => it.id === id)!

describe('ResultCard', () => {
  it('shows times, airline, duration, nonstop, emissions and price', () => {
    render(<ResultCard itinerary={byId('ba117')} />)
    const heading = screen.getByRole('heading', { level: 4 })
    expect(heading).toHaveTextContent('11:20')
    expect(heading).toHaveTextContent('14:25')
    expect(heading).not.toHaveTextContent('+1')
    expect(screen.getByRole('img', { name: 'British Airways' })).toHaveTextContent('BA')
    expect(screen.getByText('8h 5m')).toBeInTheDocument()
    expect(screen.getByText('Nonstop')).toBeInTheDocument()
    expect(screen.getByText('-4% emissions')).toBeInTheDocument()
    expect(screen.getByText('4% lower emissions than typical (403 kg CO2e, typical 421 kg)')).toBeInTheDocument()
    expect(screen.getByText('$689')).toBeInTheDocument()
  })

  it('marks a next-day arrival with +1 (and says so to screen readers)', () => {
    render(<ResultCard itinerary={byId('fi455')} />)
    const heading = screen.getByRole('heading', { level: 4 })
    expect(heading).toHaveTextContent('20:40')
    expect(heading).toHaveTextContent('12:20+1')
    expect(heading).toHaveTextContent('arrives the next day')
  })

  it('marks +2 days from the local dates, not the duration', () => {
    const long = itinerary([segment({ from: 'LAX', to: 'SYD', departs: '2026-12-10T22:30', arrives: '2026-12-12T08:15', minutes: 885 })])
    render(<ResultCard itinerary={long} />)
    expect(screen.getByRole('heading', { level: 4 })).toHaveTextContent('08:15+2')
  })

  it('words stops with the layover length and airport, or the count', () => {
    expect(stopsText(byId('ba117'))).toBe('Nonstop')
    expect(stopsText(byId('ei151'))).toBe('1 stop · 2h 5m DUB')
    expect(stopsText(byId('fi455'))).toBe('2 stops')
    render(<ResultCard itinerary={byId('fi455')} />)
    expect(screen.getByText('2 stops')).toBeInTheDocument()
    expect(screen.getAllByText(/KEF, BOS/).length).toBeGreaterThan(0)
  })

  it('shows overnight, often-delayed and legroom badges', () => {
    render(<ResultCard itinerary={byId('fi455')} />)
    const notes = screen.getAllByRole('list', { name: 'Flight notes' })[0]!
    expect(within(notes).getByText('Overnight')).toBeInTheDocument()
    expect(within(notes).getByText('Often delayed 30+ min')).toBeInTheDocument()
    expect(within(notes).getByText('Legroom 31 in')).toBeInTheDocument()
  })

  it('shows higher emissions in amber wording', () => {
    render(<ResultCard itinerary={byId('vs3')} />)
    expect(screen.getByText('+24% emissions')).toBeInTheDocument()
  })

  it('says "Price unavailable" without a price, and "round trip" for trip totals', () => {
    const { unmount } = render(<ResultCard itinerary={byId('aa101')} />)
    expect(screen.getByText('Price unavailable')).toBeInTheDocument()
    unmount()
    render(<ResultCard itinerary={roundTripOutbound().best[0]!} />)
    expect(screen.getByText('$1,109')).toBeInTheDocument()
    expect(screen.getByText('round trip')).toBeInTheDocument()
  })

  it('falls back to initials when the logo fails to load', () => {
    const withLogo = itinerary([
      segment({ from: 'LHR', to: 'JFK', departs: '2026-12-10T11:20', arrives: '2026-12-10T14:25', minutes: 485, overrides: { airline: { code: 'BA', name: 'British Airways', logoUrl: 'https://www.gstatic.com/flights/airline_logos/70px/BA.png' } } }),
    ])
    render(<ResultCard itinerary={withLogo} />)
    const logo = screen.getByRole('img', { name: 'British Airways' })
    expect(logo.tagName).toBe('IMG')
    fireEvent.error(logo)
    const fallback = screen.getByRole('img', { name: 'British Airways' })
    expect(fallback.tagName).toBe('SPAN')
    expect(fallback).toHaveTextContent('BA')
  })

  it('never loads a logo from a host the CSP blocks', () => {
    const elsewhere = itinerary([
      segment({ from: 'LHR', to: 'JFK', departs: '2026-12-10T11:20', arrives: '2026-12-10T14:25', minutes: 485, overrides: { airline: { code: 'BA', name: 'British Airways', logoUrl: 'https://cdn.example.com/BA.png' } } }),
    ])
    render(<ResultCard itinerary={elsewhere} />)
    expect(screen.getByRole('img', { name: 'British Airways' }).tagName).toBe('SPAN')
  })

  it('expands into per-segment detail with layovers, an overnight layover warning and fare notes', async () => {
    const user = userEvent.setup()
    render(<ResultCard itinerary={byId('fi455')} />)
    const toggle = screen.getByRole('button', { name: /^Flight details/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('list', { name: 'Flight segments' })).not.toBeInTheDocument()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const region = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(region).toBeVisible()
    const segments = within(region).getByRole('list', { name: 'Flight segments' })
    expect(within(segments).getByText(/Heathrow Airport \(LHR\)/)).toBeInTheDocument()
    expect(within(segments).getByText(/FI 455/)).toBeInTheDocument()
    expect(within(segments).getAllByText(/Boeing 777/).length).toBe(3)
    expect(within(segments).getByText('Travel time: 3h 5m')).toBeInTheDocument()
    expect(within(segments).getByText('7h 25m layover')).toBeInTheDocument()
    expect(within(segments).getByText('Overnight layover')).toBeInTheDocument()
    expect(within(segments).getByText('Operated by Republic Airways as Delta Connection')).toBeInTheDocument()
    expect(within(segments).getAllByText('Wi-Fi for a fee').length).toBe(3)
    expect(within(region).getByText('Checked baggage for a fee')).toBeInTheDocument()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it('calls onSelect from "Select flight", with the flight named for screen readers', async () => {
    const onSelect = vi.fn()
    render(<ResultCard itinerary={byId('ei151')} onSelect={onSelect} />)
    const button = screen.getByRole('button', { name: /^Select flight: 07:05–13:05 · Aer Lingus · 11h · 1 stop · 2h 5m DUB · \$498$/ })
    await userEvent.click(button)
    expect(onSelect).toHaveBeenCalledWith(byId('ei151'))
  })
})
