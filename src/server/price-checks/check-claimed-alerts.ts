import pLimit from 'p-limit'
import type { AlertRow } from '../alerts/to-alert.ts'
import { checkAlertGroup, checkState, type AlertCheck, type AlertGroup } from './check-alert-group.ts'
import { groupAlerts, observerPlan } from './group-alerts.ts'
import { evaluateAlert } from './evaluate-alert.ts'
import { failureOutcome } from './price-alerts.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import { createSearchObserver } from './search-observer.ts'
import { subsumptionPolicy } from './subsumption-policy.ts'
import { foldWindowChecks, windowMembers } from './flexible-window.ts'
import { cheapestPairsByCalendar } from './window-calendar.ts'
import { createBagFeeLookup } from './bag-fee-lookup.ts'
import { alertToday } from '../alerts/alert-scope.ts'
import { alertSearchKey } from '../alerts/search-key.ts'
import { writeCheckResults } from './write-check-results.ts'
import type { Observation } from './load-cached-observations.ts'
import { unfilteredFareKey } from '#shared/flights/fare-query.ts'
import type { FareObservation } from '../flights/record-fare-observations.ts'

export interface CheckReport {
  checks: AlertCheck[]
  groups: number
  providerCalls: number
  cacheHits: number
  /** Narrower alerts answered from their group's broader answer, and those that asked their own search (decision 053). */
  subsumed: number
  ownSearches: number
  notifications: number
  written: number
  /** Set when a limit (budget, breaker) sent alerts back to wait: the loop need not hurry. */
  deferredUntil: Date | null
}

/**
 * The first-step answers this cycle got from the provider for unfiltered searches, as observed
 * fares for the fare calendar (decision 047). An alert's own ceiling and flight choice are applied
 * after the answer, so most alerts' searches qualify; observations reused from storage are not new.
 */
function observedFares(groups: readonly AlertGroup[], made: readonly Observation[]): FareObservation[] {
  const keys = new Map(groups.flatMap((g) => {
    const key = unfilteredFareKey(g.query)
    return key ? [[g.key, key] as const] : []
  }))
  return made.flatMap((o) => {
    const key = keys.get(o.searchKey)
    return key && o.lowestPrice !== null ? [{ ...key, lowestPrice: o.lowestPrice, observedAt: o.observedAt, source: 'check' as const, provider: o.provider }] : []
  })
}

/** The members' checks of each flexible alert folded into one check of it; every other check as it is. */
function foldFlexibleChecks(all: AlertCheck[], claimed: readonly AlertRow[], members: ReadonlyMap<string, AlertRow[]>, at: { now: Date; today: string }): AlertCheck[] {
  if (members.size === 0) return all
  const byAlert = new Map<string, AlertCheck[]>()
  const out: AlertCheck[] = []
  for (const check of all) {
    if (members.has(check.alert.id)) byAlert.set(check.alert.id, [...(byAlert.get(check.alert.id) ?? []), check])
    else out.push(check)
  }
  for (const alert of claimed) {
    const own = byAlert.get(alert.id)
    if (own) out.push(foldWindowChecks(alert, own, at.now, at.today))
  }
  return out
}

/**
 * Checks alerts this cycle holds the lease of, and stores the results: grouping, one observation
 * per group, evaluation, re-check before notifying, one write. `shouldStop` is asked before each
 * group: a shutdown or a lease about to run out sends the rest back to the queue unchecked.
 */
export async function checkClaimedAlerts(
  deps: PriceCheckDeps,
  input: { owner: string; claimed: readonly AlertRow[]; fresh?: boolean; shouldStop?: () => boolean },
): Promise<CheckReport> {
  const now = deps.now()
  const random = deps.random ?? Math.random
  const today = alertToday(now)
  // A flexible alert is checked through one member per date pair it covers this time (decision 055).
  const members = new Map<string, AlertRow[]>()
  const calendarPicks = await cheapestPairsByCalendar(deps, input.claimed, today)
  const expanded = input.claimed.flatMap((alert) => {
    const own = windowMembers(alert, now, today, calendarPicks.get(alert.id))
    if (own) members.set(alert.id, own)
    return own ?? [alert]
  })
  const { groups, settled, claimKeys } = groupAlerts(expanded, now, subsumptionPolicy(deps.provider.id).filters)
  // A flexible alert is claimed with its own search's other alerts, not with one of its dates'.
  for (const alert of input.claimed) if (members.has(alert.id)) claimKeys.set(alert.id, alertSearchKey(alert.searchParameters))
  const { keys, ...plan } = observerPlan(groups)
  const observer = await createSearchObserver(deps, keys, plan)
  const bagFees = createBagFeeLookup(deps, observer)
  const limit = pLimit(deps.config.concurrency)
  const checked = await Promise.all(
    groups.map((group) =>
      limit(async (): Promise<AlertCheck[]> => {
        if (input.shouldStop?.()) return group.alerts.map((alert) => ({ alert, outcome: { kind: 'deferred', until: null, reason: 'stopping' }, evaluation: null, observation: null }))
        try {
          return await checkAlertGroup(deps, observer, group, { fresh: input.fresh ?? false, now, bagFees })
        } catch (err) {
          // A bug or a database hiccup in one group must not sink the batch: its alerts count a failure.
          deps.logger.error({ err, searchKey: group.key }, 'price check of a search failed')
          const outcome = failureOutcome(err)
          return group.alerts.map((alert) => ({
            alert,
            outcome,
            evaluation: outcome.kind === 'deferred' ? null : evaluateAlert(checkState(alert), outcome, now, random),
            observation: null,
          }))
        }
      }),
    ),
  )
  const checks = foldFlexibleChecks(
    [...settled.map(({ alert, outcome }) => ({ alert, outcome, evaluation: evaluateAlert(checkState(alert), outcome, now, random), observation: null })), ...checked.flat()],
    input.claimed,
    members,
    { now, today },
  )
  // Claim keys that changed (a newer normalisation) or were never stored go back with the results.
  const searchKeys = new Map(input.claimed.flatMap((a) => (claimKeys.has(a.id) && a.searchKey !== claimKeys.get(a.id) ? [[a.id, claimKeys.get(a.id)!] as const] : [])))
  const fares = observedFares(groups, observer.made)
  const summary = await writeCheckResults(deps.db, { owner: input.owner, now, checks, observations: observer.made, publicUrl: deps.config.publicUrl, searchKeys, fares })
  if (summary.notifications > 0) deps.onNotificationsQueued?.()
  // One line per cycle, not per alert: an outage would otherwise flood the log.
  const failed = checks.filter((c) => c.outcome.kind === 'failed')
  if (failed.length > 0) {
    const reasons = [...new Set(failed.map((c) => (c.outcome.kind === 'failed' ? c.outcome.reason : '')))]
    deps.logger.warn({ failed: failed.length, reasons, providerFailures: observer.stats.failures }, 'price checks failed')
  }
  return {
    checks,
    groups: groups.length,
    providerCalls: observer.stats.calls,
    cacheHits: observer.stats.cacheHits,
    subsumed: checks.filter((c) => c.subsumed === true).length,
    ownSearches: checks.filter((c) => c.subsumed === false).length,
    notifications: summary.notifications,
    written: summary.written,
    deferredUntil: observer.stats.deferredUntil,
  }
}
