import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PriceInsights } from '#shared/flights/model.ts'
import type { ObservedHistory, ObservedPrice } from '#shared/flights/observed-history.ts'
import type { FareForecast } from '#shared/flights/forecast.ts'
import { stubApi } from '#tests/setup/render.tsx'
import { observedSummary, PriceInsightsPanel } from './price-insights-panel.tsx'
import { renderAtSearch } from './test-utils.tsx'

const ROUND_TRIP = 'trip=round-trip&from=JFK&to=LHR&depart=2026-12-10&return=2026-12-17&class=business&adults=2&currency=EUR'

/** Noon UTC on a November day: the same calendar day in every time zone the tests run in. */
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour)).toISOString()

function historyOf(points: ObservedPrice[], currency = 'USD'): ObservedHistory {
  if (points.length === 0) return { currency, observations: 0, points: [], lowest: null, highest: null, first: null, latest: null }
  const lowest = points.reduce((a, b) => (b.price <= a.price ? b : a))
  const highest = points.reduce((a, b) => (b.price >= a.price ? b : a))
  return { currency, observations: points.length, points, lowest, highest, first: points[0]!, latest: points.at(-1)! }
}

const fourteen = historyOf([
  { at: at(20), price: 700 },
  { at: at(21), price: 690 },
  { at: at(22), price: 612 },
  ...[23, 24].map((d) => ({ at: at(d), price: 650 })),
  { at: at(25), price: 780 },
  ...[26, 26, 27, 27, 27, 28, 28].map((d, i) => ({ at: at(d, 8 + i), price: 660 + i })),
  { at: at(28, 20), price: 655 },
])

const providerInsights: PriceInsights = {
  lowest_price: 655,
  price_level: 'typical',
  typical_price_range: [600, 720],
  price_history: [
    [Date.UTC(2026, 9, 1) / 1000, 640],
    [Date.UTC(2026, 9, 2) / 1000, 690],
    [Date.UTC(2026, 9, 3) / 1000, 610],
  ],
}
const noInsights: PriceInsights = { lowest_price: null, price_level: null, typical_price_range: null, price_history: [] }

function serveHistory(answer: ObservedHistory | 'error') {
  const calls: URL[] = []
  const fetchMock = stubApi((url) => {
    const parsed = new URL(url, 'http://localhost')
    if (parsed.pathname !== '/api/flights/observed-history') return undefined
    calls.push(parsed)
    return answer === 'error' ? Response.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 }) : Response.json(answer)
  })
  return { calls, fetchMock }
}

describe('observed history summary', () => {
  it('counts, the cheapest and dearest with their days, and the latest price', () => {
    expect(observedSummary(fourteen)).toBe('FareDrop has seen this trip 14 times since Nov 20: from $612 (Nov 22) to $780 (Nov 25); now $655.')
  })

  it('once; twice at one price; one day by the hour', () => {
    expect(observedSummary(historyOf([{ at: at(22), price: 512 }], 'EUR'))).toBe('FareDrop has seen this trip once so far: €512 on Nov 22.')
    expect(
      observedSummary(
        historyOf([
          { at: at(22), price: 512 },
          { at: at(23), price: 512 },
        ]),
      ),
    ).toBe('FareDrop has seen this trip twice since Nov 22, always at $512.')
    const morning = new Date(2026, 10, 22, 9, 5).toISOString()
    const noon = new Date(2026, 10, 22, 12, 30).toISOString()
    const evening = new Date(2026, 10, 22, 18, 0).toISOString()
    expect(
      observedSummary(
        historyOf([
          { at: morning, price: 700 },
          { at: noon, price: 640 },
          { at: evening, price: 655 },
        ]),
      ),
    ).toBe('FareDrop has seen this trip 3 times since 9:05 AM on Nov 22: from $640 (12:30 PM) to $700 (9:05 AM); now $655.')
    expect(observedSummary(historyOf([]))).toBeNull()
  })
})

