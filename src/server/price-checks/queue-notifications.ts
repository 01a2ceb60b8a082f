import { asc, inArray, lte, sql } from 'drizzle-orm'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import { quietUntil } from '#shared/alerts/quiet-hours.ts'
import type { Db } from '../db/client.ts'
import { alertPrices, profiles } from '../db/schema.ts'
import { queueNotices, type Notice } from '../notifications/queue-notices.ts'
import { queueAlertTriggeredEvents } from '../webhooks/alert-events.ts'
import type { AlertCheck } from './check-alert-group.ts'
import { HISTORY_POINTS, noticeChannels, noticePayload } from './notification-payload.ts'

/**
 * Asks notifications to queue the notices of a batch's price events (one per alert, event and
 * channel), inside the transaction that stores the evaluation. Channels are judged against the
 * owner's plan now; the dispatcher judges them again when it sends.
 */
export async function queueNotifications(tx: Db, checks: readonly AlertCheck[], input: { publicUrl: string; now: Date }): Promise<number> {
  const events = checks.filter((c) => c.evaluation?.notify)
  if (events.length === 0) return 0
  const owners = await tx
    .select({ id: profiles.id, role: profiles.role, tier: profiles.subscriptionTier })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(events.map((c) => c.alert.userId))]))
  const planOf = (userId: string) => {
    const owner = owners.find((o) => o.id === userId)
    return planForProfile({ role: owner?.role, subscription_tier: owner?.tier })
  }
  const history = await recentHistory(
    tx,
    events.map((c) => c.alert.id),
  )

  const raised = events.map(({ alert, evaluation, outcome }) => {
    const notify = evaluation!.notify!
    const bags = outcome.kind === 'price' ? outcome.bags : undefined
    const payload = noticePayload({ alert, price: notify.price, itinerary: notify.itinerary, history: history.get(alert.id) ?? [], publicUrl: input.publicUrl, bags })
    return { alert, notify, lowestPrice: evaluation!.lowestPrice, payload }
  })
  // The same price events as `alert.triggered` to the owner's webhooks, in this transaction too (decision 044).
  await queueAlertTriggeredEvents(tx, raised.map(({ alert, notify, lowestPrice, payload }) => ({ alert, eventKey: notify.eventKey, price: notify.price, lowestPrice, notice: payload })), input.now)

  const notices = raised.flatMap(({ alert, notify, payload }): Notice[] => {
    // In the alert's quiet hours the notices wait for the morning, or for the traveller's daily
    // digest; webhooks above do not (machines don't sleep).
    const dueAt = quietUntil(input.now, alert.quietHours)
    const digest = alert.digest ? { schedule: alert.digest, clientId: alert.clientId } : null
    return noticeChannels(alert.notificationChannels, planOf(alert.userId)).map((channel) => ({
      ...(dueAt ? { dueAt } : {}),
      ...(digest ? { digest } : {}),
      alertId: alert.id,
      userId: alert.userId,
      channel,
      eventKey: notify.eventKey,
      price: notify.price,
      payload,
    }))
  })
  return queueNotices(tx, notices, input.now)
}

/** The latest HISTORY_POINTS prices of each alert, oldest first (the new one is already written). */
async function recentHistory(tx: Db, alertIds: string[]): Promise<Map<string, { price: number; recordedAt: Date }[]>> {
  const ranked = tx
    .select({
      alertId: alertPrices.alertId,
      price: alertPrices.price,
      recordedAt: alertPrices.recordedAt,
      rank: sql<number>`row_number() over (partition by ${alertPrices.alertId} order by ${alertPrices.recordedAt} desc)`.as('rank'),
    })
    .from(alertPrices)
    .where(inArray(alertPrices.alertId, alertIds))
    .as('ranked')
  const rows = await tx
    .select({ alertId: ranked.alertId, price: ranked.price, recordedAt: ranked.recordedAt })
    .from(ranked)
    .where(lte(ranked.rank, HISTORY_POINTS))
    .orderBy(ranked.alertId, asc(ranked.recordedAt))
  const byAlert = new Map<string, { price: number; recordedAt: Date }[]>()
  for (const row of rows) byAlert.set(row.alertId, [...(byAlert.get(row.alertId) ?? []), { price: row.price, recordedAt: row.recordedAt }])
  return byAlert
}
