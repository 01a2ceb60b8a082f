import type { PeriodicTask } from '../jobs/periodic-tasks.ts'
import type { BillingDeps } from './billing-deps.ts'
import { renewLocalSubscriptions } from './local/renew-local-subscriptions.ts'
import { reconcileBilling } from './reconcile-billing.ts'

/**
 * The worker's billing duties: the local test mode's due renewals every minute (its periods end on
 * the server's clock) and, daily, the reconciliation that repairs drift (security target P5).
 */
export function billingTasks(deps: BillingDeps): PeriodicTask[] {
  return [
    ...(deps.billing.stripe ? [] : [{ name: 'billing-renewals', everyMs: 60_000, run: () => renewLocalSubscriptions(deps) }]),
    { name: 'billing-reconciliation', everyMs: 24 * 3_600_000, run: () => reconcileBilling(deps) },
  ]
}
