import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Alert, AlertListQuery } from '#shared/alerts/alert.ts'
import type { ChangeFeed } from '../db/change-feed.ts'
import { alerts } from '../db/schema.ts'
import type { ApiBody } from '#shared/api-contract.ts'
import { prepareJson, type PreparedJson } from '../http/prepared-json.ts'
import { alertVersion, type AlertListCache, type ListedAlert } from './alert-list-cache.ts'
import { listSignature, responseKey, type AlertListResponses, type ListedVersion } from './alert-list-responses.ts'
import { recentPricesColumn } from './alert-prices.ts'
import { alertToday, ownedBy, statusIs, type AlertDeps, type AlertOwner } from './alert-scope.ts'
import { alertReadColumns, toAlert } from './to-alert.ts'

const SORT_COLUMNS = {
  created_at: alerts.createdAt,
  target_price: alerts.targetPrice,
  departure_date: alerts.departureDate,
  name: sql`lower(${alerts.name})`,
  lowest_price: alerts.lowestPrice,
} satisfies Record<AlertListQuery['sortBy'], unknown>

/** `q` matches literally: % and _ typed by the user are not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * GET /api/alerts: the owner's alerts, filtered and sorted as the list asks (section 3 "Alert list
 * filters"), ready to send. When none of the listed alerts changed since the owner last asked
 * the same question on the same day and plan, the answer kept then is sent as it is (built,
 * serialised and compressed once; alert-list-responses.ts). With a change feed (the embedded
 * database) "none changed" is known without a query.
 */
export async function listAlertsPrepared(
  deps: AlertDeps & { cache: AlertListCache; responses: AlertListResponses; changes: ChangeFeed | null },
  owner: AlertOwner,
  query: AlertListQuery,
): Promise<PreparedJson> {
  const today = alertToday(deps.now())
  const key = responseKey(owner, query, today)
  const kept = deps.responses.get(key)
  // The embedded database tells us of every change to the owner's alerts (decision 029): while
  // there was none, the kept answer is current without asking.
  if (kept && deps.changes && !deps.changes.changedSince(owner.userId, kept.mark)) return kept.prepared
  const mark = deps.changes?.mark() ?? 0
  const listed = await listedAlerts(deps, owner, query, today)
  const signature = listSignature(listed)
  if (kept?.signature === signature) {
    deps.responses.set(key, { ...kept, mark })
    return kept.prepared
  }
  const prepared = prepareJson({ alerts: await readAlerts(deps, owner, listed, today) } satisfies ApiBody<'GET /api/alerts'>)
  deps.responses.set(key, { signature, prepared, mark })
  return prepared
}

/** Which alerts, in which order, at which row versions (filters and sort in SQL). */
function listedAlerts(deps: AlertDeps, owner: AlertOwner, query: AlertListQuery, today: string) {
  const conditions: (SQL | undefined)[] = [ownedBy(owner.userId)]
  if (query.status !== 'all') conditions.push(statusIs(query.status, today))
  if (query.alertType !== 'all') conditions.push(eq(alerts.alertType, query.alertType))
  if (query.client) conditions.push(query.client === 'none' ? isNull(alerts.clientId) : eq(alerts.clientId, query.client))
  if (query.q) {
    const pattern = likePattern(query.q)
    conditions.push(or(ilike(alerts.name, pattern), ilike(alerts.originAirport, pattern), ilike(alerts.destinationAirport, pattern)))
  }
  const column = SORT_COLUMNS[query.sortBy]
  // Alerts never checked have no lowest price: they sort last either way, not first on desc.
  const order = query.sortOrder === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`
  return deps.db
    .select({ id: alerts.id, version: alertVersion })
    .from(alerts)
    .where(and(...conditions))
    .orderBy(order, desc(alerts.createdAt), asc(alerts.id))
}

/** The listed alerts as the API shows them: kept ones reused at their version, the others read with their sparklines. */
async function readAlerts(deps: AlertDeps & { cache: AlertListCache }, owner: AlertOwner, listed: ListedVersion[], today: string): Promise<Alert[]> {
  const entries = new Map<string, ListedAlert>()
  const stale: string[] = []
  for (const { id, version } of listed) {
    const kept = deps.cache.get(id)
    if (kept?.version === version) entries.set(id, kept)
    else stale.push(id)
  }
  if (stale.length > 0) {
    const rows = await deps.db
      .select({ ...alertReadColumns, version: alertVersion, prices: recentPricesColumn() })
      .from(alerts)
      .where(and(ownedBy(owner.userId), inArray(alerts.id, stale)))
    for (const { version, prices, ...row } of rows) {
      const entry = { version, row, prices }
      entries.set(row.id, entry)
      deps.cache.set(row.id, entry)
    }
  }
  // An alert deleted between the two reads is left out; one changed in between shows as it is now.
  return listed.flatMap(({ id }) => {
    const entry = entries.get(id)
    return entry ? [toAlert(entry.row, entry.prices, { plan: owner.plan, today })] : []
  })
}
