import type { AlertStatus } from '#shared/alert-status.ts'
import type { ObservedItinerary } from '../db/schema.ts'
import { isStepBelow, type AlertTrigger, type RenotifyStep } from '#shared/alerts/alert-trigger.ts'
import { backoffMs } from '../lib/backoff.ts'
import { checkIntervalMs, nextCheckAt, PERMANENT_BACKOFF, RETRYABLE_BACKOFF } from './schedule.ts'

/**
 * What one check means for one alert (decision 013), as a pure function of the alert's state and
 * the check's outcome: the new status, the re-arm state, the next check time, the price to record
 * and whether to notify. The engine writes exactly what this returns.
 */

/** Misses in a row that archive a flight alert ("Archived"), and failures in a row that mark it At Risk. */
export const MISSES_TO_ARCHIVE = 3
export const FAILURES_TO_AT_RISK = 3

export type CheckOutcome =
  /** The alert's price now: the cheapest matching itinerary, or the tracked combination's price. */
  | { kind: 'price'; price: number; itinerary: ObservedItinerary; observationId: string; fresh: boolean; bags?: BagBreakdown }
  /** Nothing to price: the tracked flight is gone (flight alerts) or nothing matched (route alerts). */
  | { kind: 'missing'; note: string }
  | { kind: 'failed'; reason: string; retryable: boolean; retryAfterMs?: number }
  | { kind: 'expired' }

/** A bag-inclusive alert's price in parts (decision 055): the fare and each kind of bag for the whole party. */
export interface BagBreakdown {
  fare: number
  /** Per traveller; `price` for the whole party and trip, null when the search priced it into the fare (carry-ons). */
  bags: Array<{ kind: 'carry_on' | 'checked'; count: number; price: number | null }>
}

export interface AlertCheckState {
  status: AlertStatus
  alertType: 'route' | 'flight'
  targetPrice: number
  checkFrequency: string
  statusNote: string | null
  lowestPrice: number | null
  currentPrice: number | null
  armed: boolean
  lastNotifiedPrice: number | null
  consecutiveMisses: number
  consecutiveFailures: number
  /** When to notify (decision 051): `below` and `drop` wait for the target, `new_low` for each new low under it. */
  trigger: AlertTrigger
  /** How far a further drop must go before it notifies again. */
  renotifyStep: RenotifyStep
}

export interface AlertEvaluation {
  status: AlertStatus
  statusNote: string | null
  armed: boolean
  lastNotifiedPrice: number | null
  consecutiveMisses: number
  consecutiveFailures: number
  lowestPrice: number | null
  currentPrice: number | null
  /** True when the check got an answer (last_checked_at moves); false after a failure. */
  checked: boolean
  /** Null: never checked again (expired, archived). */
  nextCheckAt: Date | null
  /** The point to add to the alert's price history. */
  record: { price: number; itinerary: ObservedItinerary; observationId: string } | null
  /** A price event to tell the user about; the observation id names it (dedupe key). */
  notify: { eventKey: string; price: number; itinerary: ObservedItinerary; reason: PriceEvent } | null
}

/** Why a price is news: it crossed the target, dropped a step further, or is a new low (`new_low` rules). */
export type PriceEvent = 'crossed' | 'further_drop' | 'new_low'

/**
 * Whether a price is news. `below` and `drop` rules: the first price at or below the target since
 * the alert was armed, or a further drop of the alert's step below the last notice. `new_low`
 * rules: a price under every one seen so far and a step below the last notice (or, before the
 * first, below the price when the alert was set: its target), so a slow slide notifies once it
 * adds up to a step, and a new low by a cent does not.
 */
export function isPriceEvent(
  state: Pick<AlertCheckState, 'armed' | 'lastNotifiedPrice' | 'lowestPrice' | 'trigger' | 'renotifyStep'>,
  price: number,
  target: number,
): PriceEvent | null {
  if (state.trigger === 'new_low') {
    const newLow = state.lowestPrice === null || price < state.lowestPrice
    return price <= target && newLow && isStepBelow(state.lastNotifiedPrice ?? target, price, state.renotifyStep) ? 'new_low' : null
  }
  if (price > target) return null
  if (state.armed || state.lastNotifiedPrice === null) return 'crossed'
  return isStepBelow(state.lastNotifiedPrice, price, state.renotifyStep) ? 'further_drop' : null
}

