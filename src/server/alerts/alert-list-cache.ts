import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { AlertPricePoint } from '#shared/alerts/alert.ts'
import { alertPrices, alerts } from '../db/schema.ts'
import type { AlertReadRow } from './to-alert.ts'

/**
 * The alert list's memory of alerts it has read (decision 020). Each alert is kept with the
 * version it was read at, and the list asks the database for its alerts' ids and versions on
 * every request, using a kept alert only while its version still matches: an edit, a pause, a
 * deletion or a check by any process shows at once, nothing is invalidated by hand, and several
 * processes on one PostgreSQL need no signal between them.
 *
 * The version is the row's `xmin` (the transaction that wrote this row version, new with every
 * committed insert or update) and the time of the alert's newest price point (one probe of
 * `alert_prices_alert_recorded_idx`), so a price appended by any writer shows too, whether or
 * not it touched the alert's row.
 */
export interface ListedAlert {
  version: string
  row: AlertReadRow
  prices: readonly AlertPricePoint[]
}

export type AlertListCache = LRUCache<string, ListedAlert>

/** About 3 KB an alert (its row and 30 price points), so at most ~30 MB. */
const MAX_ALERTS = 10_000

export const createAlertListCache = (): AlertListCache => new LRUCache({ max: MAX_ALERTS })

/**
 * An alert's version, as above; select it with the alert's columns, in the same query, so they
 * agree. Names are spelled out: Drizzle leaves columns of a one-table select unqualified, and an
 * unqualified `id` in the subquery would be the price's.
 */
export const alertVersion = sql<string>`${alerts}.xmin::text || '/' || coalesce((
  select max(p.recorded_at) from ${alertPrices} as p where p.alert_id = ${alerts}.id)::text, '')`
