import { useEffect } from 'react'
import type { Alert } from '#shared/alerts/alert.ts'
import { ApiError } from '../../lib/api-client.ts'
import { readSavedForOffline, saveForOffline, type SavedForOffline } from '../../lib/offline-data.ts'
import type { AlertListFilters } from '../../stores/alert-store.ts'

/**
 * The alert list kept on this device for offline use (decision 035): the last list the server sent
 * this user, with the filters it was asked for and when it arrived. One per user (the key names
 * them); forgotten with all offline data when the session ends (features/pwa/offline-session.ts).
 */
export interface SavedAlertList {
  filters: AlertListFilters
  alerts: Alert[]
}

/** Bumped when Alert changes shape: a list saved by an older version is then ignored, not misread. */
const SAVED_LIST_VERSION = 1
const savedListName = (userId: string) => `alerts:v${SAVED_LIST_VERSION}:${userId}`

function isSavedAlertList(value: unknown): value is SavedAlertList {
  const list = value as Partial<SavedAlertList> | null
  return (
    typeof list?.filters === 'object' &&
    list.filters !== null &&
    Array.isArray(list.alerts) &&
    list.alerts.every((alert: Partial<Alert> | null) => typeof alert?.id === 'string' && Array.isArray(alert.prices))
  )
}

export function readSavedAlertList(userId: string): SavedForOffline<SavedAlertList> | null {
  return readSavedForOffline(savedListName(userId), isSavedAlertList)
}

/**
 * Saves each list the server answers for `filters` (not the previous list kept on screen while the
 * next one loads), dated with its arrival: what an offline visit shows, and how old it says it is.
 */
export function useSaveAlertListForOffline(
  userId: string | undefined,
  filters: AlertListFilters,
  list: { data: Alert[] | undefined; dataUpdatedAt: number; isPlaceholderData: boolean },
): void {
  const { data, dataUpdatedAt, isPlaceholderData } = list
  useEffect(() => {
    if (userId && data && !isPlaceholderData) saveForOffline(savedListName(userId), { filters, alerts: data } satisfies SavedAlertList, dataUpdatedAt)
  }, [userId, filters, data, dataUpdatedAt, isPlaceholderData])
}

/** Offline: no network, or the list's last call never reached the server (a refused call is an answer, not offline). */
export function isOfflineFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0
}

/** "14:32" today, else "Mar 3, 14:32" (in the reader's locale). */
export function savedAtText(savedAt: number, now: number): string {
  const saved = new Date(savedAt)
  const sameDay = saved.toDateString() === new Date(now).toDateString()
  return new Intl.DateTimeFormat(undefined, sameDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(saved)
}
