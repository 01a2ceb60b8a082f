import { and, asc, eq, notInArray } from 'drizzle-orm'
import type { PushSubscriptionInput } from '#shared/notifications.ts'
import type { Db } from '../db/client.ts'
import { pushSubscriptions } from '../db/schema.ts'

/** Devices one user may register; the oldest go when a new one would pass the cap. */
export const MAX_PUSH_SUBSCRIPTIONS = 20

/**
 * Registers a browser's subscription for the signed-in user. The endpoint is the browser's own
 * (unguessable) address at its push service, so one endpoint is one device: saving it again
 * replaces the keys, and a device someone else signs in on moves to them.
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
