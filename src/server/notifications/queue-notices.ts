import type { NotificationChannel } from '#shared/plans.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, type AlertNotificationPayload } from '../db/schema.ts'

/** A notice for one alert's price event on one channel, as the price-check engine asks for it. */
export interface Notice {
  alertId: string
  userId: string
  channel: NotificationChannel
  /** Names the price event (the triggering observation): one notice per event and channel. */
  eventKey: string
  price: number
  payload: AlertNotificationPayload
  /** Not sent before this (the alert's quiet hours); absent: due at once. */
  dueAt?: Date
}

/** `${alertId}:${eventKey}:${channel}`: one notice per price event and channel, however often it is retried. */
export const dedupeKey = (alertId: string, eventKey: string, channel: NotificationChannel) => `${alertId}:${eventKey}:${channel}`

/**
 * Queues notices for the dispatcher, inside the caller's transaction (the engine's write of the
 * evaluation that caused them, so a notice exists exactly when its price event does). A notice whose
 * key was queued before is ignored, so a retried check never queues one twice. Returns how many
 * rows were new. Due at `now` (or a notice's own `dueAt`, later), the engine's clock: a dispatcher comparing with its own clock finds
 * them due at once (the database's now() keeps microseconds a JavaScript Date rounds away).
 */
export async function queueNotices(tx: Db, notices: readonly Notice[], now: Date): Promise<number> {
  if (notices.length === 0) return 0
  const inserted = await tx
    .insert(alertNotifications)
    .values(
      notices.map((notice) => ({
        alertId: notice.alertId,
        userId: notice.userId,
        channel: notice.channel,
        dedupeKey: dedupeKey(notice.alertId, notice.eventKey, notice.channel),
        status: 'pending' as const,
        price: notice.price,
        payload: notice.payload,
        nextAttemptAt: notice.dueAt && notice.dueAt > now ? notice.dueAt : now,
      })),
    )
    .onConflictDoNothing({ target: alertNotifications.dedupeKey })
    .returning({ id: alertNotifications.id })
  return inserted.length
}
