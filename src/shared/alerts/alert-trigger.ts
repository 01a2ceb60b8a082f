import { z } from 'zod'

/**
 * When an alert tells its traveller (issue 17 "richer rules", decision 051). Pure rules shared by
 * the form, the card, the server and the price-check engine:
 *
 * - `below`: the price is at or below the target (FareDrop's first rule);
 * - `drop`: the price dropped a chosen percentage from the price when the alert was set; its
 *   target is that price less the percentage, so the engine judges it as `below`;
 * - `new_low`: a new lowest price since tracking began, under the price when the alert was set
 *   (its target), each one a real step below the last notice.
 *
 * And for all of them, the step a further drop must make before it notifies again.
 */

export const ALERT_TRIGGERS = ['below', 'drop', 'new_low'] as const
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number]

export const TRIGGER_MESSAGES = {
  trigger: 'Choose when to be notified',
  dropPercent: 'Choose a drop from 1 to 90 %',
  baseline: 'A drop or new-low alert needs the price it is measured from',
  stepPercent: 'The step must be from 1 to 50 %',
  stepAmount: 'The step must be a positive amount',
} as const

export const DROP_PERCENT_MIN = 1
export const DROP_PERCENT_MAX = 90

export const RENOTIFY_STEP_UNITS = ['percent', 'amount'] as const
export type RenotifyStep = { unit: (typeof RENOTIFY_STEP_UNITS)[number]; value: number }
/** FareDrop's step before this rule could be chosen: 5 % (and never under one currency unit). */
export const DEFAULT_RENOTIFY_STEP: RenotifyStep = { unit: 'percent', value: 5 }

export const renotifyStepSchema = z
  .object({
    unit: z.enum(RENOTIFY_STEP_UNITS),
    value: z.coerce.number({ message: TRIGGER_MESSAGES.stepAmount }).finite(TRIGGER_MESSAGES.stepAmount),
  })
  .superRefine((step, ctx) => {
    if (step.unit === 'percent' && !(step.value >= 1 && step.value <= 50)) {
      ctx.addIssue({ code: 'custom', message: TRIGGER_MESSAGES.stepPercent, path: ['value'] })
    }
    if (step.unit === 'amount' && !(step.value >= 0.01 && step.value <= 100_000)) {
      ctx.addIssue({ code: 'custom', message: TRIGGER_MESSAGES.stepAmount, path: ['value'] })
    }
  })

export const dropPercentSchema = z.coerce
  .number({ message: TRIGGER_MESSAGES.dropPercent })
  .int(TRIGGER_MESSAGES.dropPercent)
  .min(DROP_PERCENT_MIN, TRIGGER_MESSAGES.dropPercent)
  .max(DROP_PERCENT_MAX, TRIGGER_MESSAGES.dropPercent)

export const baselinePriceSchema = z.coerce.number({ message: TRIGGER_MESSAGES.baseline }).positive(TRIGGER_MESSAGES.baseline).max(1_000_000)

/** An alert's trigger as stored and as the API reads it. */
export interface TriggerRule {
  trigger: AlertTrigger
  /** `drop` only: 1–90. */
  drop_percent: number | null
  /** The price when the alert was set (`drop`, `new_low`). */
  baseline_price: number | null
  renotify_step: RenotifyStep
}

const cents = (amount: number) => Math.round(amount * 100)

/** The price a `drop` alert waits for: the price when set less the percentage, down to the cent. */
export function dropTarget(baseline: number, percent: number): number {
  return Math.floor((cents(baseline) * (100 - percent)) / 100) / 100
}

/**
 * The target a rule stands for: `drop` from its baseline, `new_low` under its baseline, `below`
 * the traveller's own. The server stores this, so a client's arithmetic never decides.
 */
export function ruleTarget(rule: Pick<TriggerRule, 'trigger' | 'drop_percent' | 'baseline_price'>, target: number): number {
  if (rule.trigger === 'drop' && rule.baseline_price !== null && rule.drop_percent !== null) return dropTarget(rule.baseline_price, rule.drop_percent)
  if (rule.trigger === 'new_low' && rule.baseline_price !== null) return rule.baseline_price
  return target
}

/** What a rule lacks, by field (empty when whole): the create's and the edit's own check. */
export function ruleProblems(rule: Pick<TriggerRule, 'trigger' | 'drop_percent' | 'baseline_price'>): Record<string, string> {
  const problems: Record<string, string> = {}
  if (rule.trigger === 'drop' && rule.drop_percent === null) problems.drop_percent = TRIGGER_MESSAGES.dropPercent
  if (rule.trigger !== 'below' && rule.baseline_price === null) problems.baseline_price = TRIGGER_MESSAGES.baseline
  return problems
}

/**
 * Whether `price` is a step below `reference`: by the percentage and at least one currency unit,
 * or by the amount. In whole cents, so "exactly 5 % lower" is exactly that.
 */
export function isStepBelow(reference: number, price: number, step: RenotifyStep): boolean {
  const from = cents(reference)
  const to = cents(price)
  if (step.unit === 'amount') return from - to >= cents(step.value)
  return to * 100 <= from * (100 - step.value) && from - to >= 100
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount)

/** The rule in plain words for the alert card: "When it drops 10 % from $639 ($575 or less)". */
export function triggerText(rule: TriggerRule, target: number, currency: string): string {
  if (rule.trigger === 'drop' && rule.baseline_price !== null && rule.drop_percent !== null) {
    return `When it drops ${rule.drop_percent} % from ${money(rule.baseline_price, currency)} (${money(target, currency)} or less)`
  }
  if (rule.trigger === 'new_low' && rule.baseline_price !== null) {
    return `At each new lowest price under ${money(rule.baseline_price, currency)}`
  }
  return `When it is ${money(target, currency)} or less`
}

/** "Again after a further 5 % drop" or "Again after a further $20 drop". */
export function renotifyText(step: RenotifyStep, currency: string): string {
  return `Again after a further ${step.unit === 'percent' ? `${step.value} %` : money(step.value, currency)} drop`
}
