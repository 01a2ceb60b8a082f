import { lazy, Suspense } from 'react'
import { format, parseISO } from 'date-fns'
import type { AlertPricePoint } from '#shared/alerts/alert.ts'
import { formatPrice } from '#shared/format.ts'
import { Skeleton } from '../../components/ui/skeleton.tsx'

// Recharts (~100 kB gzip) loads only when someone opens an alert's details.
const AlertPriceChart = lazy(() => import('./alert-price-chart.tsx'))

/** The history in one sentence: range, when the extremes were seen, and how it sits against the target. */
export function priceHistorySummary(prices: readonly AlertPricePoint[], target: number, currency: string): string {
  if (prices.length === 0) return 'No prices recorded yet: the first check will add one.'
  let min = prices[0]!
  let max = prices[0]!
  for (const point of prices) {
    if (point.price < min.price) min = point
    if (point.price > max.price) max = point
  }
  const day = (point: AlertPricePoint) => format(parseISO(point.recorded_at), 'MMM d')
  const money = (amount: number) => formatPrice(amount, currency)
  const checks = `${prices.length} ${prices.length === 1 ? 'check' : 'checks'} since ${day(prices[0]!)}`
  const against = min.price < target ? `It went below your ${money(target)} target.` : `It has not yet gone below your ${money(target)} target.`
  return `${checks}: lowest ${money(min.price)} (${day(min)}), highest ${money(max.price)} (${day(max)}). ${against}`
}

export function AlertHistory({ prices, target, currency }: { prices: readonly AlertPricePoint[]; target: number; currency: string }) {
  return (
    <figure className="grid min-w-0 grid-cols-1 gap-2">
      {prices.length > 1 && (
        <Suspense fallback={<Skeleton className="h-52 w-full" />}>
          <AlertPriceChart prices={prices} target={target} currency={currency} />
        </Suspense>
      )}
      <figcaption className="text-sm text-muted-foreground">{priceHistorySummary(prices, target, currency)}</figcaption>
    </figure>
  )
}
