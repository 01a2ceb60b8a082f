import type { z } from 'zod'
import { alertCategory, checkFrequencyHours, premiumReasons, QUOTA_STATUSES, type PremiumReason } from '#shared/alerts/alert-rules.ts'
import { ALERT_MESSAGES, isAlertEditable, type Alert, type updateAlertSchema } from '#shared/alerts/alert.ts'
import { ruleProblems, ruleTarget } from '#shared/alerts/alert-trigger.ts'
import { DAILY_DIGEST_MESSAGES } from '#shared/alerts/daily-digest.ts'
import { DATE_WINDOW_MESSAGES, windowTripProblem } from '#shared/alerts/date-window.ts'
import { readAlertSearch } from '#shared/alerts/alert-search-params.ts'
import { assertWindowAhead } from './check-alert-trip.ts'
import { bagsOrNull } from './create-alert.ts'
import { alertSearchKey } from './search-key.ts'
import { BAG_MESSAGES, type AlertBags } from '#shared/flights/bag-fees.ts'
import { AppError } from '../lib/app-error.ts'
import type { AlertStatus } from '#shared/alert-status.ts'
import { getPlan, type PlanId } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { alerts } from '../db/schema.ts'
import { alertNotEditable, alertNotFound, premiumRequired } from './alert-errors.ts'
import { alertFeatures } from './alert-features.ts'
import { recentPrices } from './alert-prices.ts'
import { alertToday, countAlerts, effectiveStatus, isAlertId, lockOwnerPlan, ownedAlert, type AlertDeps } from './alert-scope.ts'
import { assertReasonableUse } from './reasonable-use.ts'
import { toAlert, type AlertRow } from './to-alert.ts'
import { queueAlertStatusChanges } from '../webhooks/alert-events.ts'
import { assertAlertClient } from './alert-client.ts'

export type AlertPatch = z.infer<typeof updateAlertSchema>

/** Statuses the checker keeps checking; moving into one of them from elsewhere is a resume. */
const RUNNING: readonly AlertStatus[] = ['active', 'triggered', 'at_risk']
const CHANNEL_REASONS: readonly PremiumReason[] = ['sms_notifications', 'whatsapp_notifications']

/**
 * PATCH /api/alerts/:id: rename, retarget, change channels or frequency, pause or resume.
 * Premium rules are judged on what the patch changes: new channels, a new frequency, and on a
 * resume the whole alert (a downgrade may have left it beyond the plan) plus the quota.
 */
