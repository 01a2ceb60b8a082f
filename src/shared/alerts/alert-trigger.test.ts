import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createAlertSchema, updateAlertSchema } from './alert.ts'
import { dropTarget, isStepBelow, renotifyText, ruleProblems, ruleTarget, TRIGGER_MESSAGES, triggerText, type TriggerRule } from './alert-trigger.ts'

const rule = (over: Partial<TriggerRule> = {}): TriggerRule => ({
  trigger: 'below',
  drop_percent: null,
  baseline_price: null,
  renotify_step: { unit: 'percent', value: 5 },
  ...over,
})

describe('alert triggers', () => {
  it('puts a drop rule’s target the percentage under the price when set, down to the cent', () => {
    expect(dropTarget(639, 10)).toBe(575.1)
    expect(dropTarget(100, 1)).toBe(99)
    expect(dropTarget(99.99, 33)).toBe(66.99)
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 1, max: 90 }), (baselineCents, percent) => {
        const target = dropTarget(baselineCents / 100, percent)
        // Whole cents, never above the exact figure, less than a cent under it.
        expect(Math.round(target * 100)).toBeCloseTo(target * 100, 6)
        expect(target * 100).toBeLessThanOrEqual((baselineCents * (100 - percent)) / 100 + 1e-6)
        expect(target * 100).toBeGreaterThan((baselineCents * (100 - percent)) / 100 - 1)
      }),
    )
  })

  it('stores the rule’s own target for drop and new-low rules, and the traveller’s for below', () => {
    expect(ruleTarget(rule(), 500)).toBe(500)
    expect(ruleTarget(rule({ trigger: 'drop', drop_percent: 10, baseline_price: 639 }), 1)).toBe(575.1)
    expect(ruleTarget(rule({ trigger: 'new_low', baseline_price: 639 }), 1)).toBe(639)
  })

  it('says what a rule lacks, by field', () => {
    expect(ruleProblems(rule())).toEqual({})
    expect(ruleProblems(rule({ trigger: 'drop' }))).toEqual({ drop_percent: TRIGGER_MESSAGES.dropPercent, baseline_price: TRIGGER_MESSAGES.baseline })
    expect(ruleProblems(rule({ trigger: 'new_low' }))).toEqual({ baseline_price: TRIGGER_MESSAGES.baseline })
  })

  it('measures a step in whole cents: a percentage (and at least one unit) or an amount', () => {
    expect(isStepBelow(190, 180.5, { unit: 'percent', value: 5 })).toBe(true)
    expect(isStepBelow(190, 180.51, { unit: 'percent', value: 5 })).toBe(false)
    expect(isStepBelow(19, 18.05, { unit: 'percent', value: 5 })).toBe(false)
    expect(isStepBelow(190, 165, { unit: 'amount', value: 25 })).toBe(true)
    expect(isStepBelow(190, 165.01, { unit: 'amount', value: 25 })).toBe(false)
    // Never a step to an equal or higher price, whatever the step.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), (fromCents, upCents, percent) => {
        const step = percent ? ({ unit: 'percent', value: 1 } as const) : ({ unit: 'amount', value: 0.01 } as const)
        expect(isStepBelow(fromCents / 100, (fromCents + upCents) / 100, step)).toBe(false)
      }),
    )
  })

  it('says the rule in plain words', () => {
    expect(triggerText(rule(), 500, 'USD')).toBe('When it is $500 or less')
    expect(triggerText(rule({ trigger: 'drop', drop_percent: 10, baseline_price: 639 }), 575.1, 'USD')).toBe('When it drops 10 % from $639 ($575.10 or less)')
    expect(triggerText(rule({ trigger: 'new_low', baseline_price: 639 }), 639, 'EUR')).toBe('At each new lowest price under €639')
    expect(renotifyText({ unit: 'percent', value: 5 }, 'USD')).toBe('Again after a further 5 % drop')
    expect(renotifyText({ unit: 'amount', value: 20 }, 'USD')).toBe('Again after a further $20 drop')
  })
})

describe('alert trigger fields in the API schemas', () => {
  const base = {
    name: 'JFK → LHR',
    alertType: 'route',
    target_price: 500,
    search_parameters: { departure_id: 'JFK', arrival_id: 'LHR', outbound_date: '2030-03-05', type: 2 },
  }
  const errors = (input: unknown) => {
    const result = createAlertSchema.safeParse(input)
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
  }

  it('defaults to notify below the target, again after a further 5 % drop', () => {
    expect(createAlertSchema.parse(base)).toMatchObject({ trigger: 'below', renotify_step: { unit: 'percent', value: 5 } })
  })

  it('refuses incomplete or out-of-range rules with the spec-style messages', () => {
    expect(errors({ ...base, trigger: 'drop' })).toEqual({ drop_percent: TRIGGER_MESSAGES.dropPercent, baseline_price: TRIGGER_MESSAGES.baseline })
    expect(errors({ ...base, trigger: 'drop', drop_percent: 95, baseline_price: 639 })).toEqual({ drop_percent: TRIGGER_MESSAGES.dropPercent })
    expect(errors({ ...base, trigger: 'drop', drop_percent: 2.5, baseline_price: 639 })).toEqual({ drop_percent: TRIGGER_MESSAGES.dropPercent })
    expect(errors({ ...base, trigger: 'new_low', baseline_price: -1 })).toEqual({ baseline_price: TRIGGER_MESSAGES.baseline })
    expect(errors({ ...base, trigger: 'sometimes' })).toEqual({ trigger: TRIGGER_MESSAGES.trigger })
    expect(errors({ ...base, renotify_step: { unit: 'percent', value: 0 } })).toEqual({ 'renotify_step.value': TRIGGER_MESSAGES.stepPercent })
    expect(errors({ ...base, renotify_step: { unit: 'amount', value: 0 } })).toEqual({ 'renotify_step.value': TRIGGER_MESSAGES.stepAmount })
    expect(errors({ ...base, renotify_step: { unit: 'amount', value: 'NaN' } })).toEqual({ 'renotify_step.value': TRIGGER_MESSAGES.stepAmount })
    expect(errors({ ...base, trigger: 'drop', drop_percent: 10, baseline_price: 639 })).toEqual({})
  })

  it('takes a rule change alone in an edit', () => {
    expect(updateAlertSchema.parse({ trigger: 'new_low', baseline_price: 610 })).toEqual({ trigger: 'new_low', baseline_price: 610 })
    expect(updateAlertSchema.safeParse({ renotify_step: { unit: 'amount', value: -3 } }).success).toBe(false)
  })
})
