import { ChevronDown, TrendingDown, TrendingUp, Minus } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { format } from 'date-fns'
import type { PriceInsights, PriceLevel } from '#shared/flights/model.ts'
import { formatPrice } from '#shared/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { cn } from '../../../lib/cn.ts'

// Recharts (~100 kB gzip) loads only when someone opens the price history.
const PriceHistoryChart = lazy(() => import('./price-history-chart.tsx'))

const LEVEL_TEXT: Record<PriceLevel, string> = {
  low: 'Prices are currently low',
  typical: 'Prices are currently typical',
  high: 'Prices are currently high',
}

const LEVEL_STYLE: Record<PriceLevel, string> = {
  low: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300',
  typical: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300',
  high: 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-200',
}

const LEVEL_ICON = { low: TrendingDown, typical: Minus, high: TrendingUp } as const

/** One sentence on where today's lowest price sits against the usual range. */
export function levelExplanation(insights: PriceInsights, currency: string): string | null {
  const { lowest_price: lowest, typical_price_range: range, price_level: level } = insights
  if (range) {
    const usual = `${formatPrice(range[0], currency)}–${formatPrice(range[1], currency)}`
    if (lowest !== null && level === 'low' && lowest < range[0]) return `${formatPrice(lowest, currency)} is ${formatPrice(range[0] - lowest, currency)} cheaper than usual for this trip (usually ${usual}).`
    if (lowest !== null && level === 'high' && lowest > range[1]) return `${formatPrice(lowest, currency)} is ${formatPrice(lowest - range[1], currency)} more than usual for this trip (usually ${usual}).`
    return `The cheapest flights for trips like this usually cost ${usual}.`
  }
  return lowest !== null ? `The lowest price for this search is ${formatPrice(lowest, currency)}.` : null
}

/** A text version of the history chart, for everyone (and instead of the chart for screen readers). */
export function historySummary(history: Array<[number, number]>, currency: string, lowest: number | null): string | null {
  if (history.length < 2) return null
  let min = history[0]!
  let max = history[0]!
  for (const point of history) {
    if (point[1] < min[1]) min = point
    if (point[1] > max[1]) max = point
  }
  const day = (at: number) => format(new Date(at * 1000), 'MMM d')
  const first = history[0]!
  const days = Math.round((history.at(-1)![0] - first[0]) / 86_400) + 1
  const now = lowest !== null ? ` Today's lowest price is ${formatPrice(lowest, currency)}.` : ''
  return `Over the last ${days} days, the lowest price for this trip ranged from ${formatPrice(min[1], currency)} (${day(min[0])}) to ${formatPrice(max[1], currency)} (${day(max[0])}).${now}`
}

/**
 * Google-style price insights: the level badge (low / typical / high), today's lowest price on the
 * typical range bar, and the 60-day history (a lazy Recharts chart plus a text summary).
 */
export function PriceInsightsPanel({ insights, currency }: { insights: PriceInsights; currency: string }) {
  const [showHistory, setShowHistory] = useState(false)
  const historyId = useId()
  const level = insights.price_level
  const explanation = levelExplanation(insights, currency)
  const summary = historySummary(insights.price_history, currency, insights.lowest_price)
  if (!level && !insights.typical_price_range && insights.price_history.length === 0) return null
  const Icon = level ? LEVEL_ICON[level] : null

  return (
    <section aria-labelledby={`${historyId}-title`} className="rounded-xl border bg-card p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h3 id={`${historyId}-title`} className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            Price insights
            {level && Icon && (
              <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', LEVEL_STYLE[level])}>
                <Icon className="size-3.5" aria-hidden="true" />
                {LEVEL_TEXT[level]}
              </span>
            )}
          </h3>
          {explanation && <p className="text-sm text-muted-foreground">{explanation}</p>}
        </div>
        {insights.price_history.length > 1 && (
          <Button variant="ghost" size="sm" aria-expanded={showHistory} aria-controls={historyId} onClick={() => setShowHistory((v) => !v)} className="self-start">
            {showHistory ? 'Hide price history' : 'View price history'}
            <ChevronDown className={cn('transition-transform', showHistory && 'rotate-180')} aria-hidden="true" />
          </Button>
        )}
      </div>

      {/* A phone keeps the sentence above and shows the bar with the history, so results come sooner. */}
      {insights.typical_price_range && (
        <div className={cn(!showHistory && 'max-sm:hidden')}>
          <RangeBar range={insights.typical_price_range} lowest={insights.lowest_price} level={level} currency={currency} />
        </div>
      )}

      <div id={historyId} hidden={!showHistory} className="mt-4">
        {showHistory && (
          <figure className="grid gap-2">
            <Suspense fallback={<Skeleton className="h-44 w-full" />}>
              <PriceHistoryChart history={insights.price_history} currency={currency} typicalRange={insights.typical_price_range} />
            </Suspense>
            {summary && <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>}
          </figure>
        )}
      </div>
    </section>
  )
}

/** The typical range as a bar (cheap | typical | expensive), today's lowest price marked on it. */
function RangeBar({ range, lowest, level, currency }: { range: [number, number]; lowest: number | null; level: PriceLevel | null; currency: string }) {
  const [from, to] = range
  const span = Math.max(1, to - from)
  // The scale runs half a range either side of the typical band, stretched to include today's price.
  const min = Math.min(from - span / 2, lowest ?? Infinity)
  const max = Math.max(to + span / 2, lowest ?? -Infinity)
  const at = (value: number) => `${((value - min) / (max - min)) * 100}%`
  const markerTone = level === 'low' ? 'bg-emerald-600' : level === 'high' ? 'bg-amber-600' : 'bg-sky-600'
  return (
    <div className="mt-4">
      <p className="sr-only">
        {`Typical price range ${formatPrice(from, currency)} to ${formatPrice(to, currency)}${lowest !== null ? `; lowest price now ${formatPrice(lowest, currency)}` : ''}.`}
      </p>
      <div aria-hidden="true" className="relative pt-6 pb-5">
        {lowest !== null && (
          <div className="absolute top-0 -translate-x-1/2 text-xs font-semibold whitespace-nowrap tabular-nums" style={{ left: at(lowest) }}>
            {formatPrice(lowest, currency)}
          </div>
        )}
        <div className="relative h-2 overflow-hidden rounded-full bg-muted">
          <div className="absolute inset-y-0 left-0 bg-emerald-500/70" style={{ width: at(from) }} />
          <div className="absolute inset-y-0 bg-sky-500/40" style={{ left: at(from), width: `calc(${at(to)} - ${at(from)})` }} />
          <div className="absolute inset-y-0 right-0 bg-amber-500/70" style={{ left: at(to) }} />
        </div>
        {lowest !== null && <div className={cn('absolute top-5 h-4 w-1 -translate-x-1/2 rounded-full ring-2 ring-card', markerTone)} style={{ left: at(lowest) }} />}
        <div className="absolute bottom-0 -translate-x-1/2 text-[11px] text-muted-foreground tabular-nums" style={{ left: at(from) }}>
          {formatPrice(from, currency)}
        </div>
        <div className="absolute bottom-0 -translate-x-1/2 text-[11px] text-muted-foreground tabular-nums" style={{ left: at(to) }}>
          {formatPrice(to, currency)}
        </div>
      </div>
    </div>
  )
}
