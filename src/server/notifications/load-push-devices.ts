import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { nativePushDevices, pushSubscriptions, sessions } from '../db/schema.ts'
import type { NotificationRecipient } from './channel-driver.ts'

export type PushDevices = Pick<NotificationRecipient, 'pushSubscriptions' | 'nativePushDevices'>

/**
 * Every push device of these users, for the push channel: their browsers' Web Push subscriptions,
 * and their app installs whose session is still live (decision 039: an app that signed out, or
 * whose session expired or was ended, gets no more notices; an expired session's row may linger
 * until the auth library deletes it, so expiry is checked here too, against real time as the auth
 * library does, not the app clock tests may move). Two queries for the batch.
 */
export async function loadPushDevices(db: Db, userIds: readonly string[]): Promise<Map<string, PushDevices>> {
  const byUser = new Map<string, PushDevices>(userIds.map((id) => [id, { pushSubscriptions: [], nativePushDevices: [] }]))
  if (userIds.length === 0) return byUser
  const [browsers, apps] = await Promise.all([
    db
      .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...userIds])),
    db
      .select({ userId: nativePushDevices.userId, platform: nativePushDevices.platform, token: nativePushDevices.token })
      .from(nativePushDevices)
      .innerJoin(sessions, eq(sessions.id, nativePushDevices.sessionId))
      .where(and(inArray(nativePushDevices.userId, [...userIds]), gt(sessions.expiresAt, sql`now()`))),
  ])
  for (const row of browsers) byUser.get(row.userId)?.pushSubscriptions.push({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } })
  for (const row of apps) byUser.get(row.userId)?.nativePushDevices.push({ platform: row.platform, token: row.token })
  return byUser
}
