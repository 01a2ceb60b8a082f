import { and, desc, eq } from 'drizzle-orm'
import { alertNotFound } from './alert-errors.ts'
import { isAlertId, ownedAlert } from './alert-scope.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts } from '../db/schema.ts'

const HISTORY_LIMIT = 100

/** GET /api/alerts/:id/notifications: one alert's notices for its owner, newest first: what the alert detail shows per channel. */
export async function listAlertNotifications(db: Db, userId: string, alertId: string) {
  if (!isAlertId(alertId)) throw alertNotFound()
  const [alert] = await db.select({ id: alerts.id }).from(alerts).where(ownedAlert(userId, alertId))
  if (!alert) throw alertNotFound()
  const rows = await db
    .select({
      id: alertNotifications.id,
      channel: alertNotifications.channel,
      status: alertNotifications.status,
      attempts: alertNotifications.attempts,
      price: alertNotifications.price,
      createdAt: alertNotifications.createdAt,
      sentAt: alertNotifications.sentAt,
      nextAttemptAt: alertNotifications.nextAttemptAt,
      lastError: alertNotifications.lastError,
      digestId: alertNotifications.digestId,
    })
    .from(alertNotifications)
    .where(and(eq(alertNotifications.alertId, alertId), eq(alertNotifications.userId, userId)))
    .orderBy(desc(alertNotifications.createdAt))
    .limit(HISTORY_LIMIT)
  // Skip reasons are our own words ("the alert is paused"); provider errors stay with the admins.
  return rows.map(({ lastError, nextAttemptAt, digestId, ...row }) => ({
    ...row,
    nextAttemptAt: row.status === 'pending' ? nextAttemptAt : null,
    note: row.status === 'skipped' && lastError ? lastError.replace(/^skipped: /, '') : null,
    inDigest: digestId !== null,
  }))
}
