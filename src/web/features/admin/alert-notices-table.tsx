import type { AdminNotificationRow } from '#shared/admin.ts'
import { formatPrice } from '#shared/format.ts'
import { DataTable, type Column } from './data-table.tsx'
import { CHANNEL_LABEL } from './labels.ts'
import { NoticeStatusBadge } from './notice-status-badge.tsx'
import { EmptyState } from './query-state.tsx'
import { TimeText } from './time-text.tsx'

/** The notices one alert queued, with their delivery state. */
export function AlertNoticesTable({ notices, currency }: { notices: readonly AdminNotificationRow[]; currency: string }) {
  if (notices.length === 0) return <EmptyState title="No notices yet">Notices appear here when a check finds a price worth telling the owner about.</EmptyState>
  const columns: Column<AdminNotificationRow>[] = [
    { key: 'channel', header: 'Channel', cell: (notice) => `${CHANNEL_LABEL[notice.channel]} · ${formatPrice(notice.price, currency)}` },
    { key: 'status', header: 'Status', cell: (notice) => <NoticeStatusBadge status={notice.status} /> },
    { key: 'attempts', header: 'Attempts', cell: (notice) => notice.attempts },
    { key: 'error', header: 'Last error', cell: (notice) => <span className="break-words text-muted-foreground">{notice.lastError ?? '—'}</span> },
    { key: 'created', header: 'Created', cell: (notice) => <TimeText value={notice.createdAt} /> },
  ]
  return <DataTable label="Notices" columns={columns} rows={notices} rowKey={(notice) => notice.id} />
}
