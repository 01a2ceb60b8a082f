import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { AdminAction } from '#shared/admin.ts'
import type { AlertStatus } from '#shared/alert-status.ts'
import type { NotificationStatus } from '#shared/notifications.ts'
import { api } from '../../lib/api-client.ts'

/** The admin console's reads (GET /api/admin/...), one query each; every key starts with 'admin'. */

/** A query string without the empty parameters. */
function queryString(values: Record<string, string | undefined>): URLSearchParams {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value) search.set(key, value)
  return search
}

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  trends: ['admin', 'trends'] as const,
  users: ['admin', 'users'] as const,
  alerts: ['admin', 'alerts'] as const,
  alert: (id: string) => ['admin', 'alert', id] as const,
  notifications: ['admin', 'notifications'] as const,
  billing: ['admin', 'billing'] as const,
  audit: ['admin', 'audit'] as const,
}

export const adminOverviewQuery = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: ({ signal }) => api('GET /api/admin/overview', { signal }),
})

export const adminTrendsQuery = queryOptions({
  queryKey: adminKeys.trends,
  queryFn: ({ signal }) => api('GET /api/admin/trends', { signal }),
  staleTime: 5 * 60_000,
})

export const adminUsersQuery = (q: string) =>
  queryOptions({
    queryKey: [...adminKeys.users, q],
    queryFn: ({ signal }) => api('GET /api/admin/users', { signal, query: queryString({ q }) }),
    // The table stays while the next search runs, instead of flashing back to skeletons per keystroke.
    placeholderData: keepPreviousData,
  })

export const adminAlertsQuery = (q: string, status: AlertStatus | '') =>
  queryOptions({
    queryKey: [...adminKeys.alerts, q, status],
    queryFn: ({ signal }) => api('GET /api/admin/alerts', { signal, query: queryString({ q, status }) }),
    placeholderData: keepPreviousData,
  })

export const adminAlertQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.alert(id),
    queryFn: ({ signal }) => api('GET /api/admin/alerts/:id', { signal, params: { id } }),
  })

export const adminNotificationsQuery = (status: NotificationStatus) =>
  queryOptions({
    queryKey: [...adminKeys.notifications, status],
    queryFn: ({ signal }) => api('GET /api/admin/notifications', { signal, query: queryString({ status }) }),
  })

export const adminBillingQuery = queryOptions({
  queryKey: adminKeys.billing,
  queryFn: ({ signal }) => api('GET /api/admin/billing', { signal }),
})

export const adminAuditQuery = (action: AdminAction | '', q: string) =>
  queryOptions({
    queryKey: [...adminKeys.audit, action, q],
    queryFn: ({ signal }) => api('GET /api/admin/audit', { signal, query: queryString({ action, q }) }),
    placeholderData: keepPreviousData,
  })

/** After an action: the lists it changes, the overview's counts and the audit log it wrote to. */
export function refreshAfterAction(queryClient: QueryClient, keys: readonly (readonly string[])[]) {
  for (const queryKey of [...keys, adminKeys.overview, adminKeys.audit]) void queryClient.invalidateQueries({ queryKey })
}
