import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { format } from 'date-fns'
import { formatPrice } from '#shared/format.ts'

/**
 * The 60-day price history line (Recharts). Loaded with React.lazy from the insights panel, so
 * Recharts stays out of the search page's first chunk. The chart is a picture of the text summary
 * the panel prints beside it, so it is hidden from assistive technology.
 */
export interface PriceHistoryChartProps {
  history: Array<[number, number]>
  currency: string
  typicalRange: [number, number] | null
}

export default function PriceHistoryChart({ history, currency, typicalRange }: PriceHistoryChartProps) {
  const data = history.map(([at, price]) => ({ at: at * 1000, price }))
  const prices = history.map(([, price]) => price)
  const low = Math.min(...prices, typicalRange?.[0] ?? Infinity)
  const high = Math.max(...prices, typicalRange?.[1] ?? -Infinity)
  const pad = Math.max(10, Math.round((high - low) * 0.1))
  const money = (value: number) => formatPrice(Math.round(value), currency)
  return (
    <div aria-hidden="true" className="h-44 w-full text-muted-foreground">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          {typicalRange && <ReferenceArea y1={typicalRange[0]} y2={typicalRange[1]} fill="#64748b" fillOpacity={0.12} ifOverflow="extendDomain" />}
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(value: number) => format(new Date(value), 'MMM d')}
            tick={{ fill: 'currentColor', fontSize: 11 }}
            stroke="currentColor"
            strokeOpacity={0.3}
            minTickGap={24}
          />
          <YAxis
            domain={[Math.max(0, low - pad), high + pad]}
            tickFormatter={money}
            tick={{ fill: 'currentColor', fontSize: 11 }}
            stroke="currentColor"
            strokeOpacity={0.3}
            width={56}
          />
          <Tooltip
            formatter={(value) => [money(Number(value)), 'Lowest price']}
            labelFormatter={(value) => format(new Date(Number(value)), 'EEE, MMM d')}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
          <Line type="monotone" dataKey="price" stroke="#2563eb" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
