import { Archive, Ban, BellRing, CalendarX, CircleCheck, CirclePause, TriangleAlert, type LucideIcon } from 'lucide-react'
import { ALERT_STATUS_LABEL, type AlertStatus } from '#shared/alert-status.ts'
import { cn } from '../lib/cn.ts'
import { Badge, type BadgeProps } from './ui/badge.tsx'

/**
 * Badge colour and icon per alert status. Every pairing keeps text at WCAG AA (4.5:1) in light and
 * dark themes, and each status has its own icon, so colour is never the only cue (WCAG 1.4.1).
 */
const STATUS_STYLE: Record<AlertStatus, { variant: NonNullable<BadgeProps['variant']>; icon: LucideIcon; className?: string }> = {
  active: { variant: 'success', icon: CircleCheck },
  paused: { variant: 'secondary', icon: CirclePause, className: 'border-border' },
  triggered: { variant: 'default', icon: BellRing },
  at_risk: { variant: 'warning', icon: TriangleAlert },
  archived_not_found: { variant: 'muted', icon: Archive, className: 'border-dashed border-muted-foreground/40' },
  disabled: { variant: 'destructive', icon: Ban },
  expired: { variant: 'outline', icon: CalendarX },
}

interface AlertStatusBadgeProps {
  status: AlertStatus
  className?: string
}

/** The status pill shown on alert cards and tables, with the label users see in the spec. */
export function AlertStatusBadge({ status, className }: AlertStatusBadgeProps) {
  const { variant, icon: Icon, className: tone } = STATUS_STYLE[status]
  return (
    <Badge variant={variant} data-status={status} className={cn(tone, className)}>
      <Icon aria-hidden="true" />
      {ALERT_STATUS_LABEL[status]}
    </Badge>
  )
}
