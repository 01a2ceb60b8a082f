import type { AdminAuditEntry } from '#shared/admin.ts'
import { Link } from 'react-router'
import { compactValue, keyLabel } from './compact-value.ts'
import { DataTable, type Column } from './data-table.tsx'
import { ACTION_LABEL, statusText } from './labels.ts'
import { TimeText } from './time-text.tsx'

function detailText(detail: Record<string, unknown>): string {
  const entries = Object.entries(detail)
  return entries.length === 0 ? '—' : entries.map(([key, value]) => `${keyLabel(key)}: ${compactValue(value)}`).join(' · ')
}

/** Who did what to what, newest first. */
export function AuditTable({ entries }: { entries: readonly AdminAuditEntry[] }) {
  const columns: Column<AdminAuditEntry>[] = [
    {
      key: 'action',
      header: 'Action',
      primary: true,
      cell: (entry) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{ACTION_LABEL[entry.action] ?? entry.action}</span>
          <span className="font-mono text-xs text-muted-foreground">{entry.action}</span>
        </div>
      ),
    },
    { key: 'at', header: 'Time', cell: (entry) => <TimeText value={entry.at} /> },
    { key: 'actor', header: 'Actor', cell: (entry) => <span className="wrap-break-word md:whitespace-nowrap">{entry.actorEmail}</span> },
    { key: 'target', header: 'Target', cell: (entry) => <AuditTarget entry={entry} /> },
    {
      key: 'detail',
      header: 'Detail',
      cell: (entry) => {
        const text = detailText(entry.detail)
        return (
          <span className="line-clamp-3 break-words text-muted-foreground md:min-w-48 md:max-w-72" title={text}>
            {text}
          </span>
        )
      },
    },
    {
      key: 'request',
      header: 'Request id',
      cell: (entry) => <code className="font-mono text-xs break-all md:inline-block md:min-w-36">{entry.requestId ?? '—'}</code>,
    },
  ]
  return <DataTable label="Audit log" columns={columns} rows={entries} rowKey={(entry) => entry.id} />
}

/** What was acted on: its label then (or a short id); an alert links to its detail. */
function AuditTarget({ entry }: { entry: AdminAuditEntry }) {
  const { targetId: id, targetLabel, targetType } = entry
  const label = targetLabel ?? (id ? `${id.length > 12 ? `${id.slice(0, 8)}…` : id}` : '—')
  return (
    <div className="grid gap-0.5">
      {targetType === 'alert' && id ? (
        <Link to={`?tab=alerts&alert=${encodeURIComponent(id)}`} title={id} className="wrap-break-word text-primary underline-offset-4 hover:underline">
          {label}
        </Link>
      ) : (
        <span title={id ?? undefined} className="wrap-break-word">
          {label}
        </span>
      )}
      <span className="text-xs text-muted-foreground">{statusText(targetType)}</span>
    </div>
  )
}
