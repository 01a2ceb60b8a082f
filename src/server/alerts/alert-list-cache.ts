import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { AlertPricePoint } from '#shared/alerts/alert.ts'
import { alerts } from '../db/schema.ts'
import type { AlertReadRow } from './to-alert.ts'

/**
 * The alert list's memory of alerts it has read (decision 020). Each alert is kept with the
 * version it was read at, and the list asks the database for its alerts' ids and versions on
 * every request, using a kept alert only while its version still matches: an edit, a pause, a
 * deletion or a check by any process shows at once, nothing is invalidated by hand, and several
 * processes on one PostgreSQL need no signal between them.
 *
 * The version is the row's `xmin`: the transaction that wrote this row version, new with every
 * committed insert or update. A price appended to an alert's history writes its alert's row too
 * (the engine updates the alert in the same transaction; migration 0012's trigger does it for any
 * other writer), so a new price shows as well.
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
 * agree. Qualified by the table: a join or subquery may bring other `xmin`s into scope.
 */
export const alertVersion = sql<string>`${alerts}.xmin::text`
