/** Alert statuses and the labels users see (product spec section 4 "Alert status"). */
export const ALERT_STATUSES = ['active', 'paused', 'triggered', 'at_risk', 'archived_not_found', 'disabled', 'expired'] as const
export type AlertStatus = (typeof ALERT_STATUSES)[number]

export const ALERT_STATUS_LABEL: Record<AlertStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  triggered: 'Price Alert!',
  at_risk: 'At Risk',
  archived_not_found: 'Archived',
  disabled: 'Disabled',
  expired: 'Expired',
}
