import { desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { NOTIFICATION_STATUSES } from '#shared/notifications.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts, users } from '../db/schema.ts'

export const listNotificationsQuerySchema = z.object({
  status: z.enum(NOTIFICATION_STATUSES).default('dead'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

/**
 * The notification outbox for support, newest first: by default the dead letters (notices that
 * failed for good), with who, which alert, which channel and the last error.
 */
export async function listNotifications(db: Db, query: z.infer<typeof listNotificationsQuerySchema>) {
  return db
    .select({
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
    })
    .from(alertNotifications)
    .innerJoin(alerts, eq(alerts.id, alertNotifications.alertId))
    .innerJoin(users, eq(users.id, alertNotifications.userId))
    .where(eq(alertNotifications.status, query.status))
    .orderBy(desc(alertNotifications.createdAt))
    .limit(query.limit)
}
