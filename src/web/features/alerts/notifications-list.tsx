import { useQuery } from '@tanstack/react-query'
import { format, parseISO } from 'date-fns'
import { formatPrice } from '#shared/format.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { deliveryOf } from '../../lib/notice-delivery.ts'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { CHANNEL_LABEL } from './alert-labels.ts'
import { alertNotificationsQueryOptions, type AlertNotificationRecord } from './api.ts'

const when = (iso: string) => format(parseISO(iso), 'MMM d, HH:mm')

/** The line under a notice: when it went out (or was created), and why it was skipped or when it is tried next. */
function detailOf(notice: AlertNotificationRecord): string {
  if (notice.status === 'sent' && notice.sentAt) return `Sent ${when(notice.sentAt)}${notice.inDigest ? ' in the daily digest' : ''}`
  const parts = [when(notice.createdAt)]
  if (notice.status === 'skipped' && notice.note) parts.push(`Not sent: ${notice.note}`)
  if (notice.status === 'discarded') parts.push('Delivery failed and was not retried')
  if (notice.status === 'pending' && notice.attempts > 0 && notice.nextAttemptAt) parts.push(`Next try ${format(parseISO(notice.nextAttemptAt), 'HH:mm')}`)
  // Waiting on purpose: for the daily digest, or for the alert's quiet hours to end.
  else if (notice.status === 'pending' && notice.nextAttemptAt && notice.inDigest) parts.push(`In the daily digest of ${when(notice.nextAttemptAt)}`)
  else if (notice.status === 'pending' && notice.nextAttemptAt && Date.parse(notice.nextAttemptAt) - Date.parse(notice.createdAt) > 60_000) parts.push(`Held until ${when(notice.nextAttemptAt)}`)
  return parts.join(' · ')
}

/** The alert's notices per channel with their delivery status, loaded when the detail opens. */
export function AlertNotifications({ alertId, currency }: { alertId: string; currency: string }) {
  const query = useQuery(alertNotificationsQueryOptions(alertId))
  if (query.isPending) return <Skeleton className="h-12 w-full" />
  if (query.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        {"Couldn't load the notifications. "}
        <Button variant="link" className="h-auto p-0" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </p>
    )
  }
  return <NotificationsList notifications={query.data} currency={currency} />
}

export function NotificationsList({ notifications, currency }: { notifications: readonly AlertNotificationRecord[]; currency: string }) {
  if (notifications.length === 0) return <p className="text-sm text-muted-foreground">No notifications yet</p>
  return (
    <ul className="grid gap-2" aria-label="Notifications">
      {notifications.map((notice) => {
        const delivery = deliveryOf(notice)
        return (
          <li key={notice.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm">
            <span className="grid min-w-0 gap-0.5">
              <span className="font-medium">{`${CHANNEL_LABEL[notice.channel]} · ${formatPrice(notice.price, currency)}`}</span>
              <span className="text-xs text-muted-foreground">{detailOf(notice)}</span>
            </span>
            <Badge variant={delivery.variant}>{delivery.label}</Badge>
          </li>
        )
      })}
    </ul>
  )
}
