import { PREMIUM_REASON_LABEL, type PremiumReason } from '#shared/alerts/alert-rules.ts'
import { ALERT_MESSAGES } from '#shared/alerts/alert.ts'
import { getPlan, type PlanId } from '#shared/plans.ts'
import { AppError } from '../lib/app-error.ts'

/** The alert refusals every operation shares, with the messages the web app shows. */

/** Another user's alert, a deleted one and a malformed id all read the same: no such alert. */
export const alertNotFound = () => new AppError('not_found', ALERT_MESSAGES.notFound)

export const alertNotEditable = () => new AppError('conflict', ALERT_MESSAGES.notEditable)

/** 403 naming what to upgrade for ("Upgrade to use: SMS notifications."), reasons in the body. */
export function premiumRequired(plan: PlanId, reasons: readonly PremiumReason[], action: 'add another' | 'resume this one' = 'add another'): AppError {
  const { name, limits } = getPlan(plan)
  const parts: string[] = []
  const features = reasons.filter((reason) => reason !== 'quota_exceeded')
  if (features.length > 0) parts.push(`Upgrade to use: ${features.map((reason) => PREMIUM_REASON_LABEL[reason]).join(', ')}.`)
  if (reasons.includes('quota_exceeded')) {
    parts.push(`Alert quota exceeded: the ${name} plan allows ${limits.maxAlerts} alerts. Upgrade or delete an alert to ${action}.`)
  }
  return new AppError('forbidden', parts.join(' '), { premiumReasons: reasons })
}
