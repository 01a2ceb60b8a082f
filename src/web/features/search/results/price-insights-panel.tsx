import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { ChevronDown } from 'lucide-react'
import { lazy, Suspense, useId, useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { format, isSameDay, isToday } from 'date-fns'
import type { PriceInsights, PriceLevel } from '#shared/flights/model.ts'
import { observedTripOf, type ObservedHistory, type ObservedHistoryQuery } from '#shared/flights/observed-history.ts'
import { decodeSearch } from '#shared/flights/search-url.ts'
import { formatPrice } from '#shared/format.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { cn } from '../../../lib/cn.ts'
import { fetchObservedHistory } from '../api.ts'
import { FareForecastLine } from '../../../components/fare-forecast.tsx'
import { LEVEL_ICON, LEVEL_STYLE } from './price-level-style.ts'

// Recharts (~100 kB gzip) loads only when someone opens the price history.
const PriceHistoryChart = lazy(() => import('./price-history-chart.tsx'))

const LEVEL_TEXT: Record<PriceLevel, string> = {
  low: 'Prices are currently low',
  typical: 'Prices are currently typical',
  high: 'Prices are currently high',
}


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
 * "FareDrop has seen this trip 14 times since Nov 20: from $612 (Nov 22) to $780 (Nov 25); now
 * $655." Times of day instead of dates when every observation is from one day.
 */
export function observedSummary(history: ObservedHistory): string | null {
  const { observations: count, first, latest, lowest, highest, currency } = history
  if (count === 0 || !first || !latest || !lowest || !highest) return null
  const money = (price: number) => formatPrice(price, currency)
  const firstAt = new Date(first.at)
  if (count === 1) return `FareDrop has seen this trip once so far: ${money(first.price)} on ${format(firstAt, 'MMM d')}.`
  const oneDay = isSameDay(firstAt, new Date(latest.at))
  const when = (at: string) => format(new Date(at), oneDay ? 'h:mm a' : 'MMM d')
  const since = oneDay ? `since ${when(first.at)}${isToday(firstAt) ? ' today' : ` on ${format(firstAt, 'MMM d')}`}` : `since ${when(first.at)}`
  const times = count === 2 ? 'twice' : `${count} times`
  if (lowest.price === highest.price) return `FareDrop has seen this trip ${times} ${since}, always at ${money(lowest.price)}.`
  return `FareDrop has seen this trip ${times} ${since}: from ${money(lowest.price)} (${when(lowest.at)}) to ${money(highest.price)} (${when(highest.at)}); now ${money(latest.price)}.`
}

/** GET /api/flights/observed-history for the trip; null: nothing to ask (the history is closed, or no trip). */
export function observedHistoryQueryOptions(query: ObservedHistoryQuery | null) {
  return queryOptions({
    queryKey: ['flights', 'observed-history', query] as const,
    queryFn: query ? ({ signal }) => fetchObservedHistory(query, signal) : skipToken,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

/**
 * The trip the results page shows (the URL's search, as the date grid reads it): a one-way or round
 * trip with its route and dates, adults only (fares with children are not observed, decision 047).
 */
function useSearchedTrip(): ObservedHistoryQuery | null {
  const location = useLocation()
  return useMemo(() => {
    const { params, filters } = decodeSearch(location.search)
    return observedTripOf(params, filters)
  }, [location.search])
}

const NO_INSIGHTS: PriceInsights = { lowest_price: null, price_level: null, typical_price_range: null, price_history: [] }

export interface PriceInsightsPanelProps {
  /** The provider's insights; null: none (the panel then offers FareDrop's own history alone). */
  insights: PriceInsights | null
  currency: string
  /** The trip whose observed prices the history shows; absent: the URL's search; null: none. */
  trip?: ObservedHistoryQuery | null
}

/**
 * Google-style price insights: the level badge (low / typical / high), today's lowest price on the
 * typical range bar, and the price history (a lazy Recharts chart plus a text summary): the
 * provider's 60-day series and the prices FareDrop's own searches and checks saw for the trip,
 * fetched when the history is opened.
 */
export function PriceInsightsPanel({ insights: given, currency, trip }: PriceInsightsPanelProps) {
  const [showHistory, setShowHistory] = useState(false)
  const historyId = useId()
  const searched = useSearchedTrip()
  const subject = trip === undefined ? searched : trip
  const observed = useQuery(observedHistoryQueryOptions(showHistory ? subject : null))
  const insights = given ?? NO_INSIGHTS
  const level = insights.price_level
  const providerSeries = insights.price_history.length > 1
  const seen = observed.data && observed.data.observations > 0 ? observed.data : null
  const explanation = levelExplanation(insights, currency) ?? (subject ? 'See how this trip’s price moved in FareDrop’s own searches and price checks.' : null)
  const summary = providerSeries ? historySummary(insights.price_history, currency, insights.lowest_price) : null
  const seenSummary = seen ? observedSummary(seen) : null
  if (!level && !insights.typical_price_range && !providerSeries && !subject) return null
  const Icon = level ? LEVEL_ICON[level] : null
  // Today's lowest price: the provider's, else FareDrop's latest if it was seen today (an older one is no "today").
  const seenToday = seen?.latest && isToday(new Date(seen.latest.at)) ? seen.latest.price : null
  const today = insights.lowest_price ?? seenToday

  let seenStatus: string | null = null
  if (subject && observed.isPending) seenStatus = 'Loading the prices FareDrop has seen…'
  else if (subject && observed.isError) seenStatus = 'The prices FareDrop has seen could not be loaded.'
  else if (subject && !seen) seenStatus = 'FareDrop has not seen this trip’s price yet: each search and price check of it adds one.'

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
          <FareForecastLine trip={subject} />
        </div>
        {(providerSeries || subject) && (
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
            {providerSeries || seen ? (
              <Suspense fallback={<Skeleton className="h-48 w-full" />}>
                <PriceHistoryChart
                  history={providerSeries ? insights.price_history : []}
                  observed={seen?.points ?? []}
                  currency={currency}
                  typicalRange={insights.typical_price_range}
                  today={today}
                />
              </Suspense>
            ) : (
              observed.isPending && <Skeleton className="h-48 w-full" />
            )}
            <figcaption className="grid gap-1 text-xs text-muted-foreground">
              {summary && <span>{summary}</span>}
              {subject && <span aria-live="polite">{seenSummary ?? seenStatus}</span>}
            </figcaption>
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
