import type { NotificationStatus } from '#shared/notifications.ts'
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx'

const STYLE: Record<NotificationStatus, { variant: NonNullable<BadgeProps['variant']>; label: string }> = {
  pending: { variant: 'secondary', label: 'Pending' },
  sent: { variant: 'success', label: 'Sent' },
  dead: { variant: 'destructive', label: 'Dead letter' },
  skipped: { variant: 'muted', label: 'Skipped' },
  discarded: { variant: 'outline', label: 'Discarded' },
}

export function NoticeStatusBadge({ status }: { status: NotificationStatus }) {
  const { variant, label } = STYLE[status]
  return <Badge variant={variant}>{label}</Badge>
}
