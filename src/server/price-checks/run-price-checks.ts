import { randomUUID } from 'node:crypto'
import { checkClaimedAlerts, type CheckReport } from './check-claimed-alerts.ts'
import { claimDueAlerts } from './claim-due-alerts.ts'
import type { PriceCheckDeps } from './price-check-config.ts'

export interface CycleReport extends Omit<CheckReport, 'checks'> {
  claimed: number
  /** The batch was full: more alerts are probably due, so the loop goes again at once. */
  full: boolean
  /** Per alert: how late the check started against its due time (benchmarks: p95 lag). */
  lagMs: number[]
}

/** Margin kept between the last group started and the lease's end, on top of a call's timeout. */
const LEASE_MARGIN_MS = 15_000

/**
 * One worker cycle: claim a batch of due alerts → group identical searches → observe (reuse or one
 * provider call per group) → evaluate → write. The lease owner is unique to this cycle, so only
 * this cycle's write can land. Groups still waiting when the lease nears its end (slow provider)
 * or when `signal` aborts (shutdown) go back to the queue unchecked.
 */
export async function runPriceChecks(deps: PriceCheckDeps, options: { signal?: AbortSignal } = {}): Promise<CycleReport> {
  const { config } = deps
  const owner = `${config.workerId}:${randomUUID()}`
  const now = deps.now()
  const claimed = await claimDueAlerts(deps.db, { owner, now, leaseMs: config.leaseMs, limit: config.batchSize })
  const lagMs = claimed.map((alert) => Math.max(0, now.getTime() - (alert.nextCheckAt?.getTime() ?? now.getTime())))
  if (claimed.length === 0) {
    return { claimed: 0, full: false, lagMs, groups: 0, providerCalls: 0, cacheHits: 0, subsumed: 0, ownSearches: 0, notifications: 0, written: 0, deferredUntil: null }
  }
  // Real elapsed time, not the injected clock: this guards the real lease against a slow provider.
  const started = performance.now()
  const startBy = config.leaseMs - config.timeoutMs - LEASE_MARGIN_MS
  const shouldStop = () => options.signal?.aborted === true || performance.now() - started > startBy
  const { checks, ...report } = await checkClaimedAlerts(deps, { owner, claimed, shouldStop })
  deps.logger.debug({ claimed: claimed.length, checks: checks.length, ...report }, 'price-check cycle')
  return { ...report, claimed: claimed.length, full: claimed.length >= config.batchSize, lagMs }
}
