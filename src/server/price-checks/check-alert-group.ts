import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { ItineraryFilter } from '../alerts/search-key.ts'
import type { AlertRow } from '../alerts/to-alert.ts'
import type { WindowState } from '../db/schema.ts'
import type { BagFeeLookup } from './bag-fee-lookup.ts'
import { evaluateAlert, type AlertCheckState, type AlertEvaluation } from './evaluate-alert.ts'
import type { Observation } from './load-cached-observations.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import { failureOutcome, priceAlerts, type PricedOutcome, type PricingContext } from './price-alerts.ts'
import { FRESH_ANSWER_REUSE_MS, type SearchObserver } from './search-observer.ts'
import { narrowAnswer } from './itinerary-filter.ts'
import { subsumptionPolicy } from './subsumption-policy.ts'

/** A narrower alert's own question, and the filter that reads its answer off its group's (decision 053). */
export interface NarrowSearch {
  key: string
  query: FlightQuery
  filter: ItineraryFilter
}

/**
 * Alerts checked together: those whose searches are the same provider question (search-key.ts),
 * and those whose searches are narrower versions of it (subsumption).
 */
export interface AlertGroup {
  /** The group's question: the broadest search of its alerts. */
  key: string
  query: FlightQuery
  alerts: AlertRow[]
  /** By alert id: the alerts whose own search is narrower than the group's. */
  narrow: Map<string, NarrowSearch>
}

/** One alert's check: what happened, what it means, and the first-step observation behind it. */
export interface AlertCheck {
  alert: AlertRow
  outcome: PricedOutcome
  /** Absent when deferred: the alert goes back in the queue as it was. */
  evaluation: AlertEvaluation | null
  observation: Observation | null
  /** Narrower alerts only: true when the group's broader answer gave its answer, false when it asked its own search. */
  subsumed?: boolean
  /** Flexible alerts (decision 055): the window's memory to store with the alert. */
  windowState?: WindowState
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

/** The alerts of a group that ask one question: the group's, or a narrower one of theirs. */
interface View {
  key: string
  query: FlightQuery
  filter: ItineraryFilter | null
  alerts: AlertRow[]
}

function viewsOf(group: AlertGroup, alerts: readonly AlertRow[]): Map<string, View> {
  const views = new Map<string, View>()
  for (const alert of alerts) {
    const narrow = group.narrow.get(alert.id)
    const key = narrow?.key ?? group.key
    let view = views.get(key)
    if (!view) views.set(key, (view = { key, query: narrow?.query ?? group.query, filter: narrow?.filter ?? null, alerts: [] }))
    view.alerts.push(alert)
  }
  return views
}

/**
 * Checks a group: one observation (reused or one provider call) for all of it, each alert priced
 * and evaluated; then, re-check before notifying (decision 013): if any alert would notify on an
 * answer that may have come from a cache, the search is asked again with every cache bypassed (or
 * a no-cache answer of the last few minutes serves) and those alerts are judged on that answer
 * instead. A notice therefore always names a price the provider gave moments ago, and a fare that
 * is already gone notifies no one.
 *
 * Subsumption (decision 053): a narrower alert's answer is read off the group's broader answer when
 * it proves it (itinerary-filter.ts); otherwise the alert's own search is asked. A lone narrower
 * search asks its own question, unless an answer to the broad one is at hand anyway.
 */
export async function checkAlertGroup(
  deps: PriceCheckDeps,
  observer: SearchObserver,
  group: AlertGroup,
  options: { fresh: boolean; now: Date; bagFees?: BagFeeLookup },
): Promise<AlertCheck[]> {
  const random = deps.random ?? Math.random
  const { complete } = subsumptionPolicy(deps.provider.id)
  // The re-check may use a no-cache answer of the last few minutes; an admin's check (options.fresh) always asks anew.
  const reuse = (fresh: boolean) => (fresh && !options.fresh ? { freshWithinMs: FRESH_ANSWER_REUSE_MS } : {})
  const pricing = (query: FlightQuery, fresh: boolean): PricingContext => ({ observer, provider: deps.provider, query, fresh, ...reuse(fresh), ...(options.bagFees ? { bagFees: options.bagFees } : {}) })

  const judge = (alert: AlertRow, outcome: PricedOutcome | undefined, observation: Observation | null): AlertCheck => {
    const result = outcome ?? ({ kind: 'failed', reason: 'an unexpected error', retryable: true } as const)
    const evaluation = result.kind === 'deferred' ? null : evaluateAlert(checkState(alert), result, options.now, random)
    return { alert, outcome: result, evaluation, observation }
  }

  /** One pass over `alerts`, every answer cached-or-not (`fresh` false) or confirming (`fresh` true). */
  async function answer(alerts: readonly AlertRow[], fresh: boolean): Promise<AlertCheck[]> {
    const observeOptions = { fresh, ...reuse(fresh) }
    const observe = (key: string, query: FlightQuery) => observer.observe(key, query.currency, (call) => deps.provider.search(query, call), observeOptions)
    const views = viewsOf(group, alerts)
    const askBroad = views.size > 1 || views.has(group.key) || observer.peek(group.key, observeOptions) !== null
    let broad: Observation | null = null
    let broadError: unknown = null
    if (askBroad) {
      try {
        broad = await observe(group.key, group.query)
      } catch (error) {
        // The narrower searches don't try on their own: the provider or the budget just said no.
        broadError = error
      }
    }
    const checks = await Promise.all(
      [...views.values()].map(async (view): Promise<AlertCheck[]> => {
        let observation: Observation
        let subsumed = false
        try {
          if (askBroad && !broad) throw broadError
          const derived = broad && view.filter ? narrowAnswer(broad.itineraries, view.filter, complete) : null
          if (broad && !view.filter) observation = broad
          else if (broad && derived) {
            observation = { ...broad, itineraries: derived, lowestPrice: derived[0]?.price ?? null }
            subsumed = true
          } else observation = await observe(view.key, view.query)
        } catch (error) {
          return view.alerts.map((alert) => judge(alert, failureOutcome(error), null))
        }
        const outcomes = await priceAlerts(pricing(view.query, fresh), observation, view.alerts)
        return view.alerts.map((alert) => ({ ...judge(alert, outcomes.get(alert.id), observation), ...(view.filter ? { subsumed } : {}) }))
      }),
    )
    return checks.flat()
  }

  const checks = await answer(group.alerts, options.fresh)
  const unconfirmed = checks.filter((c) => c.evaluation?.notify && c.outcome.kind === 'price' && !c.outcome.fresh)
  if (unconfirmed.length === 0) return checks
  // Judged again from the alerts' stored state, on fresh answers alone (every step of them fresh).
  // No confirmation, no notice: the alerts wait (budget) or count a failure and retry soon.
  const confirmed = new Map((await answer(unconfirmed.map((c) => c.alert), true)).map((c) => [c.alert.id, c]))
  return checks.map((check) => {
    const again = confirmed.get(check.alert.id)
    return again ? { ...again, observation: again.observation ?? check.observation } : check
  })
}
