import { and, asc, eq, notInArray, or } from 'drizzle-orm'
import type { NativePushDeviceInput } from '#shared/notifications.ts'
import type { Db } from '../db/client.ts'
import { nativePushDevices } from '../db/schema.ts'

/** App installs one user may register (as for browsers); the oldest go when a new one would pass the cap. */
export const MAX_NATIVE_PUSH_DEVICES = 20

/**
 * Registers the app's push token for the signed-in session (decision 039). A token is one app on
 * one device, so it belongs to whoever registered it last (unique token, upsert that takes the
 * user and session too): after someone else signs in on the same phone, the previous user's
 * notices stop reaching it. The app registers at every start (tokens change), which also moves the
 * row to the session that is signed in now.
 */
export async function saveNativePushDevice(db: Db, viewer: { userId: string; sessionId: string }, input: NativePushDeviceInput): Promise<void> {
  const { userId, sessionId } = viewer
  await db.transaction(async (tx) => {
    await tx
      .insert(nativePushDevices)
      .values({ userId, sessionId, platform: input.platform, token: input.token })
      .onConflictDoUpdate({ target: nativePushDevices.token, set: { userId, sessionId, platform: input.platform, createdAt: new Date() } })
    const rows = await tx
      .select({ id: nativePushDevices.id })
      .from(nativePushDevices)
      .where(eq(nativePushDevices.userId, userId))
      .orderBy(asc(nativePushDevices.createdAt), asc(nativePushDevices.id))
    if (rows.length > MAX_NATIVE_PUSH_DEVICES) {
      const newest = rows.slice(-MAX_NATIVE_PUSH_DEVICES).map((row) => row.id)
      await tx.delete(nativePushDevices).where(and(eq(nativePushDevices.userId, userId), notInArray(nativePushDevices.id, newest)))
    }
  })
}

/** Forgets one of the caller's tokens (the app signing out); false when they have no such token. */
export async function deleteNativePushDevice(db: Db, userId: string, token: string): Promise<boolean> {
  const deleted = await db
    .delete(nativePushDevices)
    .where(
      and(
        eq(nativePushDevices.userId, userId),
        // iOS tokens are kept in lower case (hex is case-insensitive); Android's are taken as given.
        or(eq(nativePushDevices.token, token), and(eq(nativePushDevices.platform, 'ios'), eq(nativePushDevices.token, token.toLowerCase()))),
      ),
    )
    .returning({ id: nativePushDevices.id })
  return deleted.length > 0
}

/** The push service said the token is gone (FCM UNREGISTERED, APNs 410 / BadDeviceToken): stop sending to it. */
export async function removeNativePushToken(db: Db, token: string): Promise<void> {
  await db.delete(nativePushDevices).where(eq(nativePushDevices.token, token))
}
