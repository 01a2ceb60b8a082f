import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import { evaluateAlert, type AlertCheckState, type AlertEvaluation } from './evaluate-alert.ts'
import type { Observation } from './load-cached-observations.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import { failureOutcome, priceAlerts, type PricedOutcome, type PricingContext } from './price-alerts.ts'
import { FRESH_ANSWER_REUSE_MS, type SearchObserver } from './search-observer.ts'

/** Alerts whose searches are the same provider question (search-key.ts): checked together. */
export interface AlertGroup {
  key: string
  query: FlightQuery
  alerts: AlertRow[]
}

/** One alert's check: what happened, what it means, and the first-step observation behind it. */
export interface AlertCheck {
  alert: AlertRow
  outcome: PricedOutcome
  /** Absent when deferred: the alert goes back in the queue as it was. */
  evaluation: AlertEvaluation | null
  observation: Observation | null
}

export function checkState(alert: AlertRow): AlertCheckState {
  return {
    status: alert.status,
    alertType: alert.alertType,
    targetPrice: alert.targetPrice,
    checkFrequency: alert.checkFrequency,
    statusNote: alert.statusNote,
    lowestPrice: alert.lowestPrice,
    currentPrice: alert.currentPrice,
    armed: alert.armed,
    lastNotifiedPrice: alert.lastNotifiedPrice,
    consecutiveMisses: alert.consecutiveMisses,
    consecutiveFailures: alert.consecutiveFailures,
    trigger: alert.trigger,
    renotifyStep: alert.renotifyStep,
  }
}

/**
 * Checks a group: one observation (reused or one provider call) for all of it, each alert priced
 * and evaluated; then, re-check before notifying (decision 013): if any alert would notify on an
 * answer that may have come from a cache, the search is asked again with every cache bypassed (or
 * a no-cache answer of the last few minutes serves) and those alerts are judged on that answer
 * instead. A notice therefore always names a price the provider gave moments ago, and a fare that
 * is already gone notifies no one.
 */
export async function checkAlertGroup(
  deps: PriceCheckDeps,
  observer: SearchObserver,
  group: AlertGroup,
  options: { fresh: boolean; now: Date },
): Promise<AlertCheck[]> {
  const random = deps.random ?? Math.random
  // The re-check may use a no-cache answer of the last few minutes; an admin's check (options.fresh) always asks anew.
  const reuse = (fresh: boolean) => (fresh && !options.fresh ? { freshWithinMs: FRESH_ANSWER_REUSE_MS } : {})
  const pricing = (fresh: boolean): PricingContext => ({ observer, provider: deps.provider, query: group.query, fresh, ...reuse(fresh) })
  const observe = (fresh: boolean) =>
    observer.observe(group.key, group.query.currency, (call) => deps.provider.search(group.query, call), { fresh, ...reuse(fresh) })

  const judge = (alert: AlertRow, outcome: PricedOutcome | undefined, observation: Observation | null): AlertCheck => {
    const result = outcome ?? ({ kind: 'failed', reason: 'an unexpected error', retryable: true } as const)
    const evaluation = result.kind === 'deferred' ? null : evaluateAlert(checkState(alert), result, options.now, random)
    return { alert, outcome: result, evaluation, observation }
  }

  let first: Observation
  try {
    first = await observe(options.fresh)
  } catch (error) {
    return group.alerts.map((alert) => judge(alert, failureOutcome(error), null))
  }
  const outcomes = await priceAlerts(pricing(options.fresh), first, group.alerts)
  const checks = group.alerts.map((alert) => judge(alert, outcomes.get(alert.id), first))

  const unconfirmed = checks.filter((c) => c.evaluation?.notify && c.outcome.kind === 'price' && !c.outcome.fresh)
  if (unconfirmed.length === 0) return checks

  let confirmed: Map<string, PricedOutcome>
  let fresh: Observation | null = null
  try {
    fresh = await observe(true)
    confirmed = await priceAlerts(pricing(true), fresh, unconfirmed.map((c) => c.alert))
  } catch (error) {
    // No confirmation, no notice: the alerts wait (budget) or count a failure and retry soon.
    const outcome = failureOutcome(error)
    confirmed = new Map(unconfirmed.map((c) => [c.alert.id, outcome]))
  }
  return checks.map((check) => {
    // Judged again from the alert's stored state, on the fresh answer alone (every step of it fresh).
    return unconfirmed.includes(check) ? judge(check.alert, confirmed.get(check.alert.id), fresh ?? first) : check
  })
}
