import { useQuery } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { NOTIFICATION_STATUSES, type NotificationStatus } from '#shared/notifications.ts'
import { Notice } from '../../components/notice.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { adminNotificationsQuery } from './api.ts'
import { BulkNoticeActions } from './bulk-notice-actions.tsx'
import { NOTIFICATION_STATUS_LABEL } from './labels.ts'
import { NotificationTable } from './notification-table.tsx'
import { EmptyState, QueryError, TableSkeleton } from './query-state.tsx'
import { SelectField } from './select-field.tsx'
import { noticeOutcome, useNotificationAction, type NoticeAction, type NoticeTarget } from './use-notification-actions.ts'

const STATUS_OPTIONS = NOTIFICATION_STATUSES.map((status) => ({ value: status, label: NOTIFICATION_STATUS_LABEL[status] }))

const EMPTY: Record<NotificationStatus, [string, string]> = {
  dead: ['No dead letters', 'Notices that failed for good land here with their last error, to retry or discard.'],
  pending: ['Nothing waiting to send', 'Notices queued or waiting for a retry appear here.'],
  sent: ['No notices sent yet', 'Delivered notices appear here.'],
  skipped: ['No skipped notices', 'Notices the dispatcher dropped at send time (alert paused, channel off, plan changed) appear here.'],
  discarded: ['No discarded notices', 'Dead letters an admin discarded appear here.'],
}

/** Notices by delivery status; dead letters can be retried or discarded, one by one or in bulk. */
export function NotificationsTab() {
  const [status, setStatus] = useState<NotificationStatus>('dead')
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const query = useQuery(adminNotificationsQuery(status))
  const action = useNotificationAction()
  const run = (kind: NoticeAction, target: NoticeTarget) =>
    action.mutateAsync({ action: kind, target }).then(() => setSelected(new Set()))
  const notices = query.data?.notifications ?? []
  const dead = status === 'dead'

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Status"
          value={status}
          onChange={(next) => {
            setStatus(next)
            setSelected(new Set())
            action.reset()
          }}
          options={STATUS_OPTIONS}
          className="w-full sm:w-56"
        />
        {dead && query.data && <BulkNoticeActions selected={[...selected]} hasDead={notices.length > 0} busy={action.isPending} onRun={run} />}
      </div>
      {action.isSuccess && (
        <Notice tone="success" icon={MailCheck}>
          {noticeOutcome(action.data)}
        </Notice>
      )}
      {action.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(action.error)}
        </p>
      )}
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <TableSkeleton label="Loading notices" />
      ) : notices.length === 0 ? (
        <EmptyState title={EMPTY[status][0]}>{EMPTY[status][1]}</EmptyState>
      ) : (
        <NotificationTable
          notices={notices}
          selected={dead ? selected : null}
          busy={action.isPending}
          onSelect={(ids, on) =>
            setSelected((current) => {
              const next = new Set(current)
              for (const id of ids) {
                if (on) next.add(id)
                else next.delete(id)
              }
              return next
            })
          }
          onAction={(id, kind) => void run(kind, { ids: [id] }).catch(() => {})}
        />
      )}
    </div>
  )
}
