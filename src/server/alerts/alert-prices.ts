import { asc, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { alertPrices } from '../db/schema.ts'
import type { PriceRow } from './to-alert.ts'

/** Points per alert for the list's sparkline; the detail view has the full history. */
export const SPARKLINE_POINTS = 30

/** The latest SPARKLINE_POINTS prices of each alert, oldest first, in one query. */
export async function recentPrices(db: Db, alertIds: string[]): Promise<Map<string, PriceRow[]>> {
  const byAlert = new Map<string, PriceRow[]>()
  if (alertIds.length === 0) return byAlert
  const ranked = db
    .select({
      alertId: alertPrices.alertId,
      price: alertPrices.price,
      currency: alertPrices.currency,
      recordedAt: alertPrices.recordedAt,
      rank: sql<number>`row_number() over (partition by ${alertPrices.alertId} order by ${alertPrices.recordedAt} desc)`.as('rank'),
    })
    .from(alertPrices)
    .where(inArray(alertPrices.alertId, alertIds))
    .as('ranked')
  const rows = await db
    .select({ alertId: ranked.alertId, price: ranked.price, currency: ranked.currency, recordedAt: ranked.recordedAt })
    .from(ranked)
    .where(lte(ranked.rank, SPARKLINE_POINTS))
    .orderBy(ranked.alertId, asc(ranked.recordedAt))
  for (const row of rows) {
    const list = byAlert.get(row.alertId) ?? []
    list.push(row)
    byAlert.set(row.alertId, list)
  }
  return byAlert
}
