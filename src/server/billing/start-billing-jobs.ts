import { claimScheduledRun } from '../jobs/scheduled-task.ts'
import type { BillingDeps } from './billing-deps.ts'
import { renewLocalSubscriptions } from './local/renew-local-subscriptions.ts'
import { reconcileBilling } from './reconcile-billing.ts'

const TICK_MS = 60_000
const RECONCILE_EVERY_MS = 24 * 3_600_000

export interface BillingJobs {
  stop(): Promise<void>
}

/**
 * The worker's billing duties: every minute the local test mode's due renewals (its periods end on
 * the server's clock), and once a day, across all worker processes, the reconciliation that
 * repairs drift (security target P5).
 */
export function startBillingJobs(deps: BillingDeps): BillingJobs {
  let running: Promise<void> = Promise.resolve()
  const tick = async () => {
    if (!deps.billing.stripe) await renewLocalSubscriptions(deps)
    if (await claimScheduledRun(deps.db, 'billing-reconciliation', RECONCILE_EVERY_MS, deps.now())) {
      const report = await reconcileBilling(deps)
      deps.logger.info({ report }, 'billing reconciliation done')
    }
  }
  const timer = setInterval(() => {
    running = running.then(tick).catch((err: unknown) => deps.logger.error({ err }, 'billing job failed; it runs again next minute'))
  }, TICK_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
