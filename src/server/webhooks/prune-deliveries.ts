import { and, inArray, lt, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { webhookDeliveries } from '../db/schema.ts'

/** How long the log keeps a finished delivery: long enough to look back over a month's integration. */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000
const PRUNE_CHUNK = 5_000

/** Deletes delivered and failed deliveries older than the retention, in chunks (no long lock); pending ones stay. */
export async function pruneWebhookDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_MS)
  let total = 0
  for (;;) {
    const old = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')))
      .limit(PRUNE_CHUNK)
    const deleted = await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, old)).returning({ id: webhookDeliveries.id })
    total += deleted.length
    if (deleted.length < PRUNE_CHUNK) return total
  }
}
