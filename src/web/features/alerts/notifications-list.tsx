import { format, parseISO } from 'date-fns'
import type { AlertNotificationSummary } from '#shared/alerts/alert.ts'
import { formatPrice } from '#shared/format.ts'
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx'
import { CHANNEL_LABEL } from './alert-labels.ts'

const STATUS: Record<AlertNotificationSummary['status'], { label: string; variant: NonNullable<BadgeProps['variant']> }> = {
  pending: { label: 'Sending', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Retrying', variant: 'warning' },
  dead: { label: 'Not delivered', variant: 'destructive' },
}

/** The alert's recent notifications: channel, price, when, and whether it arrived. */
export function NotificationsList({ notifications, currency }: { notifications: readonly AlertNotificationSummary[]; currency: string }) {
  if (notifications.length === 0) return <p className="text-sm text-muted-foreground">No notifications yet</p>
  return (
    <ul className="grid gap-2">
      {notifications.map((notification) => (
        <li key={notification.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm">
          <span className="grid gap-0.5">
            <span className="font-medium">
              {CHANNEL_LABEL[notification.channel]}
              {notification.price !== null && ` · ${formatPrice(notification.price, currency)}`}
            </span>
            <span className="text-xs text-muted-foreground">{format(parseISO(notification.sent_at ?? notification.created_at), 'MMM d, HH:mm')}</span>
          </span>
          <Badge variant={STATUS[notification.status].variant}>{STATUS[notification.status].label}</Badge>
        </li>
      ))}
    </ul>
  )
}
