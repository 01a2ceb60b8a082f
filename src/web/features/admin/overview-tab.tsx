import { useQuery } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { adminOverviewQuery } from './api.ts'
import { OverviewStats } from './overview-stats.tsx'
import { QueryError } from './query-state.tsx'
import { StatCardSkeleton } from './stat-card.tsx'
import { TimeText } from './time-text.tsx'
import { TrendSection } from './trend-section.tsx'

/** The numbers first (one quick read), then the 30-day charts from their own read and chunk. */
export function OverviewTab() {
  const query = useQuery(adminOverviewQuery)
  return (
    <div className="grid gap-8">
      <section aria-labelledby="admin-figures-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="admin-figures-heading" className="text-xl font-semibold tracking-tight">
              Right now
            </h2>
            <p className="text-sm text-muted-foreground">
              {query.data ? (
                <>
                  Figures as of <TimeText value={query.data.overview.generatedAt} />
                </>
              ) : (
                'Users, alerts, checks, notices, provider use and revenue.'
              )}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching} disabled={query.isPending}>
            {!query.isFetching && <RefreshCw aria-hidden="true" />}
            Refresh
          </Button>
        </div>
        {query.isError && !query.data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data ? (
          <OverviewStats overview={query.data.overview} />
        ) : (
          <div role="status" aria-label="Loading the figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <StatCardSkeleton key={index} />
            ))}
          </div>
        )}
      </section>
      <TrendSection dailyBudget={query.data?.overview.provider.dailyBudget ?? null} />
    </div>
  )
}
