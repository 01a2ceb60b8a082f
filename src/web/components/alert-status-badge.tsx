import { BellRing } from 'lucide-react'
import { ALERT_STATUS_LABEL, type AlertStatus } from '#shared/alert-status.ts'
import { Badge, type BadgeProps } from './ui/badge.tsx'

/** Badge colour per alert status. Every pairing keeps text at WCAG AA (4.5:1) in light and dark themes. */
const STATUS_VARIANT: Record<AlertStatus, NonNullable<BadgeProps['variant']>> = {
  active: 'success',
  paused: 'secondary',
  triggered: 'default',
  at_risk: 'warning',
  archived_not_found: 'muted',
  disabled: 'destructive',
  expired: 'outline',
}

interface AlertStatusBadgeProps {
  status: AlertStatus
  className?: string
}

/** The status pill shown on alert cards and tables, with the label users see in the spec. */
export function AlertStatusBadge({ status, className }: AlertStatusBadgeProps) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-status={status} className={className}>
      {status === 'triggered' && <BellRing aria-hidden="true" />}
      {ALERT_STATUS_LABEL[status]}
    </Badge>
  )
}
