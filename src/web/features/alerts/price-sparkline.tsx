import type { AlertPricePoint } from '#shared/alerts/alert.ts'
import { formatPrice } from '#shared/format.ts'

const WIDTH = 120
const HEIGHT = 36
const PAD = 3

/**
 * The recorded prices as a tiny inline SVG line, with the target as a dashed line: a few hundred
 * bytes per card instead of a chart library. Its accessible name states the trend in words.
 */
export function PriceSparkline({ prices, target, currency }: { prices: readonly AlertPricePoint[]; target: number; currency: string }) {
  if (prices.length === 0) return <p className="text-xs text-muted-foreground">No price history yet</p>
  // One check is a price, not yet a trend.
  if (prices.length === 1) return <p className="text-xs text-muted-foreground">First price recorded; the trend shows after the next check</p>
  const values = prices.map((point) => point.price)
  const low = Math.min(...values, target)
  const high = Math.max(...values, target)
  const span = high - low || 1
  const x = (i: number) => PAD + (i / (values.length - 1)) * (WIDTH - 2 * PAD)
  const y = (value: number) => PAD + (1 - (value - low) / span) * (HEIGHT - 2 * PAD)
  const points = values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(' ')
  const first = values[0]!
  const last = values.at(-1)!
  const label = `Price trend over ${values.length} checks: ${formatPrice(first, currency)} to ${formatPrice(last, currency)}, target ${formatPrice(target, currency)}`
  const tone = last <= target ? 'text-success' : 'text-primary'
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} className="overflow-visible">
      <line x1={0} x2={WIDTH} y1={y(target)} y2={y(target)} className="stroke-muted-foreground/60" strokeDasharray="3 3" strokeWidth={1} />
      <polyline points={points} fill="none" className={`stroke-current ${tone}`} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
      <circle cx={x(values.length - 1)} cy={y(last)} r={2.5} className={`fill-current ${tone}`} />
    </svg>
  )
}
