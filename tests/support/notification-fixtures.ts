import { randomUUID } from 'node:crypto'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import type { NotificationChannels } from '#shared/alerts/alert.ts'
import type { AlertStatus } from '#shared/alert-status.ts'
import type { NotificationChannel, PlanId } from '#shared/plans.ts'
import type { Db } from '../../src/server/db/client.ts'
import { alertNotifications, alerts, profiles, users, type AlertNotificationPayload } from '../../src/server/db/schema.ts'
import { inDays } from './alert-fixtures.ts'
import { planProfile } from './plan-profile.ts'

/**
 * Rows for notification tests, written straight into the tables (the price-check engine that
 * queues notices in production is not needed to test their delivery).
 */

let counter = 0

export async function insertUser(
  db: Db,
  { plan = 'elite', phone = '+14155550100', email }: { plan?: PlanId; phone?: string | null; email?: string } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID()
  const address = email ?? `notify${++counter}-${Date.now()}@example.com`
  await db.insert(users).values({ id, name: 'Ana Lima', email: address, emailVerified: true })
  // A given number counts as verified by its code (decision 015): these tests are about delivery.
  await db.insert(profiles).values({ id, ...planProfile(plan), phone, phoneVerifiedAt: phone ? new Date() : null })
  return { id, email: address }
}

export async function insertAlert(
  db: Db,
  userId: string,
  { channels = { email: true, sms: true, whatsapp: true, push: true }, status = 'triggered', name = 'JFK → LHR Route Alert' }: {
    channels?: Partial<NotificationChannels>
    status?: AlertStatus
    name?: string
  } = {},
): Promise<string> {
  const outbound = inDays(40)
  const [row] = await db
    .insert(alerts)
    .values({
      userId,
      status,
      name,
      alertCategory: 'premium',
      alertType: 'route',
      targetPrice: 450,
      currency: 'USD',
      originAirport: 'JFK',
      destinationAirport: 'LHR',
      departureDate: outbound,
      searchParameters: alertSearchParamsSchema.parse({ type: 2, departure_id: 'JFK', arrival_id: 'LHR', outbound_date: outbound }),
      notificationChannels: { email: false, sms: false, whatsapp: false, push: false, ...channels },
      checkFrequency: '12h',
    })
    .returning({ id: alerts.id })
  return row!.id
}

export function samplePayload(overrides: Partial<AlertNotificationPayload> = {}): AlertNotificationPayload {
  return {
    alertName: 'JFK → LHR Route Alert',
    route: 'JFK → LHR',
    departureDate: '2027-03-05',
    returnDate: null,
    price: 412,
    targetPrice: 450,
    currency: 'USD',
    dropPercent: 8,
    itinerarySummary: 'BA 117 · nonstop · 7h 10m',
    searchUrl: 'http://localhost:3000/search?from=JFK&to=LHR&date=2027-03-05&sort=price',
    alertUrl: 'http://localhost:3000/alerts?alert=sample-alert',
    bookingUrl: 'https://seller.example/book?id=1',
    history: [
      { price: 520, recordedAt: '2027-01-10T12:00:00Z' },
      { price: 480, recordedAt: '2027-01-11T12:00:00Z' },
      { price: 412, recordedAt: '2027-01-12T12:00:00Z' },
    ],
    ...overrides,
  }
}

/** One pending notice, as the engine queues it; `event` names the price event in the dedupe key. */
export async function insertNotification(
  db: Db,
  { alertId, userId, channel, event = randomUUID(), payload = samplePayload(), nextAttemptAt }: {
    alertId: string
    userId: string
    channel: NotificationChannel
    event?: string
    payload?: AlertNotificationPayload
    nextAttemptAt?: Date
  },
): Promise<typeof alertNotifications.$inferSelect> {
  const [row] = await db
    .insert(alertNotifications)
    .values({
      alertId,
      userId,
      channel,
      dedupeKey: `${alertId}:${event}:${channel}`,
      price: payload.price,
      payload,
      // JavaScript's clock (milliseconds), as the engine writes it: the database's now() carries
      // microseconds and a row made this millisecond would not yet be due to a dispatcher's Date.
      nextAttemptAt: nextAttemptAt ?? new Date(),
    })
    .returning()
  return row!
}
