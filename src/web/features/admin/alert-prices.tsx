import { lazy, Suspense } from 'react'
import type { AdminAlertDetail } from '#shared/admin.ts'
import { formatPrice, formatShortDate } from '#shared/format.ts'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { EmptyState } from './query-state.tsx'

// Recharts only in the chart's own chunk, fetched when a detail with prices opens.
const PriceChart = lazy(() => import('./admin-price-chart.tsx'))

type Prices = AdminAlertDetail['prices']

/** "12 prices since Mar 1: lowest $420 (Mar 9), highest $560 (Mar 1), latest $470." */
export function pricesSummary(prices: Prices, currency: string): string {
  const sorted = [...prices].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))
  const low = sorted.reduce((best, point) => (point.price < best.price ? point : best))
  const high = sorted.reduce((best, point) => (point.price > best.price ? point : best))
  const money = (value: number) => formatPrice(value, currency)
  return `${sorted.length} ${sorted.length === 1 ? 'price' : 'prices'} since ${formatShortDate(sorted[0]!.recordedAt)}: lowest ${money(low.price)} (${formatShortDate(low.recordedAt)}), highest ${money(high.price)} (${formatShortDate(high.recordedAt)}), latest ${money(sorted.at(-1)!.price)}.`
}

/** The alert's recorded prices: a sentence, and the line chart it describes. */
export function AlertPrices({ prices, target, currency }: { prices: Prices; target: number; currency: string }) {
  if (prices.length === 0) return <EmptyState title="No prices recorded yet">Every price a check finds for this alert is plotted here against its target.</EmptyState>
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{pricesSummary(prices, currency)}</p>
      <Suspense fallback={<Skeleton className="h-44 w-full" />}>
        <PriceChart prices={prices} target={target} currency={currency} />
      </Suspense>
    </div>
  )
}
