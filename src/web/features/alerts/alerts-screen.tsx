import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { alertListQuerySchema } from '#shared/alerts/alert.ts'
import { useSearchParams } from 'react-router'
import { useOnline } from '../../components/role-gate.tsx'
import { useAuth } from '../../hooks/use-auth.ts'
import { useNow } from '../../hooks/use-now.ts'
import { useAlertStore } from '../../stores/alert-store.ts'
import { PushPrompt } from '../notifications/index.ts'
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts'
import { AlertDetailSheet } from './alert-detail-sheet.tsx'
import { AlertFiltersBar } from './alert-filters-bar.tsx'
import { AlertList } from './alert-list.tsx'
import { localDateOf } from './alert-labels.ts'
import { AlertsHeader } from './alerts-header.tsx'
import { alertDetailQueryOptions, alertListQueryOptions } from './api.ts'
import { CreateAlertDialog } from './create-alert-dialog.tsx'
import { EditAlertDialog } from './edit-alert-dialog.tsx'
import { isOfflineFailure, useSaveAlertListForOffline } from './offline-alerts.ts'
import { OfflineAlertsScreen } from './offline-alerts-screen.tsx'

/** Typing in the search box asks the server once the typing pauses. */
const SEARCH_DEBOUNCE_MS = 300

/**
 * /alerts: header with the quota, filters, the list, and the three overlays. Creation and detail
 * live in the URL (?create=1 from the search page's Track buttons, ?alert=<id> for a linkable
 * detail); the edit modal's id lives in the alert store. Each list that arrives is saved on the
 * device; offline, the last one shows instead, read-only (decision 035).
 */
export function AlertsScreen() {
  const [searchParams, setSearchParams] = useSearchParams()
  const now = useNow(true, 60_000)
  const today = localDateOf(now)
  const stored = useAlertStore((state) => state.filters)
  const searchQuery = useDebouncedValue(stored.searchQuery, SEARCH_DEBOUNCE_MS)
  const filters = useMemo(() => ({ ...stored, searchQuery }), [stored, searchQuery])
  const editingId = useAlertStore((state) => state.editingId)
  const detailId = searchParams.get('alert')
  const userId = useAuth().user?.id
  // "3 alerts" on a client (/clients) links here with ?client=<id>: that client's alerts, every status.
  const clientParam = searchParams.get('client')
  useEffect(() => {
    if (clientParam === null) return
    const parsed = alertListQuerySchema.shape.client.safeParse(clientParam)
    if (parsed.success && parsed.data) useAlertStore.getState().setFilters({ client: parsed.data, status: 'all' })
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('client')
        return next
      },
      { replace: true },
    )
  }, [clientParam, setSearchParams])

  // The alert being edited, from the list on screen or the open detail (both already loaded).
  const list = useQuery(alertListQueryOptions(filters))
  const detail = useQuery({ ...alertDetailQueryOptions(detailId ?? editingId ?? ''), enabled: false })
  const editing = editingId ? (list.data?.find((alert) => alert.id === editingId) ?? (detail.data?.id === editingId ? detail.data : null)) : null
  useSaveAlertListForOffline(userId, filters, list)
  const online = useOnline()

  if (!online) return <OfflineAlertsScreen reason="offline" userId={userId} now={now} today={today} />
  if (isOfflineFailure(list.failureReason)) return <OfflineAlertsScreen reason="unreachable" userId={userId} now={now} today={today} />

  const dropParam = (name: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(name)
        return next
      },
      { replace: true, preventScrollReset: true },
    )

  return (
    <div className="grid gap-6">
      <AlertsHeader />
      <PushPrompt alerts={list.data} />
      <AlertFiltersBar />
      <AlertList filters={filters} now={now} today={today} />
      <CreateAlertDialog
        open={searchParams.get('create') === '1'}
        onClose={() => {
          useAlertStore.getState().closeCreate()
          dropParam('create')
        }}
      />
      <EditAlertDialog alert={editing} onClose={() => useAlertStore.getState().closeEdit()} />
      <AlertDetailSheet id={detailId} now={now} today={today} onClose={() => dropParam('alert')} onEdit={(id) => useAlertStore.getState().startEdit(id)} />
    </div>
  )
}
