import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertAlert, insertNotification, insertUser } from '#tests/support/notification-fixtures.ts'
import { openTestDatabase } from '#tests/support/test-db.ts'
import type { Database } from '../db/client.ts'
import { alertNotifications, alerts } from '../db/schema.ts'
import { claimDueNotifications } from '../notifications/claim-notifications.ts'
import { claimDueAlerts } from '../price-checks/claim-due-alerts.ts'
import { releaseOrphanedLeases } from './release-orphaned-leases.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('releaseOrphanedLeases (PGlite start-up)', () => {
  it('frees the alerts and pending notices a dead process held, so they go again at once, and touches nothing else', async () => {
    const db = database.db
    const owner = await insertUser(db)
    const alertId = await insertAlert(db, owner.id, { status: 'active', channels: { email: true } })
    await db.update(alerts).set({ nextCheckAt: new Date(Date.now() - 60_000) }).where(eq(alerts.id, alertId))
    const [before] = await db.select().from(alerts).where(eq(alerts.id, alertId))
    const held = await insertNotification(db, { alertId, userId: owner.id, channel: 'email' })
    const sent = await insertNotification(db, { alertId, userId: owner.id, channel: 'sms' })
    await db.update(alertNotifications).set({ status: 'sent', sentAt: new Date() }).where(eq(alertNotifications.id, sent.id))

    // A process claims both, then dies (kill -9): its leases would hold them for minutes.
    const now = new Date()
    expect(await claimDueAlerts(db, { owner: 'dead-worker:1', now, leaseMs: 120_000, limit: 10 })).toHaveLength(1)
    expect(await claimDueNotifications(db, { now, batchSize: 10, leaseMs: 120_000 })).toHaveLength(1)
    expect(await claimDueAlerts(db, { owner: 'next:1', now, leaseMs: 120_000, limit: 10 })).toHaveLength(0)

    expect(await releaseOrphanedLeases(db)).toEqual({ alerts: 1, notifications: 1 })
    const [alert] = await db.select().from(alerts).where(eq(alerts.id, alertId))
    expect(alert).toMatchObject({ leaseOwner: null, leaseUntil: null, updatedAt: before!.updatedAt, nextCheckAt: before!.nextCheckAt })
    expect(await claimDueAlerts(db, { owner: 'next:1', now, leaseMs: 120_000, limit: 10 })).toHaveLength(1)
    const [notice] = await claimDueNotifications(db, { now, batchSize: 10, leaseMs: 120_000 })
    expect(notice).toMatchObject({ id: held.id, attempts: 0 })
    const [stillSent] = await db.select().from(alertNotifications).where(eq(alertNotifications.id, sent.id))
    expect(stillSent).toMatchObject({ status: 'sent', leaseUntil: null })
  })
})
