import { describe, expect, it } from 'vitest'
import type { ObservedItinerary } from '../db/schema.ts'
import { evaluateAlert, isPriceEvent, type AlertCheckState, type AlertEvaluation, type CheckOutcome } from './evaluate-alert.ts'

const NOW = new Date('2027-01-01T00:00:00Z')
const HOUR = 3_600_000
const itinerary: ObservedItinerary = { id: 'it', price: 0, flights: [], stops: 0, total_duration: 300 }
const price = (value: number, observationId = `obs-${value}`): CheckOutcome => ({ kind: 'price', price: value, itinerary, observationId, fresh: true })
const state = (over: Partial<AlertCheckState> = {}): AlertCheckState => ({
  status: 'active',
  alertType: 'route',
  targetPrice: 200,
  checkFrequency: '12h',
  statusNote: null,
  lowestPrice: null,
  currentPrice: null,
  armed: true,
  lastNotifiedPrice: null,
  consecutiveMisses: 0,
  consecutiveFailures: 0,
  trigger: 'below',
  renotifyStep: { unit: 'percent', value: 5 },
  ...over,
})
const evaluate = (s: AlertCheckState, outcome: CheckOutcome) => evaluateAlert(s, outcome, NOW, () => 0)
/** The state the engine stores after an evaluation. */
const after = (s: AlertCheckState, e: AlertEvaluation): AlertCheckState => ({ ...s, ...e })

/** Runs prices through one alert, like successive checks; returns which ones notified. */
function notices(prices: number[], start = state()): number[] {
  let s = start
  const out: number[] = []
  for (const p of prices) {
    const e = evaluate(s, price(p))
    if (e.notify) out.push(p)
    s = after(s, e)
  }
  return out
}

describe('evaluateAlert: price events', () => {
  it('triggers at or below the target, once', () => {
    const e = evaluate(state(), price(200))
    expect(e).toMatchObject({ status: 'triggered', armed: false, lastNotifiedPrice: 200, currentPrice: 200, lowestPrice: 200 })
    expect(e.notify).toMatchObject({ eventKey: 'obs-200', price: 200, reason: 'crossed' })
    expect(e.record).toMatchObject({ price: 200, observationId: 'obs-200' })
    expect(e.nextCheckAt!.getTime()).toBe(NOW.getTime() + 12 * HOUR)
    expect(evaluate(state(), price(201)).notify).toBeNull()
  })

  it('does not notify again while the price stays below the target', () => {
    expect(notices([250, 190, 189, 185, 190, 188])).toEqual([190])
  })

  it('re-arms once the price is back above the target, and notifies on the next crossing', () => {
    expect(notices([190, 210, 195, 199, 230, 180])).toEqual([190, 195, 180])
    const back = evaluate(after(state(), evaluate(state(), price(190))), price(210))
    expect(back).toMatchObject({ status: 'active', armed: true, notify: null })
  })

  it('notifies a further drop of at least 5 % and 1 unit below the last notice', () => {
    // 190 → 180.5 is exactly 5 %; 171.47 is under 95 % of 180.5 (171.475).
    expect(notices([190, 181, 180.5, 176, 171.47])).toEqual([190, 180.5, 171.47])
    expect(isPriceEvent(state({ armed: false, lastNotifiedPrice: 19 }), 18.05, 20)).toBeNull() // 5 % but under 1 unit
    expect(isPriceEvent(state({ armed: false, lastNotifiedPrice: 19 }), 18, 20)).toBe('further_drop')
  })

  it('takes the alert\'s own step before notifying again: a percentage or an amount (decision 051)', () => {
    // 10 %: 190 → 171 is exactly 10 %, 172 is not enough.
    expect(notices([190, 172, 171, 160], state({ renotifyStep: { unit: 'percent', value: 10 } }))).toEqual([190, 171])
    // $25: 190 → 166 is $24, 165 is $25.
    expect(notices([190, 166, 165, 141, 140], state({ renotifyStep: { unit: 'amount', value: 25 } }))).toEqual([190, 165, 140])
    // An amount step of a cent notifies every new cent lower, and never the same price twice.
    expect(notices([190, 190, 189.99, 189.99], state({ renotifyStep: { unit: 'amount', value: 0.01 } }))).toEqual([190, 189.99])
  })

  it('judges a drop rule by its target, which is the price when set less the percentage', () => {
    // The server stores a drop rule's target (alert-trigger.ts dropTarget): 10 % from $639 is $575.10.
    const drop = state({ trigger: 'below', targetPrice: 575.1 })
    expect(notices([639, 590, 575.1, 600, 560], drop)).toEqual([575.1, 560])
  })

  it('keeps the lowest price seen and a note about a plan change', () => {
    const e = evaluate(state({ lowestPrice: 150, statusNote: 'Check frequency changed.' }), price(230))
    expect(e).toMatchObject({ lowestPrice: 150, currentPrice: 230, statusNote: 'Check frequency changed.' })
  })
})

