import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { adminTrendsQuery } from './api.ts'
import { QueryError } from './query-state.tsx'

// Recharts lives only in this chunk: the admin page's own chunk (and the landing page's) never carry it.
const loadCharts = () => import('./trend-charts.tsx')
const TrendCharts = lazy(loadCharts)

/** The last 30 days, a chart per figure group; the chart code downloads while the data is read. */
export function TrendSection({ dailyBudget }: { dailyBudget: number | null }) {
  const query = useQuery(adminTrendsQuery)
  useEffect(() => {
    void loadCharts()
  }, [])
  return (
    <section aria-labelledby="admin-trends-heading" className="grid gap-4">
      <div>
        <h2 id="admin-trends-heading" className="text-xl font-semibold tracking-tight">
          Last 30 days
        </h2>
        <p className="text-sm text-muted-foreground">Daily figures in UTC, today last.</p>
      </div>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <TrendCharts days={query.data.days} dailyBudget={dailyBudget} />
        </Suspense>
      ) : (
        <ChartsSkeleton />
      )}
    </section>
  )
}

function ChartsSkeleton() {
  return (
    <div role="status" aria-label="Loading the charts" className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-64 w-full rounded-xl" />
      ))}
    </div>
  )
}
