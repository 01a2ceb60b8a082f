import { and, asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_MESSAGES,
  type createWebhookEndpointSchema,
  type updateWebhookEndpointSchema,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '#shared/webhooks.ts'
import type { Db } from '../db/client.ts'
import { webhookEndpoints } from '../db/schema.ts'
import { AppError } from '../lib/app-error.ts'
import { isUuid } from '../lib/uuid.ts'
import { assertPublicEndpoint } from './endpoint-address.ts'
import { newWebhookSecret } from './webhook-signature.ts'
import { assertUnlimited, lockPlanOf, type WebhookOwner } from './webhook-owner.ts'

export type EndpointRow = typeof webhookEndpoints.$inferSelect
export interface EndpointDeps {
  db: Db
  now: () => Date
  allowPrivateAddresses: boolean
}

export const endpointView = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** One of the owner's endpoints; anyone else's id (or no valid id) reads as none: 404. */
export async function ownedEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow> {
  const [row] = isUuid(id) ? await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))) : []
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
  return row
}

export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
  return rows.map(endpointView)
}

/**
 * A new endpoint for an Unlimited account, with its signing secret. The address is checked before
 * the transaction (a DNS lookup holds no lock); the cap is counted under the profile lock.
 */
export async function createEndpoint(deps: EndpointDeps, userId: string, input: z.output<typeof createWebhookEndpointSchema>): Promise<WebhookEndpointWithSecret> {
  const url = new URL(input.url).href
  await assertPublicEndpoint(url, deps)
  return deps.db.transaction(async (tx) => {
    assertUnlimited(await lockPlanOf(tx, userId))
    const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId))
    if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('conflict', WEBHOOK_MESSAGES.tooMany)
    const secret = newWebhookSecret()
    const now = deps.now()
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ userId, url, description: input.description, events: input.events, secret, createdAt: now, updatedAt: now })
      .returning()
    return { endpoint: endpointView(row!), secret }
  })
}

/** Changes the URL (checked again), events, description or enabled; pending deliveries use the new URL. */
export async function updateEndpoint(deps: EndpointDeps, owner: WebhookOwner, id: string, patch: z.output<typeof updateWebhookEndpointSchema>): Promise<WebhookEndpointView> {
  await ownedEndpoint(deps.db, owner.userId, id)
  assertUnlimited(owner.plan)
  const url = patch.url === undefined ? undefined : new URL(patch.url).href
  if (url !== undefined) await assertPublicEndpoint(url, deps)
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined ? { url } : {}),
      ...(patch.events !== undefined ? { events: patch.events } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      updatedAt: deps.now(),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, owner.userId)))
    .returning()
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
  return endpointView(row)
}

/** Deletes one of the owner's endpoints and its log (any plan: leaving Unlimited never traps one). */
export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id)
    ? await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))).returning({ id: webhookEndpoints.id })
    : []
  if (deleted.length === 0) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
}

/** The signing secret, for its owner (the dispatcher needs it in clear to sign, so it can be shown again). */
export async function revealSecret(db: Db, userId: string, id: string): Promise<string> {
  return (await ownedEndpoint(db, userId, id)).secret
}

/** A new secret at once; the old one stops signing with the next attempt. */
export async function rotateSecret(deps: EndpointDeps, owner: WebhookOwner, id: string): Promise<WebhookEndpointWithSecret> {
  await ownedEndpoint(deps.db, owner.userId, id)
  assertUnlimited(owner.plan)
  const secret = newWebhookSecret()
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({ secret, updatedAt: deps.now() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, owner.userId)))
    .returning()
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound)
  return { endpoint: endpointView(row), secret }
}
