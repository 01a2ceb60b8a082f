import { randomUUID } from 'node:crypto'
import { and, desc, eq, lt, or } from 'drizzle-orm'
import {
  canonicalEvent,
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookEventType,
} from '#shared/webhooks.ts'
import type { Db } from '../db/client.ts'
import { webhookDeliveries } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { isUuid } from '../lib/uuid.ts'
import { ownedEndpoint, type EndpointRow } from './endpoints.ts'
import { assertUnlimited, type WebhookOwner } from './webhook-owner.ts'

export type DeliveryRow = typeof webhookDeliveries.$inferSelect

export const deliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  endpointId: row.endpointId,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  responseBody: row.responseBody,
  durationMs: row.durationMs,
  lastError: row.lastError,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  payload: canonicalEvent(row.payload as unknown as WebhookEvent),
})

/** An endpoint's log, newest first, a page at a time (`before`: the last delivery of the page already shown). */
export async function listDeliveries(db: Db, userId: string, endpointId: string, before?: string): Promise<WebhookDeliveryPage> {
  await ownedEndpoint(db, userId, endpointId)
  const own = and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.userId, userId))
  let older
  if (before) {
    const [cursor] = await db.select({ createdAt: webhookDeliveries.createdAt, id: webhookDeliveries.id }).from(webhookDeliveries).where(and(own, eq(webhookDeliveries.id, before)))
    if (!cursor) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound)
    older = or(lt(webhookDeliveries.createdAt, cursor.createdAt), and(eq(webhookDeliveries.createdAt, cursor.createdAt), lt(webhookDeliveries.id, cursor.id)))
  }
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(own, older))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_PAGE_SIZE + 1)
  return { deliveries: rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE).map(deliveryView), hasMore: rows.length > WEBHOOK_DELIVERY_PAGE_SIZE }
}

/** An id no alert has: a test event's data names it, so receivers can tell one apart. */
export const TEST_ALERT_ID = '00000000-0000-0000-0000-000000000000'

function sampleData<T extends WebhookEventType>(type: T, now: Date): WebhookEventData[T] {
  const data: WebhookEventData = {
    'alert.triggered': {
      alert_id: TEST_ALERT_ID,
      name: 'Test event from FareDrop',
      route: 'JFK → LHR',
      departure_date: new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      return_date: null,
      target_price: 450,
      price: 399,
      currency: 'USD',
      lowest_price: 399,
      booking_url: null,
      client_id: null,
    },
    'alert.status_changed': { alert_id: TEST_ALERT_ID, name: 'Test event from FareDrop', from: 'active', to: 'paused', status_note: null, client_id: null },
  }
  return data[type]
}

async function queueDelivery(db: Db, endpoint: EndpointRow, event: WebhookEvent, now: Date): Promise<WebhookDeliveryView> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      userId: endpoint.userId,
      eventId: event.id,
      eventType: event.type,
      payload: event as unknown as Record<string, unknown>,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning()
  return deliveryView(row!)
}

async function sendableEndpoint(db: Db, owner: WebhookOwner, endpointId: string): Promise<EndpointRow> {
  const endpoint = await ownedEndpoint(db, owner.userId, endpointId)
  assertUnlimited(owner.plan)
  if (!endpoint.enabled) throw new AppError('conflict', WEBHOOK_MESSAGES.disabled)
  return endpoint
}

/** A sample event of `type` (the endpoint's first type by default), queued for delivery now. */
export async function sendTestEvent(deps: { db: Db; now: () => Date }, owner: WebhookOwner, endpointId: string, type?: WebhookEventType): Promise<WebhookDeliveryView> {
  const endpoint = await sendableEndpoint(deps.db, owner, endpointId)
  const now = deps.now()
  const chosen = type ?? endpoint.events[0] ?? 'alert.triggered'
  const event: WebhookEvent = { id: randomUUID(), type: chosen, created: Math.floor(now.getTime() / 1000), data: sampleData(chosen, now) }
  return queueDelivery(deps.db, endpoint, event, now)
}

/** A new delivery of a delivery's event (same event id, same body) to its endpoint as it is now. */
export async function resendDelivery(deps: { db: Db; now: () => Date }, owner: WebhookOwner, deliveryId: string): Promise<WebhookDeliveryView> {
  const [original] = isUuid(deliveryId)
    ? await deps.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.userId, owner.userId)))
    : []
  if (!original) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound)
  const endpoint = await sendableEndpoint(deps.db, owner, original.endpointId)
  return queueDelivery(deps.db, endpoint, original.payload as unknown as WebhookEvent, deps.now())
}
