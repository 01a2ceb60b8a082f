import { useQuery } from '@tanstack/react-query'
import { ScrollText } from 'lucide-react'
import { useState } from 'react'
import { ADMIN_ACTIONS, type AdminAction } from '#shared/admin.ts'
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts'
import { adminAuditQuery } from './api.ts'
import { AuditTable } from './audit-table.tsx'
import { ACTION_LABEL } from './labels.ts'
import { EmptyState, QueryError, TableSkeleton } from './query-state.tsx'
import { SearchField } from './search-field.tsx'
import { SelectField } from './select-field.tsx'

const ACTION_OPTIONS = [{ value: '' as const, label: 'Every action' }, ...ADMIN_ACTIONS.map((action) => ({ value: action, label: ACTION_LABEL[action] }))]

/** Every admin action: who, what, which target, when, and the request id to find the log line. */
export function AuditTab() {
  const [action, setAction] = useState<AdminAction | ''>('')
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim(), 300)
  const query = useQuery(adminAuditQuery(action, q))
  const filtered = action !== '' || q !== ''
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Action" value={action} onChange={setAction} options={ACTION_OPTIONS} className="w-full sm:w-64" />
        <SearchField label="Actor or target" value={search} onChange={setSearch} placeholder="Email, alert name or id" className="w-full sm:w-72" />
      </div>
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <TableSkeleton label="Loading the audit log" />
      ) : query.data.entries.length === 0 ? (
        <EmptyState icon={ScrollText} title={filtered ? 'No entry matches these filters' : 'No admin actions yet'}>
          Every admin action (tier and role changes, disabled users, checks, retried notices, reconciliations) is recorded here with its actor and request id.
        </EmptyState>
      ) : (
        <AuditTable entries={query.data.entries} />
      )}
    </div>
  )
}
