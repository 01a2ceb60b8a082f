import { startPollingLoop, type PollingLoop } from '../jobs/polling-loop.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import { runPriceChecks } from './run-price-checks.ts'

/**
 * The price checks of a worker (in the web process on PGlite, `npm run worker` on PostgreSQL): a
 * cycle every PRICE_CHECK_POLL_MS, at once again after a full batch unless a provider limit holds
 * alerts back. Stopping finishes the cycle in flight; groups it had not started go back to the
 * queue. The first cycle comes within a second of start.
 */
export function startPriceChecks(deps: PriceCheckDeps): PollingLoop {
  return startPollingLoop({
    pollMs: deps.config.pollMs,
    firstDelayMs: Math.min(deps.config.pollMs, 1_000),
    logger: deps.logger,
    failureMessage: 'price-check cycle failed; its alerts are checked again when their lease ends',
    cycle: async (signal) => {
      const report = await runPriceChecks(deps, { signal })
      return { again: report.full && !report.deferredUntil }
    },
  })
}
