import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { PushSubscriptionInput, PushSubscriptionsResponse } from '#shared/notifications.ts'
import type { Db } from '../db/client.ts'
import { alerts, pushSubscriptions } from '../db/schema.ts'

/** Devices one user may register; the oldest go when a new one would pass the cap. */
export const MAX_PUSH_SUBSCRIPTIONS = 20

/**
 * Registers a browser's subscription for the signed-in user. The endpoint is the browser's own
 * (unguessable) address at its push service, so one endpoint is one device, and the device belongs
 * to whoever registered it last (unique endpoint, upsert that takes the user too): saving it again
 * replaces the keys, and a shared browser that someone else signs in on and registers moves to
 * them, so the previous user's notices stop reaching it.
 */
export async function savePushSubscription(db: Db, userId: string, input: PushSubscriptionInput, userAgent: string | null): Promise<void> {
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent }
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      // A re-registered device counts as new, so the cap below drops devices that went quiet first.
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth, userAgent, createdAt: new Date() } })
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    if (rows.length > MAX_PUSH_SUBSCRIPTIONS) {
      const newest = rows.slice(-MAX_PUSH_SUBSCRIPTIONS).map((row) => row.id)
      await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
    }
  })
}

/** Forgets one of the caller's subscriptions; false when they have none with that endpoint. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return deleted.length > 0
}

/**
 * GET /api/push/subscriptions: the caller's devices, so a browser can tell whether its own
 * subscription is registered for whoever is signed in now (a shared browser may hold one made for
 * someone else), and how many of the caller's live alerts send push: the web app registers an
 * existing browser subscription for a user who signs in with push alerts (decision 015).
 */
export async function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionsResponse> {
  const [devices, [pushAlerts]] = await Promise.all([
    db
      .select({ endpoint: pushSubscriptions.endpoint, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    db
      .select({ count: count() })
      .from(alerts)
      .where(
        and(
          eq(alerts.userId, userId),
          inArray(alerts.status, ['active', 'triggered', 'at_risk']),
          sql`(${alerts.notificationChannels} ->> 'push')::boolean is true`,
        ),
      ),
  ])
  return {
    subscriptions: devices.map((device) => ({ ...device, createdAt: device.createdAt.toISOString() })),
    pushAlerts: pushAlerts?.count ?? 0,
  }
}
