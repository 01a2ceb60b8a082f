import { CartesianGrid, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { format } from 'date-fns'
import type { ReactNode } from 'react'
import type { ObservedPrice } from '#shared/flights/observed-history.ts'
import { formatPrice } from '#shared/format.ts'

/**
 * The price history chart (Recharts): the provider's daily lowest price (its 60-day series), the
 * prices FareDrop itself saw for the trip ("Seen by FareDrop", a step line with its points), today's
 * lowest price as a dashed line and the typical range as a band. Loaded with React.lazy from the
 * insights panel, so Recharts stays out of the search page's first chunk. The chart is a picture of
 * the text summary the panel prints beside it, so it (legend included) is hidden from assistive technology.
 */
export interface PriceHistoryChartProps {
  /** The provider's series: [unix seconds, price], one a day. */
  history: Array<[number, number]>
  /** FareDrop's own observations, oldest first. */
  observed?: ObservedPrice[]
  currency: string
  typicalRange: [number, number] | null
  /** Today's lowest price, drawn across the chart. */
  today?: number | null
}

interface Row {
  at: number
  market?: number
  seen?: number
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Points drawn as dots up to this many; beyond, the step line alone (the dots would be a smear). */
const MAX_DOTS = 60

/** Both series on one time axis: a row per instant, with whichever series has a price then. */
export function chartRows(history: Array<[number, number]>, observed: ObservedPrice[]): Row[] {
  const rows = new Map<number, Row>()
  const row = (at: number) => rows.get(at) ?? rows.set(at, { at }).get(at)!
  for (const [at, price] of history) row(at * 1000).market = price
  for (const point of observed) {
    const at = Date.parse(point.at)
    if (!Number.isNaN(at)) row(at).seen = point.price
  }
  return [...rows.values()].sort((a, b) => a.at - b.at)
}

// The theme's own colours follow dark mode; FareDrop's line is a magenta readable on both
// (3:1 or more against either card). Inline styles, not utilities: this chunk loads lazily, and
// every utility would weigh on the landing page's one stylesheet (16 KB budget).
const MARKET = 'var(--primary)'
const SEEN = '#d946ef'
const TODAY = 'var(--foreground)'
const swatch = { width: 16, height: 2, borderRadius: 1 } as const

export default function PriceHistoryChart({ history, observed = [], currency, typicalRange, today = null }: PriceHistoryChartProps) {
  const data = chartRows(history, observed)
  const prices = data.flatMap((r) => [r.market, r.seen]).filter((p): p is number => p !== undefined)
  const low = Math.min(...prices, typicalRange?.[0] ?? Infinity, today ?? Infinity)
  const high = Math.max(...prices, typicalRange?.[1] ?? -Infinity, today ?? -Infinity)
  const yTicks = priceTicks(low, high)
  const money = (value: number) => formatPrice(Math.round(value), currency)
  // A day or less of observations reads by the hour; a lone point gets an hour either side.
  const first = data[0]?.at ?? 0
  const last = data.at(-1)?.at ?? first
  const span = last - first
  const xDomain = span < HOUR_MS ? [first - HOUR_MS, last + HOUR_MS] : [first, last]
  const byDay = span >= 2 * DAY_MS
  const xTicks = timeTicks(xDomain[0]!, xDomain[1]!, byDay)
  const tick = (value: number) => format(new Date(value), byDay ? 'MMM d' : 'h:mm a')
  const hasMarket = history.length > 0
  const hasSeen = observed.length > 0

  return (
    <div aria-hidden="true" className="grid gap-2 text-muted-foreground">
      <div className="h-48 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
            {typicalRange && <ReferenceArea y1={typicalRange[0]} y2={typicalRange[1]} fill="#64748b" fillOpacity={0.12} ifOverflow="extendDomain" />}
            <XAxis
              dataKey="at"
              type="number"
              scale="time"
              domain={xDomain}
              ticks={xTicks}
              tickFormatter={tick}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.3}
              minTickGap={32}
            />
            <YAxis
              domain={[yTicks[0]!, yTicks.at(-1)!]}
              ticks={yTicks}
              tickFormatter={money}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.3}
              width={60}
            />
            <Tooltip
              formatter={(value, name) => [money(Number(value)), name]}
              labelFormatter={(value) => format(new Date(Number(value)), byDay ? 'EEE, MMM d' : 'EEE, MMM d, h:mm a')}
              contentStyle={{ borderRadius: 8, fontSize: 12, background: 'var(--popover)', color: 'var(--popover-foreground)', borderColor: 'var(--border)' }}
            />
            {today !== null && <ReferenceLine y={today} stroke={TODAY} strokeOpacity={0.7} strokeDasharray="5 4" ifOverflow="extendDomain" />}
            {hasMarket && <Line dataKey="market" name="Lowest price that day" type="monotone" stroke={MARKET} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />}
            {hasSeen && (
              <Line
                dataKey="seen"
                name="Seen by FareDrop"
                type="stepAfter"
                stroke={SEEN}
                strokeWidth={2}
                dot={observed.length <= MAX_DOTS ? { r: 3.5, fill: SEEN, stroke: 'var(--card)', strokeWidth: 1.5 } : false}
                activeDot={{ r: 5 }}
                connectNulls
                isAnimationActive={false}
              />
            )}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {hasMarket && <LegendItem swatch={<span style={{ ...swatch, background: MARKET }} />}>Lowest price by day</LegendItem>}
        {hasSeen && (
          <LegendItem
            swatch={
              <span className="relative flex items-center" style={{ width: 16, height: 10 }}>
                <span style={{ ...swatch, background: SEEN }} />
                <span className="absolute left-1/2 size-2 -translate-x-1/2 rounded-full" style={{ background: SEEN }} />
              </span>
            }
          >
            Seen by FareDrop
          </LegendItem>
        )}
        {today !== null && <LegendItem swatch={<span className="border-dashed opacity-70" style={{ width: 16, borderTopWidth: 2, borderColor: TODAY }} />}>{`Today ${money(today)}`}</LegendItem>}
        {typicalRange && <LegendItem swatch={<span className="rounded-sm" style={{ width: 16, height: 10, background: 'rgb(100 116 139 / 0.25)' }} />}>{`Typical ${money(typicalRange[0])}–${money(typicalRange[1])}`}</LegendItem>}
      </ul>
    </div>
  )
}

/** Round prices for the price axis: 3 to 6 steps of 1, 2, 2.5 or 5 × 10ⁿ, a step's margin above and below the prices. */
export function priceTicks(low: number, high: number): number[] {
  const raw = Math.max(4, high - low) / 4
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!
  const from = Math.max(0, Math.floor(low / step) * step - (low % step === 0 ? step : 0))
  const to = Math.ceil(high / step) * step + (high % step === 0 ? step : 0)
  return Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step)
}

/** Local midnights (or whole hours, for a short span) inside the domain; Recharts drops the ones that would overlap. */
export function timeTicks(from: number, to: number, byDay: boolean): number[] {
  const start = new Date(from)
  if (byDay) start.setHours(0, 0, 0, 0)
  else start.setMinutes(0, 0, 0)
  const ticks: number[] = []
  for (const at = start; at.getTime() <= to; byDay ? at.setDate(at.getDate() + 1) : at.setHours(at.getHours() + 1)) {
    if (at.getTime() >= from) ticks.push(at.getTime())
  }
  return ticks
}

function LegendItem({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5 whitespace-nowrap">
      {swatch}
      {children}
    </li>
  )
}
