import { inArray, sql, type SQL } from 'drizzle-orm'
import type { AlertPricePoint } from '#shared/alerts/alert.ts'
import type { Db } from '../db/client.ts'
import { alertPrices, alerts } from '../db/schema.ts'

/** Points per alert for the list's sparkline; the detail view has the full history. */
export const SPARKLINE_POINTS = 30

/** One point as the SQL below encodes it: [price, currency, recorded_at in epoch milliseconds]. */
type EncodedPoint = [number, string, number]

const decodePoints = (value: unknown): AlertPricePoint[] =>
  (JSON.parse(value as string) as EncodedPoint[]).map(([price, currency, ms]) => ({ price, currency, recorded_at: new Date(ms).toISOString() }))

/**
 * The latest SPARKLINE_POINTS prices of each alert a query over `alerts` reads, oldest first, as
 * one column. The history's newest end is read from `alert_prices_alert_recorded_idx` whatever its
 * length, and the points come back as one JSON text per alert rather than a row per point: on
 * PGlite, decoding a row's fields costs more than the query (decision 020). Epoch milliseconds,
 * truncated as a JavaScript Date truncates, keep `recorded_at` exactly what a Date column gives.
 * Names are spelled out: Drizzle leaves columns of a one-table select unqualified.
 */
export function recentPricesColumn(): SQL<AlertPricePoint[]> {
  return sql`(select coalesce(json_agg(json_build_array(p.price, p.currency, floor(extract(epoch from p.recorded_at) * 1000)) order by p.recorded_at), '[]')::text
    from (select price, currency, recorded_at from ${alertPrices} where alert_id = ${alerts}.id
          order by recorded_at desc limit ${sql.raw(String(SPARKLINE_POINTS))}) as p)`.mapWith(decodePoints)
}

/** The same for a few alerts by id (an alert just created or changed). */
export async function recentPrices(db: Db, alertIds: string[]): Promise<Map<string, AlertPricePoint[]>> {
  if (alertIds.length === 0) return new Map()
  const rows = await db
    .select({ id: alerts.id, prices: recentPricesColumn() })
    .from(alerts)
    .where(inArray(alerts.id, alertIds))
  return new Map(rows.map((row) => [row.id, row.prices]))
}
