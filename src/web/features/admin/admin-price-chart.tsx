import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { format } from 'date-fns'
import type { AdminAlertDetail } from '#shared/admin.ts'
import { formatPrice } from '#shared/format.ts'

const tick = { fill: 'var(--muted-foreground)', fontSize: 11 }

/**
 * An alert's prices against its target (Recharts; imported only with import()). It pictures the
 * sentence printed above it, so it is hidden from assistive technology.
 */
export default function AdminPriceChart({ prices, target, currency }: { prices: AdminAlertDetail['prices']; target: number; currency: string }) {
  const data = prices.map((point) => ({ at: Date.parse(point.recordedAt), price: point.price })).sort((a, b) => a.at - b.at)
  const money = (value: number) => formatPrice(Math.round(value), currency)
  return (
    <div aria-hidden="true" className="h-44 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 12, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(value: number) => format(new Date(value), 'MMM d')}
            tick={tick}
            stroke="var(--border)"
            minTickGap={24}
          />
          <YAxis domain={['auto', 'auto']} tickFormatter={money} tick={tick} stroke="var(--border)" width={60} />
          <ReferenceLine
            y={target}
            ifOverflow="extendDomain"
            stroke="var(--success)"
            strokeDasharray="5 4"
            label={{ value: `Target ${money(target)}`, position: 'insideTopRight', fill: 'var(--muted-foreground)', fontSize: 11 }}
          />
          <Tooltip
            formatter={(value) => [money(Number(value)), 'Price']}
            labelFormatter={(value) => format(new Date(Number(value)), 'EEE, MMM d, HH:mm')}
            contentStyle={{ background: 'var(--popover)', borderColor: 'var(--border)', color: 'var(--popover-foreground)', borderRadius: 8, fontSize: 12 }}
          />
          <Line type="monotone" dataKey="price" stroke="var(--primary)" strokeWidth={2} dot={data.length <= 30} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
