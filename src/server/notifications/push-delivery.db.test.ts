import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakePushService, type FakePushService } from '#tests/fakes/push-service.ts'
import { insertAlert, insertNotification, insertUser } from '#tests/support/notification-fixtures.ts'
import { silentLogger } from '#tests/support/silent-logger.ts'
import { openTestDatabase } from '#tests/support/test-db.ts'
import type { Database } from '../db/client.ts'
import { alertNotifications, pushSubscriptions } from '../db/schema.ts'
import { createOutboxMailer } from '../email/outbox-mailer.ts'
import { parseEnv } from '../env.ts'
import { createNotificationServices, type NotificationServices } from './create-notification-services.ts'
import { dispatchDueNotifications } from './dispatch-notifications.ts'

/**
 * Push from the outbox row to the device, as configured from the environment: the generated VAPID
 * keys from app_secrets, web-push to a local push service that checks and decrypts, and a 410
 * that removes the subscription from the database.
 */

let database: Database
let push: FakePushService
let services: NotificationServices

beforeAll(async () => {
  database = await openTestDatabase()
  push = await startFakePushService()
  services = await createNotificationServices({
    env: parseEnv({ NODE_ENV: 'test', VAPID_SUBJECT: 'mailto:ops@faredrop.test' }),
    db: database.db,
    logger: silentLogger,
    mailer: createOutboxMailer({ db: database.db, logger: silentLogger }),
    authSecret: 'a'.repeat(32),
    pushAgent: push.agent,
  })
})

afterAll(async () => {
  await push.close()
  await database.close()
})

const dispatch = () =>
  dispatchDueNotifications({ db: database.db, channels: services.channels, logger: silentLogger, now: () => new Date(), unsubscribeUrl: services.unsubscribeLinks.url, clientLinks: services.clientLinks, publicUrl: 'http://localhost:3000' })

async function subscribedUser() {
  const owner = await insertUser(database.db)
  const device = push.subscribe({ applicationServerKey: services.vapidPublicKey })
  await database.db.insert(pushSubscriptions).values({ userId: owner.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth })
  const alertId = await insertAlert(database.db, owner.id)
  return { owner, device, alertId }
}

describe('push delivery', () => {
  it('reaches the device, signed with the stored VAPID key and decryptable by it', async () => {
    expect(services.channels.push.name).toBe('webpush')
    const { owner, device, alertId } = await subscribedUser()
    const row = await insertNotification(database.db, { alertId, userId: owner.id, channel: 'push' })

    expect(await dispatch()).toMatchObject({ sent: 1 })
    const delivery = push.received.find((r) => r.subscriptionId === device.id)!
    expect(JSON.parse(delivery.payload)).toMatchObject({ title: 'Price drop: JFK → LHR now $412', url: row.payload.alertUrl })
    expect(delivery.vapid.publicKey).toBe(services.vapidPublicKey)
    const [stored] = await database.db.select().from(alertNotifications).where(eq(alertNotifications.id, row.id))
    expect(stored).toMatchObject({ status: 'sent', providerMessageId: expect.stringMatching(/\/messages\/\d+$/) })
  })

  it('deletes a subscription the push service says is gone (410) and skips the notice', async () => {
    const { owner, device, alertId } = await subscribedUser()
    push.respondWith({ status: 410, subscriptionId: device.id, times: 1 })
    const row = await insertNotification(database.db, { alertId, userId: owner.id, channel: 'push' })

    expect(await dispatch()).toMatchObject({ skipped: 1 })
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id))).toEqual([])
    const [stored] = await database.db.select().from(alertNotifications).where(eq(alertNotifications.id, row.id))
    expect(stored).toMatchObject({ status: 'skipped', lastError: 'skipped: every push subscription of this user has expired' })
  })
})