describe('evaluateAlert: new lowest price rules (decision 051)', () => {
  // The target of a new-low rule is the price when the alert was set.
  const newLow = (over: Partial<AlertCheckState> = {}) => state({ trigger: 'new_low', targetPrice: 600, ...over })

  it('notifies each new lowest price a step below the last notice, and never a price seen before', () => {
    // 590 is under $600 but not 5 % under; 570 is (≤ 570); then 560 is a new low but not 5 % under 570;
    // 540 is (≤ 541.5); back up to 580 and down to 545 is no new low (540 was lower).
    expect(notices([610, 590, 570, 560, 540, 580, 545, 513], newLow())).toEqual([570, 540, 513])
  })

  it('adds a slow slide up until it makes a step, measured from the last notice', () => {
    expect(notices([599, 595, 589, 580, 571, 570], newLow())).toEqual([570])
  })

  it('never notifies above the price when set, whatever the history', () => {
    expect(notices([700, 650, 620], newLow({ lowestPrice: 800 }))).toEqual([])
  })

  it('says why: a new low, with the triggered status while under the price when set', () => {
    const e = evaluate(newLow(), price(560))
    expect(e).toMatchObject({ status: 'triggered', lastNotifiedPrice: 560, lowestPrice: 560 })
    expect(e.notify).toMatchObject({ price: 560, reason: 'new_low' })
  })
})

describe('evaluateAlert: at risk, archived, expired', () => {
  const flight = state({ alertType: 'flight', status: 'triggered', currentPrice: 180 })
  const missing: CheckOutcome = { kind: 'missing', note: 'the tracked flight AA 1 was not found' }

  it('marks a flight alert whose flight disappeared At Risk, then Archived after 3 misses', () => {
    const first = evaluate(flight, missing)
    expect(first).toMatchObject({ status: 'at_risk', consecutiveMisses: 1, currentPrice: null, notify: null, record: null })
    expect(first.statusNote).toContain('AA 1 was not found')
    const second = evaluate(after(flight, first), missing)
    expect(second).toMatchObject({ status: 'at_risk', consecutiveMisses: 2 })
    const third = evaluate(after(flight, second), missing)
    expect(third).toMatchObject({ status: 'archived_not_found', consecutiveMisses: 3, nextCheckAt: null })
  })

  it('recovers when the flight is back', () => {
    const risky = after(flight, evaluate(flight, missing))
    expect(evaluate(risky, price(230))).toMatchObject({ status: 'active', consecutiveMisses: 0, statusNote: null })
  })

  it('keeps a route alert with no matching flight At Risk, never archived', () => {
    let s = state()
    for (let i = 0; i < 5; i++) s = after(s, evaluate(s, { kind: 'missing', note: 'no flights matched' }))
    expect(s).toMatchObject({ status: 'at_risk', consecutiveMisses: 5 })
  })

  it('stores a past departure as expired and stops checking', () => {
    expect(evaluate(state(), { kind: 'expired' })).toMatchObject({ status: 'expired', nextCheckAt: null, checked: false, notify: null })
  })
})

describe('evaluateAlert: provider failures', () => {
  const failed: CheckOutcome = { kind: 'failed', reason: 'the flight data provider failed', retryable: true }

  it('backs off, marks the alert At Risk after 3 failures, and recovers on the next good check', () => {
    const one = evaluate(state({ status: 'triggered' }), failed)
    expect(one).toMatchObject({ status: 'triggered', consecutiveFailures: 1, checked: false, notify: null })
    expect(one.nextCheckAt!.getTime() - NOW.getTime()).toBe(30_000)
    const two = evaluate(after(state(), one), failed)
    expect(two.nextCheckAt!.getTime() - NOW.getTime()).toBe(60_000)
    const three = evaluate(after(state(), two), failed)
    expect(three).toMatchObject({ status: 'at_risk', consecutiveFailures: 3 })
    expect(three.statusNote).toContain('the flight data provider failed')
    const recovered = evaluate(after(state(), three), price(190))
    expect(recovered).toMatchObject({ status: 'triggered', consecutiveFailures: 0, statusNote: null })
    expect(evaluate(after(state(), three), price(250))).toMatchObject({ status: 'active', statusNote: null })
  })

  it('waits at least as long as the provider asked, and never longer than the alert’s interval', () => {
    expect(evaluate(state(), { ...failed, retryAfterMs: 600_000 }).nextCheckAt!.getTime() - NOW.getTime()).toBe(600_000)
    const hourly = state({ checkFrequency: '1h', consecutiveFailures: 9 })
    expect(evaluate(hourly, { kind: 'failed', reason: 'refused', retryable: false }).nextCheckAt!.getTime() - NOW.getTime()).toBe(HOUR / 2)
  })
})
