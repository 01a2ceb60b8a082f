import { Bar, CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { AdminTrendDay } from '#shared/admin.ts'
import { formatShortDate } from '#shared/format.ts'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx'
import { cn } from '../../lib/cn.ts'

export interface TrendSeries {
  key: Exclude<keyof AdminTrendDay, 'day'>
  name: string
  /** A theme variable (var(--primary)…), so the chart follows light and dark themes. */
  color: string
  kind: 'bar' | 'line'
  /** Drawn against its own axis on the right (another unit). */
  right?: boolean
  stack?: string
}

const tick = { fill: 'var(--muted-foreground)', fontSize: 11 }

/**
 * One 30-day chart (Recharts, in the lazy chunk). The figure is named by its title and described
 * by its summary sentence; the drawing itself is hidden from assistive technology.
 */
export function TrendChart({
  id,
  title,
  summary,
  days,
  series,
  format = String,
  rightFormat = String,
  reference,
  className,
}: {
  id: string
  title: string
  summary: string
  days: readonly AdminTrendDay[]
  series: readonly TrendSeries[]
  format?: (value: number) => string
  rightFormat?: (value: number) => string
  reference?: { value: number; label: string }
  className?: string
}) {
  const hasRight = series.some((item) => item.right)
  return (
    <Card role="figure" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className={cn('min-w-0', className)}>
      <CardHeader className="gap-1 pb-2">
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        <CardDescription id={`${id}-summary`}>{summary}</CardDescription>
        {series.length > 1 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
            {series.map((item) => (
              <li key={item.key} className="flex items-center gap-1.5">
                <span className={cn('inline-block', item.kind === 'bar' ? 'size-2.5 rounded-sm' : 'h-0.5 w-3')} style={{ background: item.color }} />
                {item.name}
              </li>
            ))}
          </ul>
        )}
      </CardHeader>
      <CardContent className="px-2 pb-4 sm:px-4">
        <div aria-hidden="true" className="h-48 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={days as AdminTrendDay[]} margin={{ top: 8, right: hasRight ? 0 : 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="var(--border)" vertical={false} />
              <XAxis dataKey="day" tickFormatter={(value: string) => formatShortDate(value)} tick={tick} stroke="var(--border)" minTickGap={28} tickLine={false} />
              <YAxis yAxisId="left" tickFormatter={format} tick={tick} stroke="var(--border)" width={52} allowDecimals={false} tickLine={false} axisLine={false} />
              {hasRight && (
                <YAxis yAxisId="right" orientation="right" tickFormatter={rightFormat} tick={tick} stroke="var(--border)" width={52} allowDecimals={false} tickLine={false} axisLine={false} />
              )}
              {reference && (
                <ReferenceLine
                  yAxisId="left"
                  y={reference.value}
                  ifOverflow="extendDomain"
                  stroke="var(--destructive)"
                  strokeDasharray="5 4"
                  label={{ value: reference.label, position: 'insideTopRight', fill: 'var(--muted-foreground)', fontSize: 11 }}
                />
              )}
              <Tooltip
                cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
                labelFormatter={(value) => formatShortDate(String(value))}
                formatter={(value, name, item) => {
                  const match = series.find((entry) => entry.name === name || entry.key === item.dataKey)
                  return [value === null || value === undefined ? '—' : (match?.right ? rightFormat : format)(Number(value)), name]
                }}
                contentStyle={{ background: 'var(--popover)', borderColor: 'var(--border)', color: 'var(--popover-foreground)', borderRadius: 8, fontSize: 12 }}
                labelStyle={{ color: 'var(--popover-foreground)', fontWeight: 600 }}
              />
              {series.map((item) =>
                item.kind === 'bar' ? (
                  <Bar
                    key={item.key}
                    yAxisId={item.right ? 'right' : 'left'}
                    dataKey={item.key}
                    name={item.name}
                    fill={item.color}
                    stackId={item.stack}
                    radius={item.stack ? 0 : [3, 3, 0, 0]}
                    maxBarSize={18}
                    isAnimationActive={false}
                  />
                ) : (
                  <Line
                    key={item.key}
                    yAxisId={item.right ? 'right' : 'left'}
                    dataKey={item.key}
                    name={item.name}
                    stroke={item.color}
                    strokeWidth={2}
                    // A line of one or two points would not show without its dots.
                    dot={days.filter((day) => day[item.key] !== null).length <= 2 ? { r: 3, fill: item.color, strokeWidth: 0 } : false}
                    connectNulls
                    type="linear"
                    isAnimationActive={false}
                  />
                ),
              )}
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  )
}
