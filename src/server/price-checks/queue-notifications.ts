import { asc, inArray, lte, sql } from 'drizzle-orm'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alertPrices, profiles } from '../db/schema.ts'
import type { AlertCheck } from './check-alert-group.ts'
import { dedupeKey, HISTORY_POINTS, noticeChannels, noticePayload } from './notification-payload.ts'

/**
 * Writes the outbox rows for the price events of a batch, inside the transaction that stores the
 * evaluation (issue 6): one row per alert, event and channel, `pending`, for the dispatcher to send.
 * The dedupe key makes a repeat harmless. Channels are judged against the owner's plan now; the
 * dispatcher judges them again when it sends.
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

  const rows = events.flatMap(({ alert, evaluation }) => {
    const notify = evaluation!.notify!
    const payload = noticePayload({ alert, price: notify.price, itinerary: notify.itinerary, history: history.get(alert.id) ?? [], publicUrl: input.publicUrl })
    return noticeChannels(alert.notificationChannels, planOf(alert.userId)).map((channel) => ({
      alertId: alert.id,
      userId: alert.userId,
      channel,
      dedupeKey: dedupeKey(alert.id, notify.eventKey, channel),
      status: 'pending' as const,
      price: notify.price,
      payload,
      // The engine's clock, not the database's: a dispatcher comparing with its own clock finds the
      // row due at once (now() keeps microseconds a JavaScript Date would round away).
      nextAttemptAt: input.now,
    }))
  })
  if (rows.length === 0) return 0
  const inserted = await tx.insert(alertNotifications).values(rows).onConflictDoNothing({ target: alertNotifications.dedupeKey }).returning({ id: alertNotifications.id })
  return inserted.length
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
