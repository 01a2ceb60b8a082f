import { useQuery } from '@tanstack/react-query'
import { ALERT_STATUS_LABEL } from '#shared/alert-status.ts'
import { QUOTA_STATUSES } from '#shared/alerts/alert-rules.ts'
import { cn } from '../../lib/cn.ts'
import { useAlertStore, type AlertListFilters } from '../../stores/alert-store.ts'
import { AlertCard } from './alert-card.tsx'
import { ALERT_LIST_HEADING_ID, AlertListError, AlertListSkeleton, NoAlertsYet, NoMatchingAlerts } from './alert-list-states.tsx'
import { alertListQueryOptions, quotaQueryOptions } from './api.ts'

/** The filters that narrow the list, in words ("Active", "Flight alerts", "“lisbon”"). */
function activeFilterWords(filters: AlertListFilters): string[] {
  return [
    filters.status !== 'all' && ALERT_STATUS_LABEL[filters.status],
    filters.alertType !== 'all' && (filters.alertType === 'flight' ? 'Flight alerts' : 'Route alerts'),
    filters.searchQuery.trim() && `“${filters.searchQuery.trim()}”`,
  ].filter((word): word is string => Boolean(word))
}

/**
 * The alert cards for the current filters, with loading, failure and the two empty states: no
 * alerts at all (explain, lead to /search) and filters hiding everything (clear them).
 */
export function AlertList({ filters, now, today }: { filters: AlertListFilters; now: number; today: string }) {
  const query = useQuery(alertListQueryOptions(filters))
  const quota = useQuery(quotaQueryOptions)
  const setFilters = useAlertStore((state) => state.setFilters)

  if (query.isPending) return <AlertListSkeleton />
  if (!query.data) return <AlertListError onRetry={() => void query.refetch()} />

  const alerts = query.data
  const narrowed = activeFilterWords(filters)
  if (alerts.length === 0 && !query.isPlaceholderData) {
    // The quota counts every active, paused, triggered and at-risk alert: when it is 0, a filter on one of those hides nothing.
    const noneCounted = quota.data?.used === 0 && filters.alertType === 'all' && !filters.searchQuery.trim() && (QUOTA_STATUSES as readonly string[]).includes(filters.status)
    if (narrowed.length === 0 || noneCounted) return <NoAlertsYet />
    // Clearing shows every status too: "Active" is the default, and someone whose alerts are all paused needs to see them.
    return <NoMatchingAlerts active={narrowed} onClear={() => setFilters({ status: 'all', alertType: 'all', searchQuery: '' })} />
  }

  return (
    <div className="grid gap-3">
      {query.isError && <AlertListError compact onRetry={() => void query.refetch()} />}
      {/* Where focus goes when a delete removes the focused card (see DeleteAlertDialog). */}
      <h2 id={ALERT_LIST_HEADING_ID} tabIndex={-1} className="sr-only">
        Alerts
      </h2>
      <p className="sr-only" role="status">
        {`${alerts.length} ${alerts.length === 1 ? 'alert' : 'alerts'}`}
      </p>
      <ul aria-labelledby={ALERT_LIST_HEADING_ID} aria-busy={query.isPlaceholderData || undefined} className={cn('grid gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
        {alerts.map((alert) => (
          <li key={alert.id}>
            <AlertCard alert={alert} now={now} today={today} />
          </li>
        ))}
      </ul>
    </div>
  )
}
