import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { alertNotifications, alerts } from '../db/schema.ts'

/**
 * Releases every lease on alerts and pending notices. Only for a process that opened a PGlite data
 * directory: it is the directory's one process (data-dir-lock.ts), so a lease it finds at start-up
 * was left by a process that is gone (kill -9, crash, power cut) and those alerts and notices can
 * go again at once, instead of after PRICE_CHECK_LEASE_SECONDS and the dispatcher's lease. Never on
 * PostgreSQL, where other workers' leases are alive.
 */
export async function releaseOrphanedLeases(db: Db): Promise<{ alerts: number; notifications: number }> {
  const freedAlerts = await db
    .update(alerts)
    // Releasing a lease changes nothing about the alert itself: updated_at stays.
    .set({ leaseOwner: null, leaseUntil: null, updatedAt: sql`${alerts.updatedAt}` })
    .where(isNotNull(alerts.leaseOwner))
    .returning({ id: alerts.id })
  const freedNotices = await db
    .update(alertNotifications)
    .set({ leaseUntil: null })
    .where(and(eq(alertNotifications.status, 'pending'), isNotNull(alertNotifications.leaseUntil)))
    .returning({ id: alertNotifications.id })
  return { alerts: freedAlerts.length, notifications: freedNotices.length }
}
