import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import PriceHistoryChart, { chartRows, priceTicks, timeTicks } from './price-history-chart.tsx'

const day = (d: number) => Date.UTC(2026, 10, d, 12) / 1000

describe('price history chart', () => {
  it('puts both series on one time axis: a row per instant, oldest first, shared instants merged', () => {
    const rows = chartRows(
      [
        [day(21), 640],
        [day(20), 610],
      ],
      [
        { at: new Date(day(21) * 1000).toISOString(), price: 655 },
        { at: '2026-11-20T18:30:00.000Z', price: 700 },
        { at: 'not a time', price: 1 },
      ],
    )
    expect(rows).toEqual([
      { at: day(20) * 1000, market: 610 },
      { at: Date.parse('2026-11-20T18:30:00.000Z'), seen: 700 },
      { at: day(21) * 1000, market: 640, seen: 655 },
    ])
  })

  it('names only what it draws, and is hidden from assistive technology (the summary says it in words)', () => {
    const { container, rerender } = render(
      <PriceHistoryChart history={[[day(20), 610], [day(21), 640]]} observed={[{ at: '2026-11-21T09:00:00.000Z', price: 655 }]} currency="EUR" typicalRange={[600, 700]} today={655} />,
    )
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByText('Lowest price by day')).toBeInTheDocument()
    expect(screen.getByText('Seen by FareDrop')).toBeInTheDocument()
    expect(screen.getByText('Today €655')).toBeInTheDocument()
    expect(screen.getByText('Typical €600–€700')).toBeInTheDocument()

    rerender(<PriceHistoryChart history={[]} observed={[{ at: '2026-11-21T09:00:00.000Z', price: 655 }]} currency="EUR" typicalRange={null} />)
    expect(screen.queryByText('Lowest price by day')).not.toBeInTheDocument()
    expect(screen.queryByText(/^Today/)).not.toBeInTheDocument()
    expect(screen.queryByText(/^Typical/)).not.toBeInTheDocument()
    expect(screen.getByText('Seen by FareDrop')).toBeInTheDocument()
  })
})

describe('axes', () => {
  it('prices: round steps around the prices, with a margin', () => {
    expect(priceTicks(612, 780)).toEqual([600, 650, 700, 750, 800])
    expect(priceTicks(600, 700)).toEqual([575, 600, 625, 650, 675, 700, 725])
    expect(priceTicks(41, 106)).toEqual([40, 60, 80, 100, 120])
    expect(priceTicks(5, 5)).toEqual([4, 5, 6])
  })

  it('times: local midnights over days, whole hours within a day', () => {
    const from = new Date(2026, 10, 20, 9, 30).getTime()
    expect(timeTicks(from, new Date(2026, 10, 23, 1).getTime(), true)).toEqual([21, 22, 23].map((d) => new Date(2026, 10, d).getTime()))
    expect(timeTicks(from, new Date(2026, 10, 20, 12, 0).getTime(), false)).toEqual([10, 11, 12].map((h) => new Date(2026, 10, 20, h).getTime()))
  })
})
