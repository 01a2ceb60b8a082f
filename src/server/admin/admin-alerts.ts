import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { AdminAlertDetail, AdminAlertRow, adminAlertListQuerySchema, PriceCheckOutcome } from '#shared/admin.ts'
import { formatRoute } from '#shared/format.ts'
import { alertNotFound } from '../alerts/alert-errors.ts'
import { alertToday, effectiveStatus, isAlertId } from '../alerts/alert-scope.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, alertPrices, alerts, priceChecks, users } from '../db/schema.ts'
import { escapeLike } from './escape-like.ts'
import { selectNotifications, toNotificationRow } from './list-notifications.ts'

const DETAIL_ROWS = 50

const alertColumns = {
  id: alerts.id,
  name: alerts.name,
  userId: alerts.userId,
  userEmail: users.email,
  origin: alerts.originAirport,
  destination: alerts.destinationAirport,
  searchParameters: alerts.searchParameters,
  departureDate: alerts.departureDate,
  returnDate: alerts.returnDate,
  status: alerts.status,
  statusNote: alerts.statusNote,
  targetPrice: alerts.targetPrice,
  currentPrice: alerts.currentPrice,
  lowestPrice: alerts.lowestPrice,
  currency: alerts.currency,
  checkFrequency: alerts.checkFrequency,
  nextCheckAt: alerts.nextCheckAt,
  lastCheckedAt: alerts.lastCheckedAt,
  createdAt: alerts.createdAt,
}

const selectAlerts = (db: Db) => db.select(alertColumns).from(alerts).innerJoin(users, eq(users.id, alerts.userId))
type AlertRecord = Awaited<ReturnType<typeof selectAlerts>>[number]

function toRow(row: AlertRecord, today: string): AdminAlertRow {
  const { origin, destination, searchParameters, ...rest } = row
  return {
    ...rest,
    route: formatRoute(origin, destination, { multiCity: searchParameters.type === 3 }),
    status: effectiveStatus(row.status, row.departureDate, today),
    nextCheckAt: row.nextCheckAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** GET /api/admin/alerts: every user's alerts, newest first, by name, owner email or airport, and status. */
export async function listAdminAlerts(db: Db, query: z.infer<typeof adminAlertListQuerySchema>, now: Date): Promise<AdminAlertRow[]> {
  const filters: SQL[] = []
  if (query.status) filters.push(eq(alerts.status, query.status))
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`
    const code = query.q.toUpperCase()
    filters.push(or(ilike(alerts.name, pattern), ilike(users.email, pattern), eq(alerts.originAirport, code), eq(alerts.destinationAirport, code))!)
  }
  const rows = await selectAlerts(db)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(alerts.createdAt))
    .limit(query.limit)
  const today = alertToday(now)
  return rows.map((row) => toRow(row, today))
}

export async function getAdminAlertRow(db: Db, id: string, now: Date): Promise<AdminAlertRow> {
  if (!isAlertId(id)) throw alertNotFound()
  const [row] = await selectAlerts(db).where(eq(alerts.id, id))
  if (!row) throw alertNotFound()
  return toRow(row, alertToday(now))
}

/** GET /api/admin/alerts/:id: the alert with its recent checks, recorded prices and notices. */
export async function getAdminAlertDetail(db: Db, id: string, now: Date): Promise<AdminAlertDetail> {
  const alert = await getAdminAlertRow(db, id, now)
  const [checks, prices, notices] = await Promise.all([
    db.select().from(priceChecks).where(eq(priceChecks.alertId, id)).orderBy(desc(priceChecks.checkedAt)).limit(DETAIL_ROWS),
    db
      .select({ price: alertPrices.price, recordedAt: alertPrices.recordedAt })
      .from(alertPrices)
      .where(eq(alertPrices.alertId, id))
      .orderBy(desc(alertPrices.recordedAt))
      .limit(DETAIL_ROWS),
    selectNotifications(db)
      .where(eq(alertNotifications.alertId, id))
      .orderBy(desc(alertNotifications.createdAt))
      .limit(DETAIL_ROWS),
  ])
  return {
    alert,
    checks: checks.map((c) => ({
      id: c.id,
      dueAt: c.dueAt?.toISOString() ?? null,
      checkedAt: c.checkedAt.toISOString(),
      outcome: c.outcome as PriceCheckOutcome,
      price: c.price,
      cached: c.cached,
      notified: c.notified,
      detail: c.detail,
    })),
    // Oldest first, as a chart reads them.
    prices: prices.reverse().map((p) => ({ price: p.price, recordedAt: p.recordedAt.toISOString() })),
    notices: notices.map(toNotificationRow),
  }
}

