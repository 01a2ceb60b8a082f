import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Alert, AlertListQuery } from '#shared/alerts/alert.ts'
import { alerts } from '../db/schema.ts'
import { recentPrices } from './alert-prices.ts'
import { alertToday, ownedBy, statusIs, type AlertDeps, type AlertOwner } from './alert-scope.ts'
import { toAlert } from './to-alert.ts'

const SORT_COLUMNS = {
  created_at: alerts.createdAt,
  target_price: alerts.targetPrice,
  departure_date: alerts.departureDate,
  name: sql`lower(${alerts.name})`,
  lowest_price: alerts.lowestPrice,
} satisfies Record<AlertListQuery['sortBy'], unknown>

/** `q` matches literally: % and _ typed by the user are not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** GET /api/alerts: the owner's alerts, filtered and sorted as the list asks (section 3 "Alert list filters"). */
export async function listAlerts(deps: AlertDeps, owner: AlertOwner, query: AlertListQuery): Promise<Alert[]> {
  const today = alertToday(deps.now())
  const conditions: (SQL | undefined)[] = [ownedBy(owner.userId)]
  if (query.status !== 'all') conditions.push(statusIs(query.status, today))
  if (query.alertType !== 'all') conditions.push(eq(alerts.alertType, query.alertType))
  if (query.q) {
    const pattern = likePattern(query.q)
    conditions.push(or(ilike(alerts.name, pattern), ilike(alerts.originAirport, pattern), ilike(alerts.destinationAirport, pattern)))
  }
  const column = SORT_COLUMNS[query.sortBy]
  // Alerts never checked have no lowest price: they sort last either way, not first on desc.
  const order = query.sortOrder === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`
  const rows = await deps.db
    .select()
    .from(alerts)
    .where(and(...conditions))
    .orderBy(order, desc(alerts.createdAt), asc(alerts.id))

  const prices = await recentPrices(deps.db, rows.map((row) => row.id))
  return rows.map((row) => toAlert(row, prices.get(row.id) ?? [], { plan: owner.plan, today }))
}
