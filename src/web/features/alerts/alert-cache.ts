import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { Alert, AlertDetail } from '#shared/alerts/alert.ts'
import { alertQueryKeys } from './quota.ts'

/**
 * Optimistic edits of the cached alert lists. Rollbacks touch only the alert that failed, so two
 * actions in flight (pause one alert, delete another) never undo each other.
 */

export function findCachedAlert(queryClient: QueryClient, id: string): Alert | undefined {
  for (const [, alerts] of queryClient.getQueriesData<Alert[]>({ queryKey: alertQueryKeys.lists() })) {
    const found = alerts?.find((alert) => alert.id === id)
    if (found) return found
  }
  return queryClient.getQueryData<AlertDetail>(alertQueryKeys.detail(id))
}

/** Applies `change` to the alert in every list and in its detail. */
export function patchCachedAlert(queryClient: QueryClient, id: string, change: (alert: Alert) => Alert) {
  queryClient.setQueriesData<Alert[]>({ queryKey: alertQueryKeys.lists() }, (alerts) => alerts?.map((alert) => (alert.id === id ? change(alert) : alert)))
  queryClient.setQueryData<AlertDetail>(alertQueryKeys.detail(id), (detail) => (detail ? { ...detail, ...change(detail) } : detail))
}

export interface RemovedAlert {
  queryKey: QueryKey
  index: number
  alert: Alert
}

/** Takes the alert out of every list; returns where it was, for `restoreAlerts`. */
export function removeCachedAlert(queryClient: QueryClient, id: string): RemovedAlert[] {
  const removed: RemovedAlert[] = []
  for (const [queryKey, alerts] of queryClient.getQueriesData<Alert[]>({ queryKey: alertQueryKeys.lists() })) {
    const index = alerts?.findIndex((alert) => alert.id === id) ?? -1
    if (!alerts || index < 0) continue
    removed.push({ queryKey, index, alert: alerts[index]! })
    queryClient.setQueryData<Alert[]>(queryKey, alerts.filter((alert) => alert.id !== id))
  }
  return removed
}

/** Puts removed alerts back where they were (unless a refetch already brought them back). */
export function restoreAlerts(queryClient: QueryClient, removed: RemovedAlert[]) {
  for (const { queryKey, index, alert } of removed) {
    queryClient.setQueryData<Alert[]>(queryKey, (alerts = []) => {
      if (alerts.some((item) => item.id === alert.id)) return alerts
      return [...alerts.slice(0, index), alert, ...alerts.slice(index)]
    })
  }
}