describe('price insights panel: the observed price history', () => {
  it('asks for the URL’s trip only when the history is opened, and shows both series with their summaries', async () => {
    const { calls } = serveHistory(fourteen)
    const user = userEvent.setup()
    renderAtSearch(<PriceInsightsPanel insights={providerInsights} currency="USD" />, { search: ROUND_TRIP })
    expect(calls).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'View price history' }))
    expect(await screen.findByText('FareDrop has seen this trip 14 times since Nov 20: from $612 (Nov 22) to $780 (Nov 25); now $655.')).toBeInTheDocument()
    expect(calls).toHaveLength(1)
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      from: 'JFK',
      to: 'LHR',
      departureDate: '2026-12-10',
      returnDate: '2026-12-17',
      travelClass: 'business',
      adults: '2',
      currency: 'EUR',
    })
    // The provider's summary as before, and the chart's legend: both series, today's price, the typical band.
    expect(screen.getByText(/^Over the last 3 days, the lowest price for this trip ranged from \$610/)).toBeInTheDocument()
    expect(await screen.findByText('Seen by FareDrop')).toBeInTheDocument()
    expect(screen.getByText('Lowest price by day')).toBeInTheDocument()
    expect(screen.getByText('Today $655')).toBeInTheDocument()
    expect(screen.getByText('Typical $600–$720')).toBeInTheDocument()
  })

  it('without observations keeps the provider’s history as it was, saying FareDrop has not seen the trip yet', async () => {
    serveHistory(historyOf([]))
    const user = userEvent.setup()
    renderAtSearch(<PriceInsightsPanel insights={providerInsights} currency="USD" />, { search: ROUND_TRIP })
    await user.click(screen.getByRole('button', { name: 'View price history' }))
    expect(await screen.findByText(/FareDrop has not seen this trip’s price yet/)).toBeInTheDocument()
    expect(await screen.findByText('Lowest price by day')).toBeInTheDocument()
    expect(screen.queryByText('Seen by FareDrop')).not.toBeInTheDocument()
  })

  it('without the provider’s series (SerpApi may send none) still offers the history, drawn from FareDrop’s own prices', async () => {
    serveHistory(fourteen)
    const user = userEvent.setup()
    renderAtSearch(<PriceInsightsPanel insights={noInsights} currency="USD" />, { search: ROUND_TRIP })
    const panel = screen.getByRole('region', { name: 'Price insights' })
    expect(within(panel).getByText(/FareDrop’s own searches/)).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'View price history' }))
    expect(await within(panel).findByText(/^FareDrop has seen this trip 14 times/)).toBeInTheDocument()
    expect(await within(panel).findByText('Seen by FareDrop')).toBeInTheDocument()
    expect(within(panel).getByText('Today $655')).toBeInTheDocument() // the latest price FareDrop saw
    expect(within(panel).queryByText('Lowest price by day')).not.toBeInTheDocument()
    expect(within(panel).queryByText(/^Over the last/)).not.toBeInTheDocument()
  })

  it('says so when FareDrop’s prices cannot be loaded', async () => {
    serveHistory('error')
    const user = userEvent.setup()
    renderAtSearch(<PriceInsightsPanel insights={null} currency="USD" />, { search: ROUND_TRIP })
    await user.click(screen.getByRole('button', { name: 'View price history' }))
    expect(await screen.findByText('The prices FareDrop has seen could not be loaded.')).toBeInTheDocument()
  })

  it('a one-way trip asks without a return date; a given trip wins over the URL’s', async () => {
    const { calls } = serveHistory(historyOf([]))
    const user = userEvent.setup()
    const view = renderAtSearch(<PriceInsightsPanel insights={providerInsights} currency="USD" />, { search: 'trip=one-way&from=LHR&to=CDG&depart=2026-12-10' })
    await user.click(screen.getByRole('button', { name: 'View price history' }))
    await screen.findByText(/FareDrop has not seen this trip’s price yet/)
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ from: 'LHR', to: 'CDG', departureDate: '2026-12-10', travelClass: 'economy', adults: '1', currency: 'USD' })
    view.unmount()

    const trip = { from: 'SFO', to: 'NRT', departureDate: '2027-01-05', returnDate: undefined, travelClass: 'first' as const, adults: 1, currency: 'JPY' }
    renderAtSearch(<PriceInsightsPanel insights={providerInsights} currency="USD" trip={trip} />, { search: ROUND_TRIP })
    await user.click(screen.getByRole('button', { name: 'View price history' }))
    await screen.findByText(/FareDrop has not seen this trip’s price yet/)
    expect(calls[1]!.searchParams.get('from')).toBe('SFO')
    expect(calls[1]!.searchParams.get('currency')).toBe('JPY')
  })

  it('no trip (multi-city, children) and no insights: nothing; with the provider’s series: today’s history, asking nothing', async () => {
    const { calls } = serveHistory(fourteen)
    const user = userEvent.setup()
    const multiCity = renderAtSearch(<PriceInsightsPanel insights={noInsights} currency="USD" />, { search: 'trip=multi-city' })
    expect(multiCity.container.querySelector('section')).toBeNull()
    multiCity.unmount()
    const children = renderAtSearch(<PriceInsightsPanel insights={noInsights} currency="USD" />, { search: `${ROUND_TRIP}&children=1` })
    expect(children.container.querySelector('section')).toBeNull()
    children.unmount()

    renderAtSearch(<PriceInsightsPanel insights={providerInsights} currency="USD" trip={null} />, { search: ROUND_TRIP })
    await user.click(screen.getByRole('button', { name: 'View price history' }))
    expect(await screen.findByText('Lowest price by day')).toBeInTheDocument()
    expect(screen.queryByText(/FareDrop has/)).not.toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })
})

describe('buy-or-wait forecast (decision 052)', () => {
  function serveForecast(answer: FareForecast) {
    const calls: URL[] = []
    stubApi((url) => {
      const parsed = new URL(url, 'http://localhost')
      if (parsed.pathname !== '/api/flights/forecast') return undefined
      calls.push(parsed)
      return Response.json(answer)
    })
    return calls
  }

  it('says whether the trip’s fare is likely to rise, why, and how often that was right, for the searched trip', async () => {
    const calls = serveForecast({ signal: 'rise', confidence: 0.7, horizon_days: 7, shown: true, accuracy: 0.712, reason: 'Likely to rise: below its recent prices' })
    renderAtSearch(<PriceInsightsPanel insights={providerInsights} currency="EUR" />, { search: ROUND_TRIP })
    const line = await screen.findByTestId('fare-forecast')
    expect(line).toHaveTextContent('Likely to rise over the next 7 days. Below its recent prices. Book soon. Right 71 % of the time on trips like this, in FareDrop’s replay of past prices.')
    expect(Object.fromEntries(calls[0]!.searchParams)).toMatchObject({ from: 'JFK', to: 'LHR', departureDate: '2026-12-10', returnDate: '2026-12-17', adults: '2', currency: 'EUR' })
  })

  it('shows nothing where the measured accuracy does not beat “no clear signal”', async () => {
    const calls = serveForecast({ signal: 'drop', confidence: 0.6, horizon_days: 7, shown: false, accuracy: 0.41, reason: 'Likely to drop' })
    renderAtSearch(<PriceInsightsPanel insights={providerInsights} currency="EUR" />, { search: ROUND_TRIP })
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(screen.queryByTestId('fare-forecast')).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: /Price insights/ })).not.toHaveTextContent('Likely')
  })
})
