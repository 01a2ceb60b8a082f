import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { format } from 'date-fns'
import type { AlertPricePoint } from '#shared/alerts/alert.ts'
import { formatPrice } from '#shared/format.ts'

/**
 * An alert's full price history with its target line (Recharts). Loaded with React.lazy from the
 * detail panel, so Recharts stays in its own chunk. It pictures the text summary printed beside
 * it, so it is hidden from assistive technology.
 */
export default function AlertPriceChart({ prices, target, currency }: { prices: readonly AlertPricePoint[]; target: number; currency: string }) {
  const data = prices.map((point) => ({ at: Date.parse(point.recorded_at), price: point.price }))
  const values = prices.map((point) => point.price)
  const low = Math.min(...values, target)
  const high = Math.max(...values, target)
  const pad = Math.max(10, Math.round((high - low) * 0.1))
  const money = (value: number) => formatPrice(Math.round(value), currency)
  return (
    <div aria-hidden="true" className="h-52 w-full text-muted-foreground">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 12, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
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
          <YAxis domain={[Math.max(0, low - pad), high + pad]} tickFormatter={money} tick={{ fill: 'currentColor', fontSize: 11 }} stroke="currentColor" strokeOpacity={0.3} width={60} />
          <ReferenceLine
            y={target}
            stroke="#16a34a"
            strokeDasharray="5 4"
            label={{ value: `Target ${money(target)}`, position: 'insideTopRight', fill: 'currentColor', fontSize: 11 }}
          />
          <Tooltip
            formatter={(value) => [money(Number(value)), 'Price']}
            labelFormatter={(value) => format(new Date(Number(value)), 'EEE, MMM d, HH:mm')}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
          <Line type="monotone" dataKey="price" stroke="#2563eb" strokeWidth={2} dot={data.length <= 30} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
