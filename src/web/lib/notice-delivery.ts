import type { BadgeProps } from '../components/ui/badge.tsx'
import type { AlertNotificationRecord } from '#shared/alerts/alert.ts'

type Delivery = { label: string; variant: NonNullable<BadgeProps['variant']> }

/** What became of a notice: pending splits into Pending (not tried yet) and Retrying; dead is Failed. */
export function deliveryOf(notice: Pick<AlertNotificationRecord, 'status' | 'attempts'>): Delivery {
  switch (notice.status) {
    case 'sent':
      return { label: 'Sent', variant: 'success' }
    case 'dead':
      return { label: 'Failed', variant: 'destructive' }
    case 'skipped':
      return { label: 'Skipped', variant: 'muted' }
    case 'discarded':
      return { label: 'Not sent', variant: 'muted' }
    default:
      return notice.attempts > 0 ? { label: 'Retrying', variant: 'warning' } : { label: 'Pending', variant: 'secondary' }
  }
}
