import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PriceSparkline } from './price-sparkline.tsx'

const point = (price: number, hour: number) => ({ price, currency: 'USD', recorded_at: new Date(Date.UTC(2026, 10, 1, hour)).toISOString() })

describe('PriceSparkline', () => {
  it('says so when nothing has been checked yet', () => {
    render(<PriceSparkline prices={[]} target={300} currency="USD" />)
    expect(screen.getByText('No price history yet')).toBeInTheDocument()
  })

  it('does not claim there is no history after the first check', () => {
    render(<PriceSparkline prices={[point(320, 0)]} target={300} currency="USD" />)
    expect(screen.queryByText('No price history yet')).not.toBeInTheDocument()
    expect(screen.getByText(/First price recorded/)).toBeInTheDocument()
  })

  it('draws a line once there are two prices', () => {
    const { container } = render(<PriceSparkline prices={[point(320, 0), point(280, 1)]} target={300} currency="USD" />)
    expect(container.querySelector('svg')).not.toBeNull()
  })
})
