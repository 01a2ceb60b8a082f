import type { AdminTrendDay } from '#shared/admin.ts'
import { formatPrice } from '#shared/format.ts'
import { count, formatLag } from './labels.ts'
import { TrendChart } from './trend-chart.tsx'
import { checksSummary, countSummary, mrrSummary, noticesSummary } from './trend-summary.ts'

const money = (value: number) => formatPrice(Math.round(value), 'USD')

/** The overview's 30-day charts, a chart per figure group. Imported only with import() (Recharts' chunk). */
export default function TrendCharts({ days, dailyBudget }: { days: readonly AdminTrendDay[]; dailyBudget: number | null }) {
  // The budget line only when the calls come near it: drawn far above, it would flatten the bars.
  const budgetLine = dailyBudget && Math.max(...days.map((day) => day.providerCalls)) >= dailyBudget / 2 ? dailyBudget : null
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TrendChart
        id="trend-sign-ups"
        title="Sign-ups"
        summary={countSummary(days, 'signUps', 'sign-ups')}
        days={days}
        format={count}
        series={[{ key: 'signUps', name: 'Sign-ups', color: 'var(--primary)', kind: 'bar' }]}
      />
      <TrendChart
        id="trend-alerts"
        title="Alerts created"
        summary={countSummary(days, 'alertsCreated', 'alerts created')}
        days={days}
        format={count}
        series={[{ key: 'alertsCreated', name: 'Alerts created', color: 'var(--primary)', kind: 'bar' }]}
      />
      <TrendChart
        id="trend-checks"
        title="Price checks and lag"
        summary={checksSummary(days)}
        days={days}
        format={count}
        rightFormat={formatLag}
        series={[
          { key: 'checks', name: 'Checks', color: 'var(--primary)', kind: 'bar' },
          { key: 'checkLagP95Seconds', name: 'Lag p95 (right axis)', color: 'var(--foreground)', kind: 'line', right: true },
        ]}
      />
      <TrendChart
        id="trend-drops"
        title="Price drops found"
        summary={countSummary(days, 'priceDrops', 'price drops')}
        days={days}
        format={count}
        series={[{ key: 'priceDrops', name: 'Price drops', color: 'var(--success)', kind: 'bar' }]}
      />
      <TrendChart
        id="trend-notices"
        title="Notices"
        summary={noticesSummary(days)}
        days={days}
        format={count}
        series={[
          { key: 'noticesSent', name: 'Sent', color: 'var(--success)', kind: 'bar', stack: 'notices' },
          { key: 'noticesFailed', name: 'Failed', color: 'var(--destructive)', kind: 'bar', stack: 'notices' },
        ]}
      />
      <TrendChart
        id="trend-provider"
        title="Provider calls"
        summary={`${countSummary(days, 'providerCalls', 'provider calls')}${dailyBudget ? ` Daily budget: ${count(dailyBudget)}.` : ''}`}
        days={days}
        format={count}
        reference={budgetLine ? { value: budgetLine, label: `Budget ${count(budgetLine)}` } : undefined}
        series={[{ key: 'providerCalls', name: 'Provider calls', color: 'var(--primary)', kind: 'bar' }]}
      />
      <TrendChart
        id="trend-mrr"
        title="Monthly recurring revenue"
        summary={mrrSummary(days)}
        days={days}
        format={money}
        className="md:col-span-2"
        series={[{ key: 'mrr', name: 'MRR', color: 'var(--primary)', kind: 'line' }]}
      />
    </div>
  )
}
