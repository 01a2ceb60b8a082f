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

/**
 * Alerts still being watched. The list's default "Active" filter and the Alerts badge count these,
 * so a "Price Alert!" or "At Risk" alert, the ones that most need a look, never drop out of view
 * (decision 012).
 */
export const LIVE_ALERT_STATUSES = ['active', 'triggered', 'at_risk'] as const satisfies readonly AlertStatus[]
