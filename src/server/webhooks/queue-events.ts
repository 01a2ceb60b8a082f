import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import type { WebhookEvent, WebhookEventData, WebhookEventType } from '#shared/webhooks.ts'
import type { Db } from '../db/client.ts'
import { profiles, webhookDeliveries, webhookEndpoints } from '../db/schema.ts'

/** An event as a domain raises it, for one account. */
export interface RaisedEvent<T extends WebhookEventType = WebhookEventType> {
  userId: string
  type: T
  /** Names the event for de-duplication: raising the same key again (a retried write) adds nothing. */
  key: string
  data: WebhookEventData[T]
}

/**
 * Queues a delivery of each event to every enabled endpoint of its owner that subscribed to its
 * type, inside the caller's transaction (the write that made the event happen, so a delivery exists
 * exactly when its event does). One indexed query finds the endpoints: an account without any
 * costs nothing more. Only Unlimited owners (admins included) whose account is not disabled get
 * deliveries. Each event has one id, the same at every endpoint. Due at `now`, the caller's clock.
 * Returns how many deliveries were new.
 */
export async function queueWebhookEvents(tx: Db, events: readonly RaisedEvent[], now: Date): Promise<number> {
  if (events.length === 0) return 0
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, events: webhookEndpoints.events, role: profiles.role, tier: profiles.subscriptionTier })
    .from(webhookEndpoints)
    .innerJoin(profiles, eq(profiles.id, webhookEndpoints.userId))
    .where(and(inArray(webhookEndpoints.userId, [...new Set(events.map((event) => event.userId))]), eq(webhookEndpoints.enabled, true), isNull(profiles.disabledAt)))
  const listening = endpoints.filter((endpoint) => planForProfile({ role: endpoint.role, subscription_tier: endpoint.tier }) === 'unlimited')
  if (listening.length === 0) return 0

  const created = Math.floor(now.getTime() / 1000)
  const rows = events.flatMap((event) => {
    const payload: WebhookEvent = { id: randomUUID(), type: event.type, created, data: event.data }
    return listening
      .filter((endpoint) => endpoint.userId === event.userId && endpoint.events.includes(event.type))
      .map((endpoint) => ({
        endpointId: endpoint.id,
        userId: event.userId,
        eventId: payload.id,
        eventType: event.type,
        dedupeKey: `${endpoint.id}:${event.key}`,
        payload: payload as unknown as Record<string, unknown>,
        nextAttemptAt: now,
        createdAt: now,
      }))
  })
  if (rows.length === 0) return 0
  const inserted = await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing({ target: webhookDeliveries.dedupeKey }).returning({ id: webhookDeliveries.id })
  return inserted.length
}
