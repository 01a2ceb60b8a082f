import { RotateCcw, Trash2 } from 'lucide-react'
import type { AdminNotificationRow } from '#shared/admin.ts'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Label } from '../../components/ui/label.tsx'
import { DataTable, type Column } from './data-table.tsx'
import { EmailText } from './email-text.tsx'
import { CHANNEL_LABEL } from './labels.ts'
import { NoticeStatusBadge } from './notice-status-badge.tsx'
import { TimeText } from './time-text.tsx'
import type { NoticeAction } from './use-notification-actions.ts'

/**
 * Notices of one status. Dead letters can be selected (for the bulk actions) and retried or
 * discarded one by one; the other statuses are for reading.
 */
export function NotificationTable({
  notices,
  selected,
  onSelect,
  onAction,
  busy,
}: {
  notices: readonly AdminNotificationRow[]
  /** Null: no selection (not dead letters). */
  selected: ReadonlySet<string> | null
  onSelect: (ids: string[], on: boolean) => void
  onAction: (id: string, action: NoticeAction) => void
  busy: boolean
}) {
  const all = selected !== null && notices.length > 0 && notices.every((notice) => selected.has(notice.id))
  const some = selected !== null && notices.some((notice) => selected.has(notice.id))
  const columns: Column<AdminNotificationRow>[] = [
    {
      key: 'notice',
      header: selected ? (
        <span className="flex items-center gap-3">
          <Checkbox
            aria-label="Select every notice shown"
            checked={all ? true : some ? 'indeterminate' : false}
            onCheckedChange={(on) => onSelect(notices.map((notice) => notice.id), on === true)}
          />
          Notice
        </span>
      ) : (
        'Notice'
      ),
      primary: true,
      cell: (notice) => (
        <div className="flex items-start gap-3">
          {selected && (
            <Checkbox
              className="mt-0.5"
              aria-label={`Select the ${CHANNEL_LABEL[notice.channel]} notice to ${notice.userEmail} (${notice.alertName})`}
              checked={selected.has(notice.id)}
              onCheckedChange={(on) => onSelect([notice.id], on === true)}
            />
          )}
          <div className="grid min-w-0 gap-0.5 md:min-w-48 md:max-w-60">
            <EmailText email={notice.userEmail} className="font-medium" />
            <span className="text-muted-foreground">{notice.alertName}</span>
          </div>
        </div>
      ),
    },
    { key: 'channel', header: 'Channel', cell: (notice) => CHANNEL_LABEL[notice.channel] },
    { key: 'status', header: 'Status', cell: (notice) => <NoticeStatusBadge status={notice.status} /> },
    { key: 'attempts', header: 'Attempts', cell: (notice) => <span className="tabular-nums">{notice.attempts}</span> },
    {
      key: 'error',
      header: 'Last error',
      cell: (notice) => <span className="line-clamp-3 break-words text-muted-foreground md:max-w-72" title={notice.lastError ?? undefined}>{notice.lastError ?? '—'}</span>,
    },
    { key: 'created', header: 'Created', cell: (notice) => <TimeText value={notice.createdAt} /> },
  ]
  if (selected) {
    columns.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      bare: true,
      cell: (notice) => (
        <div className="flex gap-1.5 md:justify-end">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onAction(notice.id, 'retry')} aria-label={`Retry the notice to ${notice.userEmail}`}>
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => onAction(notice.id, 'discard')} aria-label={`Discard the notice to ${notice.userEmail}`}>
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        </div>
      ),
    })
  }
  return (
    <div className="grid gap-3">
      {selected && (
        // On phones the table's header (and its checkbox) is hidden: the same choice, visible.
        <Label className="px-3 font-normal md:hidden">
          <Checkbox checked={all ? true : some ? 'indeterminate' : false} onCheckedChange={(on) => onSelect(notices.map((notice) => notice.id), on === true)} />
          Select all shown
        </Label>
      )}
      <DataTable label="Notices" columns={columns} rows={notices} rowKey={(notice) => notice.id} rowClassName={(notice) => (selected?.has(notice.id) ? 'bg-primary/5' : undefined)} />
    </div>
  )
}
