import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { adminNotificationListQuerySchema, type AdminNotificationRow, type NoticeChannel } from '#shared/admin.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts, users } from '../db/schema.ts'

export const listNotificationsQuerySchema = adminNotificationListQuerySchema

const notificationColumns = {
  id: alertNotifications.id,
  status: alertNotifications.status,
  channel: alertNotifications.channel,
  attempts: alertNotifications.attempts,
  lastError: alertNotifications.lastError,
  price: alertNotifications.price,
  createdAt: alertNotifications.createdAt,
  nextAttemptAt: alertNotifications.nextAttemptAt,
  sentAt: alertNotifications.sentAt,
  alertId: alertNotifications.alertId,
  alertName: alerts.name,
  userId: alertNotifications.userId,
  userEmail: users.email,
}

/** Notices with their alert's name and owner's email; callers add the filter. */
export const selectNotifications = (db: Db) =>
  db
    .select(notificationColumns)
    .from(alertNotifications)
    .innerJoin(alerts, eq(alerts.id, alertNotifications.alertId))
    .innerJoin(users, eq(users.id, alertNotifications.userId))
type NotificationRecord = Awaited<ReturnType<typeof selectNotifications>>[number]

export function toNotificationRow(row: NotificationRecord): AdminNotificationRow {
  return {
    ...row,
    channel: row.channel as NoticeChannel,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }
}

/**
 * The notification outbox for support, newest first: by default the dead letters (notices that
 * failed for good), with who, which alert, which channel and the last error.
 */
export async function listNotifications(db: Db, query: z.infer<typeof listNotificationsQuerySchema>): Promise<AdminNotificationRow[]> {
  const rows = await selectNotifications(db)
    .where(eq(alertNotifications.status, query.status))
    .orderBy(desc(alertNotifications.createdAt))
    .limit(query.limit)
  return rows.map(toNotificationRow)
}
