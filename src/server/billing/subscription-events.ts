import { ENTITLING_STATUSES, type BillingEventKind } from '#shared/billing.ts'

export interface SubscriptionState {
  priceId: string | null
  status: string
  currentPeriodStart: Date | null
  cancelAtPeriodEnd: boolean
}

const live = (status: string) => (ENTITLING_STATUSES as readonly string[]).includes(status)
const NEVER_PAID = new Set(['incomplete', 'incomplete_expired'])

/**
 * What changed between two states of one subscription, as billing-history events. It compares
 * states, not the webhook events that reported them, so a duplicate or stale delivery that
 * changes nothing records nothing.
 */
export function subscriptionEvents(before: SubscriptionState | null, after: SubscriptionState): BillingEventKind[] {
  if (!before || !live(before.status)) {
    if (!live(after.status)) return []
    return !before || NEVER_PAID.has(before.status) ? ['subscription_started'] : ['payment_recovered']
  }
  if (!live(after.status)) return ['subscription_ended']

  const events: BillingEventKind[] = []
  if (before.status !== 'past_due' && after.status === 'past_due') events.push('payment_failed')
  if (before.status === 'past_due' && after.status !== 'past_due') events.push('payment_recovered')
  const switched = before.priceId !== after.priceId
  if (switched) events.push('plan_switched')
  if (!before.cancelAtPeriodEnd && after.cancelAtPeriodEnd) events.push('cancel_scheduled')
  if (before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd) events.push('reactivated')
  const newPeriod =
    before.currentPeriodStart && after.currentPeriodStart && after.currentPeriodStart.getTime() > before.currentPeriodStart.getTime()
  if (newPeriod && !switched && after.status !== 'past_due') events.push('renewed')
  return events
}
