import { AlertCircle, BellPlus, FilterX, RotateCw, Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ALERT_MESSAGES } from '#shared/alerts/alert.ts'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'

/** The list's (visually hidden) heading: where focus goes when a delete removes the focused card. */
export const ALERT_LIST_HEADING_ID = 'alert-list-heading'

function StateBox({ icon, title, role, children }: { icon: ReactNode; title: string; role?: 'alert' | 'status'; children: ReactNode }) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">{icon}</span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  )
}

/** Alerts are created from a search, so the first-run state explains that and leads there. */
export function NoAlertsYet() {
  return (
    <StateBox icon={<BellPlus aria-hidden="true" />} title="No alerts yet">
      <p className="max-w-md text-sm text-muted-foreground">
        Search for a trip, then press <strong className="font-medium text-foreground">Track this route</strong> to watch the cheapest fare, or{' '}
        <strong className="font-medium text-foreground">Track this flight</strong> to watch the flights you picked. We'll tell you when the price drops below
        your target.
      </p>
      <Button asChild>
        <Link to={PATHS.search}>
          <Search aria-hidden="true" />
          Search flights
        </Link>
      </Button>
    </StateBox>
  )
}

/** The filters hide every alert: say which, and offer the way back. */
export function NoMatchingAlerts({ active, onClear }: { active: string[]; onClear: () => void }) {
  return (
    <StateBox role="status" icon={<FilterX aria-hidden="true" />} title="No alerts match your filters">
      <p className="max-w-md text-sm text-muted-foreground">{active.length > 0 ? `Showing only: ${active.join(', ')}.` : 'Try other filters.'}</p>
      <Button onClick={onClear}>Clear filters</Button>
    </StateBox>
  )
}

export function AlertListError({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const retry = (
    <Button variant="outline" size={compact ? 'sm' : 'default'} onClick={onRetry}>
      <RotateCw aria-hidden="true" />
      Try again
    </Button>
  )
  if (compact) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
        <span className="flex items-center gap-2">
          <AlertCircle className="size-4" aria-hidden="true" />
          {ALERT_MESSAGES.fetchFailed}
        </span>
        {retry}
      </div>
    )
  }
  return (
    <StateBox role="alert" icon={<AlertCircle aria-hidden="true" />} title={ALERT_MESSAGES.fetchFailed}>
      <p className="max-w-md text-sm text-muted-foreground">Please try again in a moment. Your alerts are safe and still being checked.</p>
      {retry}
    </StateBox>
  )
}

/** Card-shaped placeholders, so the page does not jump when the list arrives. */
export function AlertListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">Loading alerts…</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5">
          <div className="flex items-start justify-between gap-4">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-56 max-w-full" />
              <Skeleton className="h-4 w-40" />
            </div>
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <div className="flex items-end justify-between gap-4">
            <div className="flex gap-6">
              {[0, 1, 2].map((j) => (
                <div key={j} className="grid gap-1.5">
                  <Skeleton className="h-3 w-12" />
                  <Skeleton className="h-5 w-16" />
                </div>
              ))}
            </div>
            <Skeleton className="hidden h-9 w-28 sm:block" />
          </div>
          <Skeleton className="h-3 w-64 max-w-full" />
        </div>
      ))}
    </div>
  )
}
