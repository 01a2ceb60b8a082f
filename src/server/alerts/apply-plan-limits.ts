import { and, asc, inArray } from 'drizzle-orm'
import {
  alertCategory,
  allowedFrequencies,
  channelAllowed,
  checkFrequencyHours,
  frequencyAllowed,
  premiumReasons,
  PREMIUM_REASON_LABEL,
  QUOTA_STATUSES,
} from '#shared/alerts/alert-rules.ts'
import { DEFAULT_CHECK_FREQUENCY, type NotificationChannels } from '#shared/alerts/alert.ts'
import type { AlertStatus } from '#shared/alert-status.ts'
import { CHECK_FREQUENCY_HOURS, getPlan, type CheckFrequency, type Plan, type PlanId } from '#shared/plans.ts'
import { alerts } from '../db/schema.ts'
import { alertFeatures } from './alert-features.ts'
import { alertToday, effectiveStatus, lockOwnerPlan, ownedAlert, ownedBy, type AlertDeps } from './alert-scope.ts'
import type { AlertRow } from './to-alert.ts'
import { queueAlertStatusChanges } from '../webhooks/alert-events.ts'

export interface PlanLimitsResult {
  plan: PlanId
  /** Alerts this call paused (over the cap, or a premium cabin abroad the plan lacks). */
  paused: string[]
  /** Alerts an earlier plan change paused that this plan has room for again, now running. */
  resumed: string[]
  /** Every alert this call changed, paused and resumed ones included. */
  changed: string[]
}

const CHANNEL_LABEL: Record<keyof NotificationChannels, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'Push' }
/** The order notes name channels in (the form's order). */
const CHANNEL_ORDER = Object.keys(CHANNEL_LABEL) as (keyof NotificationChannels)[]

/**
 * Fits a user's alerts to their current plan after it changed (billing, admin): the oldest alerts
 * keep running up to the cap and newer ones are paused, channels the plan lacks are switched off
 * (email on if nothing is left), too-fast checks slow down; each change leaves a note on the
 * alert. After an upgrade, alerts that a plan change paused (never ones their owner paused) run
 * again, oldest first, while the plan has room. Nothing is deleted, and running it twice in a row
 * changes nothing the second time.
 */
export async function applyPlanLimits(deps: AlertDeps, userId: string): Promise<PlanLimitsResult> {
  const now = deps.now()
  const today = alertToday(now)
  return deps.db.transaction(async (tx) => {
    const plan = getPlan(await lockOwnerPlan(tx, userId))
    const rows = await tx
      .select()
      .from(alerts)
      .where(and(ownedBy(userId), inArray(alerts.status, QUOTA_STATUSES)))
      .orderBy(asc(alerts.createdAt), asc(alerts.id))
      .for('update')
    const result: PlanLimitsResult = { plan: plan.id, paused: [], resumed: [], changed: [] }
    const live = rows.filter((r) => effectiveStatus(r.status, r.departureDate, today) !== 'expired')
    const plans = new Map(live.map((row) => [row.id, { status: row.status, pausedByPlan: row.pausedByPlan, notes: [] as string[] }]))

    // Oldest first: they keep their slots, so the newest alerts are the ones paused.
    let running = 0
    for (const row of live) {
      const next = plans.get(row.id)!
      if (row.status === 'paused') continue
      const pauseNote = pauseReason(plan, row, running)
      if (pauseNote) {
        Object.assign(next, { status: 'paused', pausedByPlan: true })
        next.notes.push(pauseNote)
        result.paused.push(row.id)
      } else running++
    }
    // Then the alerts an earlier plan change paused, oldest first, into the slots left.
    for (const row of live) {
      const next = plans.get(row.id)!
      if (row.status !== 'paused' || !row.pausedByPlan || pauseReason(plan, row, running)) continue
      Object.assign(next, { status: 'active', pausedByPlan: false })
      next.notes.push(`Resumed: the ${plan.name} plan has room for it again.`)
      result.resumed.push(row.id)
      running++
    }

    for (const row of live) {
      const next = plans.get(row.id)!
      const channels = fitChannels(plan, row.notificationChannels, next.notes)
      const checkFrequency = fitFrequency(plan, row.checkFrequency, next.notes)
      if (next.notes.length === 0) continue
      const features = alertFeatures({ ...row, notificationChannels: channels, checkFrequency })
      const resumed = result.resumed.includes(row.id)
      await tx
        .update(alerts)
        .set({
          status: next.status as AlertStatus,
          pausedByPlan: next.pausedByPlan,
          notificationChannels: channels,
          checkFrequency,
          alertCategory: alertCategory(features),
          statusNote: next.notes.join(' '),
          ...(resumed ? { nextCheckAt: now } : {}),
          updatedAt: now,
        })
        .where(ownedAlert(userId, row.id))
      result.changed.push(row.id)
    }
    // Paused or resumed by the plan: `alert.status_changed` with the note saying why (decision 044).
    await queueAlertStatusChanges(tx, live.map((row) => ({ alert: row, from: row.status, to: plans.get(row.id)!.status, note: plans.get(row.id)!.notes.join(' ') || null })), now)
    return result
  })
}

/** Why a running alert must pause: a premium cabin abroad the plan lacks, or no slot left under the cap. */
function pauseReason(plan: Plan, row: AlertRow, running: number): string | null {
  const cabin = premiumReasons(plan.id, alertFeatures(row)).find((r) => r === 'international_business' || r === 'international_first')
  if (cabin) return `Paused: the ${plan.name} plan does not include ${PREMIUM_REASON_LABEL[cabin].toLowerCase()} alerts.`
  const cap = plan.limits.maxAlerts
  if (cap !== null && running >= cap) return `Paused: the ${plan.name} plan allows ${cap} alerts.`
  return null
}

function fitChannels(plan: Plan, current: NotificationChannels, notes: string[]): NotificationChannels {
  const dropped = CHANNEL_ORDER.filter((channel) => current[channel] && !channelAllowed(plan.id, channel))
  if (dropped.length === 0) return current
  const channels = { ...current }
  for (const channel of dropped) channels[channel] = false
  const emailAdded = !Object.values(channels).some(Boolean)
  if (emailAdded) channels.email = true
  const names = dropped.map((channel) => CHANNEL_LABEL[channel]).join(' and ')
  notes.push(`${names} notifications switched off: not in the ${plan.name} plan${emailAdded ? '; email switched on instead' : ''}.`)
  return channels
}

function fitFrequency(plan: Plan, current: string, notes: string[]): string {
  if (frequencyAllowed(plan.id, current)) return current
  const next = nearestAllowedFrequency(plan.id, current)
  notes.push(`Check frequency changed from ${current} to ${next} to fit the ${plan.name} plan.`)
  return next
}

/** Too fast: the plan's fastest. A custom interval the plan can't keep: the closest it offers (slower on a tie). */
function nearestAllowedFrequency(plan: PlanId, current: string): string {
  const allowed = [...allowedFrequencies(plan)] as CheckFrequency[]
  if (allowed.length === 0) return DEFAULT_CHECK_FREQUENCY
  const hours = checkFrequencyHours(current) ?? 0
  const distance = (frequency: CheckFrequency) => Math.abs(CHECK_FREQUENCY_HOURS[frequency] - hours)
  return allowed.reduce((best, frequency) => {
    const d = distance(frequency) - distance(best)
    return d < 0 || (d === 0 && CHECK_FREQUENCY_HOURS[frequency] > CHECK_FREQUENCY_HOURS[best]) ? frequency : best
  })
}