export async function updateAlert(deps: AlertDeps, userId: string, id: string, patch: AlertPatch): Promise<Alert> {
  if (!isAlertId(id)) throw alertNotFound()
  const now = deps.now()
  const today = alertToday(now)

  return deps.db.transaction(async (tx) => {
    // Profile lock first, as create does: a resume and a create can't both take the last slot.
    const plan = await lockOwnerPlan(tx, userId)
    const [row] = await tx.select().from(alerts).where(ownedAlert(userId, id)).for('update')
    if (!row) throw alertNotFound()
    const status = effectiveStatus(row.status, row.departureDate, today)
    if (!isAlertEditable({ status, departure_date: row.departureDate }, today)) throw alertNotEditable()

    const channels = patch.notification_channels ?? row.notificationChannels
    const frequency = patch.check_frequency ?? row.checkFrequency
    const features = alertFeatures({ ...row, notificationChannels: channels, checkFrequency: frequency })
    const resuming = patch.status === 'active' && !RUNNING.includes(row.status)
    const reasons = premiumReasons(plan, features).filter(
      (reason) =>
        resuming ||
        (patch.notification_channels !== undefined && CHANNEL_REASONS.includes(reason)) ||
        (patch.check_frequency !== undefined && reason === 'high_frequency_check'),
    )
    if (resuming && (await quotaFull(tx, plan, row, today))) reasons.push('quota_exceeded')
    if (reasons.length > 0) throw premiumRequired(plan, reasons, 'resume this one')
    // Checked when the alert's checks a day could grow: a new frequency on a live alert, or a resume.
    const willRun = patch.status === 'active' || (patch.status === undefined && RUNNING.includes(row.status))
    const window = patch.date_window !== undefined ? patch.date_window : row.dateWindow
    if (willRun && (resuming || patch.check_frequency !== undefined || patch.date_window !== undefined)) {
      await assertReasonableUse(tx, userId, frequency, { exceptId: row.id, window, today })
    }
    // Checked only when it changes: a downgraded advisor may still edit a client's alert as it is.
    if (patch.client_id !== undefined && patch.client_id !== row.clientId) await assertAlertClient(tx, userId, plan, patch.client_id)

    const trigger = patchedTrigger(row, patch)
    assertDeliveryTiming(row, patch)
    const priced = patchedPricing(row, patch, today, now)

    const rulesChanged = patch.notification_channels !== undefined || patch.check_frequency !== undefined
    const statusChanged = patch.status !== undefined && patch.status !== row.status
    const [updated] = await tx
      .update(alerts)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(trigger ?? (patch.target_price !== undefined ? { targetPrice: patch.target_price } : {})),
        ...(patch.renotify_step !== undefined ? { renotifyStep: patch.renotify_step } : {}),
        ...(patch.quiet_hours !== undefined ? { quietHours: patch.quiet_hours } : {}),
        ...(patch.digest !== undefined ? { digest: patch.digest } : {}),
        ...priced,
        ...(patch.client_id !== undefined ? { clientId: patch.client_id } : {}),
        ...(rulesChanged ? { notificationChannels: channels, checkFrequency: frequency, alertCategory: alertCategory(features) } : {}),
        // The owner's own pause or resume: a later upgrade no longer resumes it on its own.
        ...(statusChanged ? { status: patch.status, pausedByPlan: false } : {}),
        // The note explains the last automatic change; the user's own change supersedes it.
        ...(statusChanged || rulesChanged ? { statusNote: null } : {}),
        ...(resuming || patch.check_frequency !== undefined ? { nextCheckAt: nextCheck(row, frequency, now) } : {}),
        updatedAt: now,
      })
      .where(ownedAlert(userId, id))
      .returning()
    // The owner's pause or resume: `alert.status_changed` to their webhooks (decision 044).
    if (statusChanged) await queueAlertStatusChanges(tx, [{ alert: updated!, from: row.status, to: updated!.status, note: null }], now)
    const prices = await recentPrices(tx, [row.id])
    return toAlert(updated!, prices.get(row.id) ?? [], { plan, today })
  })
}

/**
 * The trigger columns after a patch that touches the rule or the target, or null when it touches
 * neither. The rule is judged whole (the patch over what is stored), and a `drop` or `new_low`
 * target is the rule's own (decision 051). A new rule starts afresh: the next price at or under its
 * target notifies, as for a new alert.
 */
function patchedTrigger(row: AlertRow, patch: AlertPatch) {
  const touched = patch.trigger !== undefined || patch.drop_percent !== undefined || patch.baseline_price !== undefined
  if (!touched && patch.target_price === undefined) return null
  const trigger = patch.trigger ?? row.trigger
  const rule = {
    trigger,
    drop_percent: trigger === 'drop' ? (patch.drop_percent !== undefined ? patch.drop_percent : row.dropPercent) : null,
    baseline_price: patch.baseline_price !== undefined ? patch.baseline_price : row.baselinePrice,
  }
  const problems = ruleProblems(rule)
  const first = Object.values(problems)[0]
  if (first) {
    throw new AppError('validation_failed', first, { fieldErrors: Object.fromEntries(Object.entries(problems).map(([path, message]) => [path, [message]])) })
  }
  return {
    trigger: rule.trigger,
    dropPercent: rule.drop_percent,
    baselinePrice: rule.baseline_price,
    targetPrice: ruleTarget(rule, patch.target_price ?? row.targetPrice),
    ...(touched ? { armed: true, lastNotifiedPrice: null } : {}),
  }
}

/**
 * Quiet hours and the daily digest, judged whole (the patch over what is stored): a digest
 * already waits for its hour, so an alert has one or the other.
 */
function assertDeliveryTiming(row: AlertRow, patch: AlertPatch): void {
  const quiet = patch.quiet_hours !== undefined ? patch.quiet_hours : row.quietHours
  const digest = patch.digest !== undefined ? patch.digest : row.digest
  if (quiet && digest) {
    const message = DAILY_DIGEST_MESSAGES.withQuietHours
    throw new AppError('validation_failed', message, { fieldErrors: { [patch.digest ? 'digest' : 'quiet_hours']: [message] } })
  }
}