/** A note the engine wrote goes once the alert recovers; a note about a plan change stays. */
const keepNote = (state: AlertCheckState) => (state.status === 'at_risk' ? null : state.statusNote)

export function evaluateAlert(state: AlertCheckState, outcome: CheckOutcome, now: Date, random: () => number = Math.random): AlertEvaluation {
  const base: AlertEvaluation = {
    status: state.status,
    statusNote: state.statusNote,
    armed: state.armed,
    lastNotifiedPrice: state.lastNotifiedPrice,
    consecutiveMisses: state.consecutiveMisses,
    consecutiveFailures: state.consecutiveFailures,
    lowestPrice: state.lowestPrice,
    currentPrice: state.currentPrice,
    checked: true,
    nextCheckAt: nextCheckAt(state.checkFrequency, now, random),
    record: null,
    notify: null,
  }

  switch (outcome.kind) {
    case 'expired':
      return { ...base, status: 'expired', statusNote: 'Expired: the departure date has passed.', checked: false, nextCheckAt: null }

    case 'price': {
      const event = isPriceEvent(state, outcome.price, state.targetPrice)
      const below = outcome.price <= state.targetPrice
      return {
        ...base,
        status: below ? 'triggered' : 'active',
        statusNote: keepNote(state),
        // Back above the target re-arms; a notice disarms until then (or until a further drop).
        armed: below ? (event ? false : state.armed) : true,
        lastNotifiedPrice: event ? outcome.price : state.lastNotifiedPrice,
        consecutiveMisses: 0,
        consecutiveFailures: 0,
        lowestPrice: state.lowestPrice === null ? outcome.price : Math.min(state.lowestPrice, outcome.price),
        currentPrice: outcome.price,
        record: { price: outcome.price, itinerary: outcome.itinerary, observationId: outcome.observationId },
        notify: event ? { eventKey: outcome.observationId, price: outcome.price, itinerary: outcome.itinerary, reason: event } : null,
      }
    }

    case 'missing': {
      const misses = state.consecutiveMisses + 1
      const common = { ...base, consecutiveMisses: misses, consecutiveFailures: 0, currentPrice: null }
      // Only a tracked flight can vanish for good; a route with no fare today may have one tomorrow.
      if (state.alertType === 'flight' && misses >= MISSES_TO_ARCHIVE) {
        return { ...common, status: 'archived_not_found', statusNote: `Archived: ${outcome.note} (${misses} checks in a row).`, nextCheckAt: null }
      }
      const left = state.alertType === 'flight' ? ` ${MISSES_TO_ARCHIVE - misses} more missed check(s) archive this alert.` : ''
      return { ...common, status: 'at_risk', statusNote: `At risk: ${outcome.note}.${left}` }
    }

    case 'failed': {
      const failures = state.consecutiveFailures + 1
      const policy = outcome.retryable ? RETRYABLE_BACKOFF : PERMANENT_BACKOFF
      // Never wait longer than the alert's own interval, never less than the provider asked for.
      const capped = { ...policy, capMs: Math.min(policy.capMs, checkIntervalMs(state.checkFrequency)) }
      const delay = Math.max(backoffMs(failures, capped, random), outcome.retryAfterMs ?? 0)
      const atRisk = failures >= FAILURES_TO_AT_RISK
      return {
        ...base,
        status: atRisk ? 'at_risk' : state.status,
        statusNote: atRisk ? `At risk: the last ${failures} price checks failed (${outcome.reason}). We keep trying.` : state.statusNote,
        consecutiveFailures: failures,
        checked: false,
        nextCheckAt: new Date(now.getTime() + delay),
      }
    }
  }
}
