import { useQuery } from '@tanstack/react-query'
import { BellOff } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { ALERT_STATUSES, ALERT_STATUS_LABEL, type AlertStatus } from '#shared/alert-status.ts'
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts'
import { AdminAlertSheet } from './admin-alert-sheet.tsx'
import { AlertTable } from './alert-table.tsx'
import { adminAlertsQuery } from './api.ts'
import { EmptyState, QueryError, TableSkeleton } from './query-state.tsx'
import { SearchField } from './search-field.tsx'
import { SelectField } from './select-field.tsx'

const STATUS_OPTIONS = [{ value: '' as const, label: 'Every status' }, ...ALERT_STATUSES.map((status) => ({ value: status, label: ALERT_STATUS_LABEL[status] }))]

/** Every user's alerts, searchable; `?alert=<id>` opens one (so the link can be shared). */
export function AlertsTab() {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<AlertStatus | ''>('')
  const q = useDebouncedValue(search.trim(), 300)
  const query = useQuery(adminAlertsQuery(q, status))
  const [params, setParams] = useSearchParams()
  const openId = params.get('alert')
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (id) next.set('alert', id)
        else next.delete('alert')
        return next
      },
      { preventScrollReset: true },
    )

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField label="Search alerts" value={search} onChange={setSearch} placeholder="Name, owner email or airport (JFK)" className="w-full sm:w-80" />
        <SelectField label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} className="w-full sm:w-48" />
        {query.data && (
          <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
            {query.data.alerts.length === 1 ? '1 alert' : `${query.data.alerts.length} alerts`}
          </p>
        )}
      </div>
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <TableSkeleton label="Loading alerts" />
      ) : query.data.alerts.length === 0 ? (
        <EmptyState icon={BellOff} title={q || status ? 'No alert matches these filters' : 'No alerts yet'}>
          {q || status ? 'Search by the alert name, the owner’s email or an airport code, or choose another status.' : 'Alerts appear here as users create them.'}
        </EmptyState>
      ) : (
        <AlertTable alerts={query.data.alerts} onOpen={setOpen} />
      )}
      <AdminAlertSheet id={openId} onClose={() => setOpen(null)} />
    </div>
  )
}