/**
 * Flexible dates, judged whole: a window fits the alert's trip (route alerts, one way or
 * round trip) and, when new or changed, starts today or later. A new window changes what the alert's
 * price means, so a change starts it afresh (as a new rule does, decision 051): re-armed, its price
 * now unknown until the next check, which comes at once. `departure_date` follows the window.
 */
function patchedPricing(row: AlertRow, patch: AlertPatch, today: string, now: Date) {
  // Compared by value: a stored window or bags come back from jsonb with their keys in its order.
  const windowChanged = patch.date_window !== undefined && canonicalJson(patch.date_window) !== canonicalJson(row.dateWindow)
  const bags = patch.bags === undefined ? undefined : bagsOrNull(patch.bags)
  const bagsChanged = bags !== undefined && canonicalJson(bags) !== canonicalJson(row.bags)
  if (!windowChanged && !bagsChanged) return {}
  if (bagsChanged && bags && row.alertType !== 'route') {
    throw new AppError('validation_failed', BAG_MESSAGES.routeOnly, { fieldErrors: { bags: [BAG_MESSAGES.routeOnly] } })
  }
  const search = readAlertSearch(row.searchParameters)
  if (windowChanged && patch.date_window) {
    const problem = row.alertType === 'flight' ? DATE_WINDOW_MESSAGES.flightAlert : windowTripProblem(patch.date_window, search.params.type)
    if (problem) throw new AppError('validation_failed', problem, { fieldErrors: { date_window: [problem] } })
    assertWindowAhead(patch.date_window, today)
  }
  // Without its window the alert goes back to its own dates: not when they have passed (it would expire at once).
  if (windowChanged && !patch.date_window && search.departureDate && search.departureDate < today) {
    throw new AppError('validation_failed', ALERT_MESSAGES.pastDeparture, { fieldErrors: { date_window: [ALERT_MESSAGES.pastDeparture] } })
  }
  return {
    ...(windowChanged ? { dateWindow: patch.date_window ?? null, departureDate: patch.date_window?.depart_to ?? search.departureDate } : {}),
    // The search asks for the carry-ons (its key follows), checked bags come from booking options.
    ...(bagsChanged ? { bags, ...bagSearch(row, bags) } : {}),
    armed: true,
    lastNotifiedPrice: null,
    currentPrice: null,
    lowestPrice: null,
    nextCheckAt: now,
  }
}

/** JSON with every object's keys sorted, to compare a patch's value with the stored one. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  )
}

/** The search with the new bags' carry-ons, and its claim key. */
function bagSearch(row: AlertRow, bags: AlertBags | null) {
  const params = { ...row.searchParameters, bags: bags ? bags.carry_on * (row.searchParameters.adults + row.searchParameters.children + row.searchParameters.infants_in_seat) : 0 }
  return { searchParameters: params, searchKey: alertSearchKey(params) }
}

/** Resuming needs a free running slot, and a free quota slot when the alert wasn't counted (archived). */
async function quotaFull(tx: Db, plan: PlanId, row: AlertRow, today: string): Promise<boolean> {
  const limit = getPlan(plan).limits.maxAlerts
  if (limit === null) return false
  const others = await countAlerts(tx, row.userId, today, row.id)
  const counted = (QUOTA_STATUSES as readonly AlertStatus[]).includes(row.status)
  return others.running >= limit || (!counted && others.used >= limit)
}

/**
 * The next check under the (possibly new) frequency: one interval after the last check, never in
 * the past and never later than already planned, so pausing and resuming can't buy extra checks
 * and a faster frequency takes effect at once.
 */
function nextCheck(row: AlertRow, frequency: string, now: Date): Date {
  const hours = checkFrequencyHours(frequency) ?? 0
  const byFrequency = new Date((row.lastCheckedAt ?? now).getTime() + hours * 3_600_000)
  const planned = row.nextCheckAt && row.nextCheckAt < byFrequency ? row.nextCheckAt : byFrequency
  return planned < now ? now : planned
}
